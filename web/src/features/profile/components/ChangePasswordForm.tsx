import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FlashMessage, useFlash } from '../../../components/ui/FlashMessage';
import { errorMessage } from '../../../lib/api-client';
import { hasErrors } from '../../../lib/rules';
import { useChangePassword } from '../api/change-password';
import { validatePasswordChange, type PasswordField } from '../validation';

const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: { name: PasswordField; autoComplete: string }[] = [
  { name: 'currentPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password' },
  { name: 'confirmPassword', autoComplete: 'new-password' },
];

export function ChangePasswordForm() {
  const { t } = useTranslation(['profile', 'common']);
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const { flash, show, clear } = useFlash();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const found = validatePasswordChange(values);
    setErrors(
      Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`common:validation.${key}`)])),
    );
    if (hasErrors(found)) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          show('success', t('password.changed'));
        },
        onError: (error) => show('error', errorMessage(error, t('password.failed'))),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('password.title')}
        </Typography>
        <FlashMessage flash={flash} onClose={clear} testId="password-message" />
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('password.title')}>
          {FIELDS.map(({ name, autoComplete }) => (
            <TextField
              key={name}
              id={`password-${name}`}
              type="password"
              label={t(`password.${name}`)}
              autoComplete={autoComplete}
              value={values[name]}
              onChange={(event) => {
                const value = event.target.value;
                setValues((current) => ({ ...current, [name]: value }));
              }}
              error={Boolean(errors[name])}
              helperText={errors[name]}
              slotProps={{ htmlInput: { 'data-testid': `password-${name}` } }}
            />
          ))}
          <Button
            type="submit"
            variant="contained"
            disabled={change.isPending}
            sx={{ mt: 1 }}
            data-testid="password-save"
          >
            {change.isPending ? t('common:saving') : t('password.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
