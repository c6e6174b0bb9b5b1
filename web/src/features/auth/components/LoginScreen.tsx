import { useState, type FormEvent } from 'react';
import { Box, Button, Checkbox, Divider, FormControlLabel, Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlashMessage, useFlash } from '../../../components/ui/FlashMessage';
import { errorMessage } from '../../../lib/api-client';
import { hasErrors } from '../../../lib/rules';
import { sessionStore } from '../../../lib/session-store';
import { useLogin } from '../api/login';
import { validateLogin, type LoginField } from '../validation';
import { TextInput } from '../../../components/ui/TextInput';
import { AuthShell } from './AuthShell';
import { SocialButtons } from './SocialButtons';

const QUERY_ERRORS = ['no_token', 'invalid_token', 'oauth_failed', 'provider_unavailable'];

interface LoginLocationState {
  from?: string;
  flash?: string;
}

export function LoginScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as LoginLocationState;
  const login = useLogin();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});

  const queryError = searchParams.get('error');
  const { flash: notice } = useFlash(
    state.flash === 'invitationAccepted' ? { severity: 'success', text: t('acceptInvite.accepted') } : null,
  );
  const { flash, show, clear } = useFlash(
    queryError
      ? {
          severity: 'error',
          text: t(`login.queryError.${QUERY_ERRORS.includes(queryError) ? queryError : 'other'}`),
        }
      : null,
  );
  const forgot = useFlash();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const found = validateLogin({ email, password });
    setErrors(
      Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`common:validation.${key}`)])),
    );
    if (hasErrors(found)) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ token, user, customer }) => {
          sessionStore.signIn({ token, user, customer }, { persistent: remember });
          const target = state.from && state.from !== '/login' ? state.from : '/dashboard';
          void navigate(target, { replace: true, state: { flash: 'loginSuccess' } });
        },
        onError: (error) => show('error', errorMessage(error, t('login.failed'))),
      },
    );
  };

  const fieldChange = (field: LoginField, setter: (value: string) => void) => (value: string) => {
    setter(value);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      <FlashMessage flash={notice} testId="login-notice" />
      <FlashMessage flash={flash} onClose={clear} testId="login-error" />
      <SocialButtons intent="login" />
      <Divider sx={{ my: 2 }}>{t('common:or')}</Divider>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('login.title')}>
        <TextInput
          id="login-email"
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          value={email}
          onChange={fieldChange('email', setEmail)}
          error={errors.email}
          testId="login-email"
        />
        <TextInput
          id="login-password"
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          value={password}
          onChange={fieldChange('password', setPassword)}
          error={errors.password}
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
          <FormControlLabel
            control={
              <Checkbox
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
                name="remember"
              />
            }
            label={t('login.rememberMe')}
          />
          <Button
            variant="text"
            onClick={() => forgot.show('info', t('login.forgotNote'))}
            data-testid="forgot-password"
          >
            {t('login.forgotPassword')}
          </Button>
        </Box>
        <FlashMessage flash={forgot.flash} onClose={forgot.clear} testId="forgot-note" />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={login.isPending}
          sx={{ mt: 2 }}
          data-testid="login-submit"
        >
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to="/signup" data-testid="signup-link">
          {t('login.startTrial')}
        </Link>
      </Typography>
    </AuthShell>
  );
}
