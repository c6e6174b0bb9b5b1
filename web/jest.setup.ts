import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { takeMissingTranslationKeys } from './src/test/missing-keys';

// Screens load their code lazily and answer through mocked fetches: on a busy 2-core machine
// (CI runs other projects beside the web tests) that can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Any translation key a screen uses but the locale files lack fails the test that rendered it.
afterEach(() => {
  expect(takeMissingTranslationKeys()).toEqual([]);
});

// jsdom has no matchMedia; answer like a desktop browser (min-width queries match) so the
// permanent sidebar renders. Tests of the phone layout override this.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: /min-width/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
