import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import { useChangePassword } from '../api/change-password';
import { changePasswordFormSchema } from '../schemas';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = [
  { name: 'currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
] as const;

export function ChangePasswordForm() {
  const { t } = useTranslation(['profile', 'common']);
  const change = useChangePassword();
  const form = useZodForm(changePasswordFormSchema, { defaultValues: EMPTY });
  const toast = useToast();

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('password.title')}
        </Typography>
        <Form
          form={form}
          aria-label={t('password.title')}
          errorFallback={t('password.failed')}
          onSubmit={async ({ currentPassword, newPassword }) => {
            await change.mutateAsync({ currentPassword, newPassword });
            form.reset(EMPTY);
            toast.success(t('password.changed'));
          }}
        >
          <FormError testId="password-error" />
          {FIELDS.map(({ name, autoComplete }) => (
            <FormTextField
              key={name}
              id={`password-${name}`}
              name={name}
              type="password"
              label={t(`password.${name}`)}
              autoComplete={autoComplete}
              testId={`password-${name}`}
            />
          ))}
          <SubmitButton sx={{ mt: 1 }} testId="password-save" pendingLabel={t('common:saving')}>
            {t('password.submit')}
          </SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}
