import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { hasErrors } from '../../../lib/rules';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useValidateInvitation, type InvitationDetails } from '../api/validate-invitation';
import { validateInviteAcceptance, type InviteAcceptField } from '../validation';
import { TextInput } from '../../../components/ui/TextInput';
import { AuthShell } from './AuthShell';

export function AcceptInviteScreen() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invitation = useValidateInvitation(token);

  if (!token) return <InvitationProblem message={t('acceptInvite.invalidLink')} />;
  if (invitation.isPending) {
    return (
      <AuthShell title={t('acceptInvite.title')}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('acceptInvite.checking')}</Typography>
        </Box>
      </AuthShell>
    );
  }
  if (invitation.isError || !invitation.data?.invitation) {
    return <InvitationProblem message={t('acceptInvite.invalidOrExpired')} />;
  }
  return <AcceptInvitationForm token={token} invitation={invitation.data.invitation} />;
}

function InvitationProblem({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthShell title={t('acceptInvite.problemTitle')}>
      <Alert severity="error" role="alert" data-testid="invite-error">
        {message}
      </Alert>
      <Typography sx={{ mt: 2 }}>{t('acceptInvite.problemHelp')}</Typography>
      <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 2 }}>
        {t('acceptInvite.goToLogin')}
      </Button>
    </AuthShell>
  );
}

function AcceptInvitationForm({ token, invitation }: { token: string; invitation: InvitationDetails }) {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [name, setName] = useState(invitation.name ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<InviteAcceptField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateInviteAcceptance({ name, password, confirmPassword });
    setErrors(
      Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`common:validation.${key}`)])),
    );
    if (hasErrors(found)) return;
    accept.mutate(
      { token, name: name.trim(), password },
      {
        onSuccess: () => void navigate('/login', { replace: true, state: { flash: 'invitationAccepted' } }),
        onError: (error) => setFailure(errorMessage(error, t('acceptInvite.acceptFailed'))),
      },
    );
  };

  return (
    <AuthShell
      title={failure ? t('acceptInvite.problemTitle') : t('acceptInvite.title')}
      subtitle={
        invitation.customer_name
          ? t('acceptInvite.subtitleCompany', { company: invitation.customer_name })
          : t('acceptInvite.subtitle')
      }
    >
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="invite-error">
          {failure}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('acceptInvite.title')}>
        <TextInput
          id="invite-email"
          label={t('fields.email')}
          value={invitation.email}
          readOnly
          testId="invite-email"
          hint={t('acceptInvite.emailHelp')}
        />
        <TextInput
          id="invite-name"
          name="name"
          label={t('fields.fullName')}
          autoComplete="name"
          value={name}
          onChange={setName}
          error={errors.name}
          testId="invite-name"
        />
        <TextInput
          id="invite-password"
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          testId="invite-password"
        />
        <TextInput
          id="invite-confirm-password"
          name="confirmPassword"
          type="password"
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
          error={errors.confirmPassword}
          testId="invite-confirm-password"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={accept.isPending}
          sx={{ mt: 2 }}
          data-testid="invite-submit"
        >
          {accept.isPending ? t('acceptInvite.submitting') : t('acceptInvite.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {t('acceptInvite.goToLogin')}
        </Link>
      </Typography>
    </AuthShell>
  );
}
