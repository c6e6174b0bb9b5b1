import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setDocumentLanguage } from './i18n';
import { storeLanguage } from './language';
import { updateLanguagePreference, userChanged } from './session-api';
import { sessionStore } from './session-store';
import type { Language } from './types';

/**
 * Spec §1: changing the language stores it locally and, for a signed-in user, on the server.
 * The returned promise rejects when the server refused, so the caller can say so.
 */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    async (language: Language) => {
      storeLanguage(language);
      setDocumentLanguage(language);
      await i18n.changeLanguage(language);
      if (sessionStore.getState().token) {
        const { user } = await updateLanguagePreference(language);
        await userChanged(queryClient, user);
      }
    },
    [i18n, queryClient],
  );
}
