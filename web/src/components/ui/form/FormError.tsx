import { useEffect } from 'react';
import { Alert, Box } from '@mui/material';
import { MESSAGE_DISMISS_MS } from '@planted/domain';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { serverText } from '../../../lib/validation-text';

/**
 * The server's `error` text (or the screen's fallback) after a failed submit, and the answer's
 * details[] as a list when the form lists them; closable, and gone by itself after 5 seconds
 * (spec §4, §9: messages auto-dismiss), as the toasts are. The fields keep what was typed.
 */
export function FormError({ testId }: { testId?: string }) {
  const { control, clearErrors } = useFormContext();
  const { errors } = useFormState({ control, name: 'root' });
  const { i18n } = useTranslation();
  const sent = errors.root?.server?.message;
  const message = sent ? serverText(i18n, sent) : sent;
  // Each detail once, and not the headline again (a lone field's error is often both).
  const details = [
    ...new Set(errors.root?.details?.message?.split('\n').map((text) => serverText(i18n, text)) ?? []),
  ].filter((detail) => detail !== message);
  const shown = [message ?? '', ...details].join('\n');
  useEffect(() => {
    if (!shown.trim()) return;
    const timer = setTimeout(() => clearErrors('root'), MESSAGE_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [shown, clearErrors]);
  if (!message && details.length === 0) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      onClose={() => clearErrors('root')}
      data-testid={testId}
      sx={{ my: 2 }}
    >
      {message}
      {details.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {details.map((detail, index) => (
            <li key={index}>{detail}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}
