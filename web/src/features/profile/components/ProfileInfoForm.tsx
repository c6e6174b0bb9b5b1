import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FlashMessage, useFlash } from '../../../components/ui/FlashMessage';
import { errorMessage } from '../../../lib/api-client';
import { hasErrors } from '../../../lib/rules';
import { sessionStore } from '../../../lib/session-store';
import type { User } from '../../../lib/types';
import { useUpdateProfile } from '../api/update-profile';
import { validateProfile, type ProfileField } from '../validation';

export function ProfileInfoForm({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateProfile();
  const [name, setName] = useState(user.name ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const { flash, show, clear } = useFlash();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const found = validateProfile({ name, email });
    setErrors(
      Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`common:validation.${key}`)])),
    );
    if (hasErrors(found)) return;
    update.mutate(
      { name: name.trim(), email: email.trim() },
      {
        onSuccess: ({ user: updated }) => {
          const current = sessionStore.getState().user;
          sessionStore.update({
            user: updated ?? (current ? { ...current, name: name.trim(), email: email.trim() } : null),
          });
          show('success', t('info.updated'));
        },
        onError: (error) => show('error', errorMessage(error, t('info.failed'))),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('info.title')}
        </Typography>
        <FlashMessage flash={flash} onClose={clear} testId="profile-info-message" />
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('info.title')}>
          <TextField
            id="profile-name"
            label={t('info.fullName')}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(errors.name)}
            helperText={errors.name}
            slotProps={{ htmlInput: { 'data-testid': 'profile-name' } }}
          />
          <TextField
            id="profile-email"
            type="email"
            label={t('info.email')}
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(errors.email)}
            helperText={errors.email}
            slotProps={{ htmlInput: { 'data-testid': 'profile-email' } }}
          />
          <TextField
            id="profile-role"
            label={t('info.role')}
            value={t(`common:roles.${user.role}`)}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'profile-role' } }}
            helperText={t('info.roleHelp')}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending}
            sx={{ mt: 1 }}
            data-testid="profile-save"
          >
            {update.isPending ? t('common:saving') : t('info.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
