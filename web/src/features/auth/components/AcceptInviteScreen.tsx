import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/ui/TextLink';
import { ApiError } from '../../../lib/api-client';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useValidateInvitation, type InvitationDetails } from '../api/validate-invitation';
import { acceptInviteFormSchema } from '../schemas';
import { TextInput } from '../../../components/ui/TextInput';
import { AuthShell } from './AuthShell';
import type { InvitationAcceptedState } from './LoginScreen';

export function AcceptInviteScreen() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const invitation = useValidateInvitation(token);

  if (!token)
    return <InvitationProblem message={t('acceptInvite.invalidLink')} help={t('acceptInvite.problemHelp')} />;
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
    const taken = invitation.error instanceof ApiError && invitation.error.status === 409;
    return (
      <InvitationProblem
        message={t(taken ? 'acceptInvite.emailTaken' : 'acceptInvite.invalidOrExpired')}
        help={taken ? null : t('acceptInvite.problemHelp')}
      />
    );
  }
  return <AcceptInvitationForm token={token} invitation={invitation.data.invitation} />;
}

function InvitationProblem({ message, help }: { message: string; help: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <AuthShell title={t('acceptInvite.problemTitle')}>
      <Alert severity="error" role="alert" data-testid="invite-error">
        {message}
      </Alert>
      {help && <Typography sx={{ mt: 2 }}>{help}</Typography>}
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
  const form = useZodForm(acceptInviteFormSchema, {
    defaultValues: { name: invitation.name ?? '', password: '', confirmPassword: '' },
  });
  const failed = Boolean(useFormState({ control: form.control, name: 'root' }).errors.root);

  return (
    <AuthShell
      title={failed ? t('acceptInvite.problemTitle') : t('acceptInvite.title')}
      subtitle={
        invitation.customer_name
          ? t('acceptInvite.subtitleCompany', { company: invitation.customer_name })
          : t('acceptInvite.subtitle')
      }
    >
      <Form
        form={form}
        aria-label={t('acceptInvite.title')}
        errorFallback={t('acceptInvite.acceptFailed')}
        onSubmit={async ({ name, password }) => {
          await accept.mutateAsync({ token, name, password });
          const handover: InvitationAcceptedState = {
            flash: 'invitationAccepted',
            email: invitation.email,
            company: invitation.customer_name,
          };
          void navigate('/login', { replace: true, state: handover });
        }}
      >
        <FormError testId="invite-error" />
        <TextInput
          id="invite-email"
          label={t('fields.email')}
          value={invitation.email}
          readOnly
          testId="invite-email"
          hint={t('acceptInvite.emailHelp')}
        />
        <FormTextField
          id="invite-name"
          name="name"
          label={t('fields.fullName')}
          autoComplete="name"
          testId="invite-name"
        />
        <FormTextField
          id="invite-password"
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="new-password"
          testId="invite-password"
        />
        <FormTextField
          id="invite-confirm-password"
          name="confirmPassword"
          type="password"
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          testId="invite-confirm-password"
        />
        <SubmitButton
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          testId="invite-submit"
          pendingLabel={t('acceptInvite.submitting')}
        >
          {t('acceptInvite.submit')}
        </SubmitButton>
      </Form>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <TextLink to="/login">{t('acceptInvite.goToLogin')}</TextLink>
      </Typography>
    </AuthShell>
  );
}
