import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FlashMessage, useFlash } from '../../../components/ui/FlashMessage';
import { errorMessage } from '../../../lib/api-client';
import type { Role } from '../../../lib/types';
import { useCreateInvitation } from '../api/create-invitation';
import { DEFAULT_INVITE_ROLE, INVITE_ROLES, validateInvite } from '../validation';

export function InviteUserForm() {
  const { t } = useTranslation(['users', 'common']);
  const invite = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>(DEFAULT_INVITE_ROLE);
  const [emailError, setEmailError] = useState<string | undefined>();
  const { flash, show, clear } = useFlash();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const found = validateInvite({ email });
    setEmailError(found.email ? t(`common:validation.${found.email}`) : undefined);
    if (found.email) return;
    invite.mutate(
      { email: email.trim(), name: name.trim(), role },
      {
        onSuccess: ({ invitation }) => {
          show('success', t('invite.sent', { email: invitation?.email ?? email.trim() }));
          setEmail('');
          setName('');
          setRole(DEFAULT_INVITE_ROLE);
        },
        onError: (error) => show('error', errorMessage(error, t('invite.failed'))),
      },
    );
  };

  return (
    <Card variant="outlined" data-testid="invite-user">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('invite.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('invite.subtitle')}
        </Typography>
        <FlashMessage flash={flash} onClose={clear} testId="invite-message" />
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('invite.title')}>
          <TextField
            id="invite-user-email"
            type="email"
            label={t('invite.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(emailError)}
            helperText={emailError}
            slotProps={{ htmlInput: { 'data-testid': 'invite-user-email' } }}
          />
          <TextField
            id="invite-user-name"
            label={t('invite.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'invite-user-name' } }}
          />
          <TextField
            id="invite-user-role"
            select
            label={t('invite.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'invite-user-role' } as object } }}
          >
            {INVITE_ROLES.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`common:roles.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            type="submit"
            variant="contained"
            disabled={invite.isPending}
            sx={{ mt: 1 }}
            data-testid="invite-user-submit"
          >
            {invite.isPending ? t('invite.sending') : t('invite.submit')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
