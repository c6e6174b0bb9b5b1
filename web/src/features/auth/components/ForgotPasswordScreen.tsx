import { Alert, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/ui/TextLink';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useRequestPasswordReset } from '../api/forgot-password';
import { forgotPasswordFormSchema } from '../schemas';
import { AuthShell } from './AuthShell';

/** /forgot-password: asks for the email; the confirmation never says whether it has an account. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordFormSchema, { defaultValues: { email: '' } });
  const focusOnMount = useCallback((element: HTMLDivElement | null) => element?.focus(), []);

  return (
    <AuthShell title={t('forgot.title')} subtitle={sentTo ? undefined : t('forgot.subtitle')}>
      {sentTo ? (
        // The form and its button are gone: the focus goes to what replaced them, not the page's top.
        <Alert
          severity="success"
          role="status"
          tabIndex={-1}
          ref={focusOnMount}
          sx={{ outline: 'none' }}
          data-testid="forgot-sent"
        >
          {t('forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <Form
          form={form}
          aria-label={t('forgot.title')}
          errorFallback={t('forgot.failed')}
          onSubmit={async (values) => {
            await request.mutateAsync(values);
            setSentTo(values.email);
          }}
        >
          <FormError testId="forgot-error" />
          <FormTextField
            id="forgot-email"
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="email"
            testId="forgot-email"
          />
          <SubmitButton
            size="large"
            fullWidth
            sx={{ mt: 2 }}
            testId="forgot-submit"
            pendingLabel={t('forgot.submitting')}
          >
            {t('forgot.submit')}
          </SubmitButton>
        </Form>
      )}
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <TextLink to="/login" data-testid="back-to-login">
          {t('forgot.backToLogin')}
        </TextLink>
      </Typography>
    </AuthShell>
  );
}
