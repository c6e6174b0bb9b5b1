import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme, PALETTES, themeNameFor } from './theme';

describe('themes (spec §1 dark mode)', () => {
  it("selects 'business' when dark mode is on and 'corporate' otherwise", () => {
    expect(themeNameFor(true)).toBe('business');
    expect(themeNameFor(false)).toBe('corporate');
    expect(createAppTheme('business').palette.mode).toBe('dark');
    expect(createAppTheme('corporate').palette.mode).toBe('light');
  });

  describe.each(Object.keys(PALETTES) as (keyof typeof PALETTES)[])('%s reaches WCAG AA contrast', (name) => {
    const palette = PALETTES[name];
    const backgrounds = [palette.background.default, palette.background.paper];

    it('for body and secondary text', () => {
      for (const background of backgrounds) {
        expect(getContrastRatio(palette.text.primary, background)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(palette.text.secondary, background)).toBeGreaterThanOrEqual(4.5);
      }
    });

    it.each(['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const)(
      '%s as text on the page and under its own contrast text',
      (colour) => {
        const { main, contrastText } = palette[colour];
        for (const background of backgrounds)
          expect(getContrastRatio(main, background)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(main, contrastText)).toBeGreaterThanOrEqual(4.5);
      },
    );
  });
});
