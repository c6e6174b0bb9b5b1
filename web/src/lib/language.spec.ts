import { resolveLanguage } from './language';

describe('language order (spec §1)', () => {
  it("uses the user's language_preference first", () => {
    expect(resolveLanguage({ userPreference: 'es', stored: 'en', browserLanguages: ['en-GB'] })).toBe('es');
  });

  it('then the locally stored choice', () => {
    expect(resolveLanguage({ userPreference: null, stored: 'es', browserLanguages: ['en-GB'] })).toBe('es');
    expect(resolveLanguage({ userPreference: 'fr', stored: 'en', browserLanguages: ['es-ES'] })).toBe('en');
  });

  it('then the browser language when it is English or Spanish', () => {
    expect(resolveLanguage({ browserLanguages: ['es-MX', 'en'] })).toBe('es');
    expect(resolveLanguage({ stored: 'de', browserLanguages: ['fr-FR', 'en-GB'] })).toBe('en');
    expect(resolveLanguage({ browserLanguages: ['EN-us'] })).toBe('en');
  });

  it('otherwise English', () => {
    expect(resolveLanguage({ browserLanguages: ['fr-FR', 'de'] })).toBe('en');
    expect(resolveLanguage({})).toBe('en');
  });
});
