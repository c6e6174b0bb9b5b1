import { Alert, Box } from '@mui/material';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationKey } from '../../../lib/validation-text';

/** A server text the shared tables word, in the user's language; any other as the server sent it. */
export function useServerText(): (text: string) => string {
  const { t, i18n } = useTranslation();
  return (text) => {
    const key = validationKey(text);
    return key && i18n.exists(key) ? t(key) : text;
  };
}

/**
 * The server's `error` text (or the screen's fallback) after a failed submit, and the answer's
 * details[] as a list when the form lists them; closable.
 */
export function FormError({ testId }: { testId?: string }) {
  const { control, clearErrors } = useFormContext();
  const { errors } = useFormState({ control, name: 'root' });
  const serverText = useServerText();
  const sent = errors.root?.server?.message;
  const message = sent ? serverText(sent) : sent;
  const details = errors.root?.details?.message?.split('\n').map(serverText) ?? [];
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
