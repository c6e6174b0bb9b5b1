import { fallbackDescription } from './fallback-description';

describe('the fallback description (spec §7 generate-description: "on error a fallback description")', () => {
  it('composes name, category, power and unit into one sentence', () => {
    expect(
      fallbackDescription({
        name: 'Hilti TE 70',
        category: 'Breaking & Drilling',
        unit_of_measure: 'per_day',
        power: '110V',
      }),
    ).toBe('Hilti TE 70 — Breaking & Drilling equipment, 110V powered, hired per day.');
  });

  it.each([
    ['each', 'Manual', 'Spade — Building & Sitework equipment, manually operated, priced per item.'],
    ['per_week', 'Diesel', 'Spade — Building & Sitework equipment, diesel powered, hired per week.'],
    [
      'Per Tonne',
      'Hydraulic',
      'Spade — Building & Sitework equipment, hydraulically powered, hired per tonne.',
    ],
    ['tonne', 'Battery', 'Spade — Building & Sitework equipment, battery powered, charged by the tonne.'],
  ])('words the unit %s and the power %s', (unit, power, text) => {
    expect(
      fallbackDescription({ name: ' Spade ', category: 'Building & Sitework', unit_of_measure: unit, power }),
    ).toBe(text);
  });
});
