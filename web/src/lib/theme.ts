import { createTheme, type Theme } from '@mui/material/styles';

export type ThemeName = 'business' | 'corporate';

/** Spec §1: dark mode on selects the theme 'business', otherwise 'corporate'. */
export function themeNameFor(darkMode: boolean): ThemeName {
  return darkMode ? 'business' : 'corporate';
}

// Palettes are chosen so that every main colour reaches WCAG AA (4.5:1) both as text on the
// page/paper background and against its own contrastText (checked in theme.spec.ts).
export const PALETTES = {
  corporate: {
    mode: 'light',
    primary: { main: '#1d4e89', contrastText: '#ffffff' },
    secondary: { main: '#0f6b5c', contrastText: '#ffffff' },
    success: { main: '#1b6e3a', contrastText: '#ffffff' },
    warning: { main: '#8a4b00', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    info: { main: '#0b5c8a', contrastText: '#ffffff' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
    text: { primary: '#1b2330', secondary: '#4a5568' },
    divider: '#d5dbe3',
  },
  business: {
    mode: 'dark',
    primary: { main: '#8ab4f8', contrastText: '#0b1a2e' },
    secondary: { main: '#6fd3c0', contrastText: '#062a24' },
    success: { main: '#7bd88f', contrastText: '#0b2913' },
    warning: { main: '#f2c14e', contrastText: '#2b1d00' },
    error: { main: '#ff8a80', contrastText: '#2d0705' },
    info: { main: '#7cc7f2', contrastText: '#05263a' },
    background: { default: '#1d232a', paper: '#252d36' },
    text: { primary: '#eef1f5', secondary: '#b8c2cf' },
    divider: '#3a4552',
  },
} as const;

/**
 * Texts MUI draws itself, in the user's language: the close button of every message, and the
 * buttons and states of every picker (its arrow's 'Open' is read out and shown as a tooltip).
 */
export interface ThemeTexts {
  close: string;
  picker: { open: string; close: string; clear: string; loading: string; noOptions: string };
}

const ENGLISH_TEXTS: ThemeTexts = {
  close: 'Close',
  picker: { open: 'Open', close: 'Close', clear: 'Clear', loading: 'Loading…', noOptions: 'No options' },
};

export function createAppTheme(name: ThemeName, texts: ThemeTexts = ENGLISH_TEXTS): Theme {
  // A keyboard user sees where the focus is: a ring of its own, never to be taken for the grey
  // of a selected or hovered item (WCAG 2.4.7).
  const focusRing = (outlineOffset: number) => ({
    outline: `2px solid ${PALETTES[name].primary.main}`,
    outlineOffset,
  });
  return createTheme({
    palette: { ...PALETTES[name], contrastThreshold: 4.5 },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // The help button stays at the foot of the window (HelpPanel): a control the keyboard
      // reaches there is scrolled up clear of it, not left behind it (WCAG 2.4.11).
      // Below md the app bar is fixed at the top (AppLayout): a control reached with the
      // keyboard, backwards too, is scrolled clear of it, not left under it (AT-1).
      MuiCssBaseline: {
        styleOverrides: {
          html: { scrollPaddingBottom: 96, '@media (max-width: 899.95px)': { scrollPaddingTop: 72 } },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(2) } } },
      // Inside the item, where a drawer's edge would cut an outer ring.
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(-3) } } },
      MuiLink: {
        defaultProps: { underline: 'hover' },
        styleOverrides: { root: { '&:focus-visible': { ...focusRing(2), borderRadius: 2 } } },
      },
      MuiAlert: { defaultProps: { closeText: texts.close } },
      MuiAutocomplete: {
        defaultProps: {
          openText: texts.picker.open,
          closeText: texts.picker.close,
          clearText: texts.picker.clear,
          loadingText: texts.picker.loading,
          noOptionsText: texts.picker.noOptions,
        },
      },
    },
  });
}
