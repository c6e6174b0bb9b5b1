import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from './api-client';
import { serverText } from './validation-text';

/**
 * Spec §8: the answer's `error` text, else the screen's fallback; a server text that the
 * shared tables word (e.g. 'Read-only (created by another customer)') is shown translated.
 */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (error: unknown, fallback: string) => serverText(i18n, errorMessage(error, fallback)),
    [i18n],
  );
}

/**
 * For a form's submit: the same failure with its `error` text in the user's language when the
 * shared tables word it, so the form kit shows it translated (details[] stay as sent).
 */
export function useTranslateApiError(): (error: unknown) => unknown {
  const { i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || !error.serverMessage) return error;
      const text = serverText(i18n, error.serverMessage);
      return text === error.serverMessage
        ? error
        : new ApiError(error.status, text, error.details, error.code);
    },
    [i18n],
  );
}
