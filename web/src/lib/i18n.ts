import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from './language';
import type { Language } from './types';

export const NAMESPACES = [
  'common',
  'auth',
  'marketing',
  'layout',
  'help',
  'dashboard',
  'profile',
  'users',
  'forms',
  'integrations',
  'placeholder',
  'equipment',
  'suppliers',
  'sites',
  'hires',
  'maps',
  'subscription',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

// Each namespace of each language is its own small chunk, fetched when a screen first needs it,
// so the sign-in page does not download every screen's texts.
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    import(`../locales/${language}/${namespace}.json`)
      .then((module: { default: Record<string, unknown> }) => callback(null, module.default))
      .catch((error: Error) => callback(error, false));
  },
};

export async function initI18n(language: Language, instance: I18n = i18next): Promise<I18n> {
  if (!instance.isInitialized) {
    await instance
      .use(lazyLocales)
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...SUPPORTED_LANGUAGES],
        ns: ['common'],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: true },
      });
  } else if (instance.language !== language) {
    await instance.changeLanguage(language);
  }
  setDocumentLanguage(language);
  return instance;
}

export function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18next as i18n };
