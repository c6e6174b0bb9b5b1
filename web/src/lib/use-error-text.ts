import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from './api-client';
import { validationKey } from './validation-text';

/**
 * Spec §8: the answer's `error` text, else the screen's fallback; a server text that the
 * shared tables word (e.g. 'Read-only (created by another customer)') is shown translated.
 */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallback: string) => {
      const text = errorMessage(error, fallback);
      const key = validationKey(text);
      return key && i18n.exists(key) ? t(key) : text;
    },
    [t, i18n],
  );
}

/**
 * For a form's submit: the same failure with its `error` text in the user's language when the
 * shared tables word it, so the form kit shows it translated (details[] stay as sent).
 */
export function useTranslateApiError(): (error: unknown) => unknown {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || !error.serverMessage) return error;
      const key = validationKey(error.serverMessage);
      if (!key || !i18n.exists(key)) return error;
      return new ApiError(error.status, t(key), error.details, error.code);
    },
    [t, i18n],
  );
}
