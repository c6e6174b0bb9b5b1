import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { setDocumentLanguage } from './i18n';
import { storeLanguage } from './language';
import { updateLanguagePreference } from './session-api';
import { sessionStore } from './session-store';
import type { Language } from './types';

/**
 * Spec §1: changing the language stores it locally and, for a signed-in user, on the server.
 * The returned promise rejects when the server refused, so the caller can say so.
 */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  const { i18n } = useTranslation();
  return useCallback(
    async (language: Language) => {
      storeLanguage(language);
      setDocumentLanguage(language);
      await i18n.changeLanguage(language);
      if (sessionStore.getState().token) {
        const { user } = await updateLanguagePreference(language);
        if (user) sessionStore.update({ user });
      }
    },
    [i18n],
  );
}
