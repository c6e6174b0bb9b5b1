import { DEFAULT_LANGUAGE, LANGUAGES } from '@planted/domain';
import type { Language } from './types';
import { readItem, writeItem } from './storage';

export { DEFAULT_LANGUAGE };
export const LANGUAGE_STORAGE_KEY = 'language';
export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export interface LanguageSources {
  userPreference?: string | null;
  stored?: string | null;
  browserLanguages?: readonly string[];
}

/**
 * Spec §1: the user's language_preference, then the locally stored choice, then the browser
 * language if it is English or Spanish, otherwise English.
 */
export function resolveLanguage({
  userPreference,
  stored,
  browserLanguages = [],
}: LanguageSources): Language {
  if (isLanguage(userPreference)) return userPreference;
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

export function readStoredLanguage(): string | null {
  return readItem(LANGUAGE_STORAGE_KEY);
}

export function storeLanguage(language: Language): void {
  writeItem(LANGUAGE_STORAGE_KEY, language);
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}
