import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/ui/TextLink';
import { FlashMessage, useFlash } from '../../../components/ui/FlashMessage';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { CheckboxInput } from '../../../components/ui/TextInput';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useLazyZodForm } from '../../../components/ui/form/use-lazy-zod-form';
import { useHandedOverFlash } from '../../../lib/use-handed-over-flash';
import { sessionStore } from '../../../lib/session-store';
import { returnTarget } from '../../../lib/navigation';
import { useLogin } from '../api/login';
import { AuthShell, OrDivider } from './AuthShell';
import { SocialButtons } from './SocialButtons';

// zod and the contracts load on the first submit, keeping /login within its JavaScript budget.
const loadLoginSchema = () => import('../schemas').then((module) => module.loginFormSchema);

const QUERY_ERRORS = [
  'no_token',
  'invalid_token',
  'oauth_failed',
  'provider_unavailable',
  'email_unverified',
  'unrequested',
];

/** What the invitation screen hands over: the new member's address and company. */
export interface InvitationAcceptedState {
  flash: 'invitationAccepted';
  email: string;
  company: string | null;
}

// The reset screen hands over { flash: 'passwordReset' } (ResetPasswordScreen's PasswordResetState).
interface LoginLocationState {
  from?: string;
  flash?: string;
  email?: string;
  company?: string | null;
}

export function LoginScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as LoginLocationState;
  const newMember = state.flash === 'invitationAccepted';
  const passwordReset = state.flash === 'passwordReset';
  const sessionEnded = state.flash === 'sessionEnded';
  const login = useLogin();
  const [remember, setRemember] = useState(false);
  const form = useLazyZodForm(loadLoginSchema, {
    defaultValues: { email: newMember && state.email ? state.email : '', password: '' },
  });

  const queryError = searchParams.get('error');
  const { flash: notice } = useFlash(
    newMember
      ? { severity: 'success', text: t('acceptInvite.accepted') }
      : passwordReset
        ? { severity: 'success', text: t('reset.done') }
        : sessionEnded
          ? { severity: 'info', text: t('login.sessionEnded') }
          : null,
  );
  useHandedOverFlash(newMember || passwordReset || sessionEnded ? state.flash : undefined);
  const { flash, clear } = useFlash(
    queryError
      ? {
          severity: 'error',
          text: t(`login.queryError.${QUERY_ERRORS.includes(queryError) ? queryError : 'other'}`),
        }
      : null,
  );

  return (
    <AuthShell
      title={t('login.title')}
      subtitle={
        newMember
          ? state.company
            ? t('login.subtitleNewMemberCompany', { company: state.company })
            : t('login.subtitleNewMember')
          : t('login.subtitle')
      }
    >
      <FlashMessage flash={notice} testId="login-notice" />
      <FlashMessage flash={flash} onClose={clear} testId="login-error" />
      <SocialButtons intent="login" remember={remember} />
      <OrDivider>{t('common:or')}</OrDivider>
      <Form
        form={form}
        aria-label={t('login.title')}
        errorFallback={t('login.failed')}
        onSubmitStart={clear}
        onSubmit={async (values) => {
          const { token, user, customer } = await login.mutateAsync(values);
          sessionStore.signIn({ token, user, customer }, { persistent: remember });
          const target = returnTarget(state.from) ?? '/dashboard';
          void navigate(target, { replace: true, state: { flash: 'loginSuccess' } });
        }}
      >
        <FormError testId="login-error" />
        <FormTextField
          id="login-email"
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          testId="login-email"
        />
        <FormTextField
          id="login-password"
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          testId="login-password"
        />
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <CheckboxInput
            id="login-remember"
            name="remember"
            label={t('login.rememberMe')}
            checked={remember}
            onChange={setRemember}
          />
          <Button variant="text" component={RouterLink} to="/forgot-password" data-testid="forgot-password">
            {t('login.forgotPassword')}
          </Button>
        </Box>
        <SubmitButton
          size="large"
          fullWidth
          sx={{ mt: 2 }}
          testId="login-submit"
          pendingLabel={t('login.submitting')}
        >
          {t('login.submit')}
        </SubmitButton>
      </Form>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <TextLink to="/signup" data-testid="signup-link">
          {t('login.startTrial')}
        </TextLink>
      </Typography>
    </AuthShell>
  );
}
