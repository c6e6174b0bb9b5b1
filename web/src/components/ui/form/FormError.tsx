import { Alert } from '@mui/material';
import { useFormContext, useFormState } from 'react-hook-form';

/** The server's `error` text (or the screen's fallback) after a failed submit; closable. */
export function FormError({ testId }: { testId?: string }) {
  const { control, clearErrors } = useFormContext();
  const { errors } = useFormState({ control, name: 'root' });
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      onClose={() => clearErrors('root')}
      data-testid={testId}
      sx={{ my: 2 }}
    >
      {message}
    </Alert>
  );
}
