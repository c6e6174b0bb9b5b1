import { Alert, Button, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/ui/TextLink';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useQueryParamsOnce } from '../../../lib/use-query-params-once';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordFormSchema } from '../schemas';
import { AuthShell } from './AuthShell';

/** What the reset screen hands the login screen: a message to show. */
export interface PasswordResetState {
  flash: 'passwordReset';
}

/**
 * /reset-password?token=…: the token is read once and taken out of the address bar (so it
 * is not left in history or shared by a copied URL); a new password and its confirmation.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const { token } = useQueryParamsOnce(['token']);
  if (!token) {
    return (
      <AuthShell title={t('reset.problemTitle')}>
        <Alert severity="error" role="alert" data-testid="reset-error">
          {t('reset.invalidLink')}
        </Alert>
        <Button component={RouterLink} to="/forgot-password" variant="contained" sx={{ mt: 2 }}>
          {t('reset.requestNew')}
        </Button>
      </AuthShell>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useZodForm(resetPasswordFormSchema, { defaultValues: { password: '', confirmPassword: '' } });

  return (
    <AuthShell title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Form
        form={form}
        aria-label={t('reset.title')}
        errorFallback={t('reset.failed')}
        onSubmit={async ({ password }) => {
          await reset.mutateAsync({ token, password });
          const handover: PasswordResetState = { flash: 'passwordReset' };
          void navigate('/login', { replace: true, state: handover });
        }}
      >
        <FormError testId="reset-error" />
        <FormTextField
          id="reset-password"
          name="password"
          type="password"
          label={t('reset.newPassword')}
          autoComplete="new-password"
          testId="reset-password"
        />
        <FormTextField
          id="reset-confirm-password"
          name="confirmPassword"
          type="password"
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          testId="reset-confirm-password"
        />
        <SubmitButton
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          testId="reset-submit"
          pendingLabel={t('reset.submitting')}
        >
          {t('reset.submit')}
        </SubmitButton>
      </Form>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <TextLink to="/forgot-password">{t('reset.requestNew')}</TextLink>
      </Typography>
    </AuthShell>
  );
}
