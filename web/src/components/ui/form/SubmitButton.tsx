import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { useFormContext, useFormState } from 'react-hook-form';

/** The form's submit button, disabled while the submit runs, with its own busy label. */
export function SubmitButton({
  children,
  pendingLabel,
  testId,
  disabled,
  ...props
}: Omit<ButtonProps, 'type'> & { pendingLabel?: ReactNode; testId?: string }) {
  const { control } = useFormContext();
  const { isSubmitting } = useFormState({ control });
  return (
    <Button
      type="submit"
      variant="contained"
      data-testid={testId}
      {...props}
      disabled={isSubmitting || disabled}
    >
      {isSubmitting && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
