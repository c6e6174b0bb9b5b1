import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Divider, Link, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FlashMessage, useFlash } from '../../../components/ui/FlashMessage';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { hasErrors } from '../../../lib/rules';
import { fetchCustomer, refreshProfile } from '../../../lib/session-api';
import { sessionStore } from '../../../lib/session-store';
import { PROVIDER_ID_PARAM, useCompleteOAuthSignup, type OAuthProvider } from '../api/complete-oauth-signup';
import { useRegister } from '../api/register';
import { validateSignup, type SignupField, type SignupValues } from '../validation';
import { TextInput } from '../../../components/ui/TextInput';
import { AuthShell } from './AuthShell';
import { SocialButtons } from './SocialButtons';

const SERVER_FIELDS: readonly SignupField[] = [
  'customerName',
  'customerAddress',
  'userName',
  'email',
  'password',
];

interface SocialCompletion {
  provider: OAuthProvider;
  providerId: string;
}

/** Spec §2: error=no_tenancy plus a provider id puts the screen in social completion mode. */
export function socialCompletionFrom(params: URLSearchParams): SocialCompletion | null {
  if (params.get('error') !== 'no_tenancy') return null;
  for (const provider of Object.keys(PROVIDER_ID_PARAM) as OAuthProvider[]) {
    const providerId = params.get(PROVIDER_ID_PARAM[provider]);
    if (providerId) return { provider, providerId };
  }
  return null;
}

const FIELDS: {
  name: SignupField;
  type: string;
  autoComplete: string;
  social: boolean;
  multiline?: boolean;
}[] = [
  { name: 'customerName', type: 'text', autoComplete: 'organization', social: true },
  { name: 'customerAddress', type: 'text', autoComplete: 'street-address', social: true, multiline: true },
  { name: 'userName', type: 'text', autoComplete: 'name', social: true },
  { name: 'email', type: 'email', autoComplete: 'email', social: true },
  { name: 'password', type: 'password', autoComplete: 'new-password', social: false },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password', social: false },
];

export function SignupScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [social] = useState(() => socialCompletionFrom(searchParams));
  const register = useRegister();
  const complete = useCompleteOAuthSignup();
  const pending = register.isPending || complete.isPending;

  const [values, setValues] = useState<SignupValues>(() => ({
    customerName: '',
    customerAddress: '',
    userName: social ? (searchParams.get('name') ?? '') : '',
    email: social ? (searchParams.get('email') ?? '') : '',
    password: '',
    confirmPassword: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const { flash, show, clear } = useFlash();

  const setField = (field: SignupField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showFailure = (error: unknown, fallback: string) => {
    const details =
      error instanceof ApiError
        ? error.details.filter((d) => SERVER_FIELDS.includes(d.param as SignupField))
        : [];
    if (details.length > 0) {
      setErrors(Object.fromEntries(details.map((detail) => [detail.param, detail.msg])));
    }
    if (error instanceof ApiError && error.serverMessage) show('error', error.serverMessage);
    else if (details.length === 0) show('error', fallback);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    const found = validateSignup(values, { social: Boolean(social) });
    setErrors(
      Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`common:validation.${key}`)])),
    );
    if (hasErrors(found)) return;

    const fields = {
      customerName: values.customerName.trim(),
      customerAddress: values.customerAddress.trim(),
      userName: values.userName.trim(),
      email: values.email.trim(),
    };

    if (social) {
      complete.mutate(
        { ...fields, provider: social.provider, providerId: social.providerId },
        {
          onSuccess: async ({ token, user }) => {
            sessionStore.signIn({ token, user, customer: null }, { persistent: true });
            // Spec §4: completion stores token and user, then fetches the customer and refreshes the profile.
            try {
              const { customer } = await fetchCustomer();
              sessionStore.update({ customer });
              await refreshProfile();
            } catch (error) {
              console.error('Could not load the new company after social sign-up', error);
            }
            void navigate('/dashboard', { replace: true, state: { flash: 'registrationSuccess' } });
          },
          onError: (error) => show('error', errorMessage(error, t('signup.socialFailed'))),
        },
      );
      return;
    }

    register.mutate(
      { ...fields, password: values.password },
      {
        onSuccess: ({ token, user, customer }) => {
          sessionStore.signIn({ token, user, customer }, { persistent: true });
          void navigate('/dashboard', { replace: true, state: { flash: 'registrationSuccess' } });
        },
        onError: (error) => showFailure(error, t('signup.failed')),
      },
    );
  };

  return (
    <AuthShell title={t('signup.title')} subtitle={t('signup.subtitle')} width="sm">
      {social ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="social-completion-notice">
          {t('signup.socialNotice', { provider: t(`providers.${social.provider}`) })}
        </Alert>
      ) : (
        <>
          <SocialButtons intent="signup" />
          <Divider sx={{ my: 2 }}>{t('common:or')}</Divider>
        </>
      )}
      <FlashMessage flash={flash} onClose={clear} testId="signup-error" />
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('signup.title')}>
        {FIELDS.filter((field) => !social || field.social).map((field) => (
          <TextInput
            key={field.name}
            id={`signup-${field.name}`}
            name={field.name}
            type={field.type}
            label={t(`signup.fields.${field.name}`)}
            autoComplete={field.autoComplete}
            multiline={field.multiline}
            minRows={field.multiline ? 2 : undefined}
            value={values[field.name]}
            onChange={(value) => setField(field.name, value)}
            error={errors[field.name]}
            testId={`signup-${field.name}`}
          />
        ))}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={pending}
          sx={{ mt: 2 }}
          data-testid="signup-submit"
        >
          {social ? t('signup.completeSubmit') : pending ? t('signup.submitting') : t('signup.submit')}
        </Button>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('signup.haveAccount')}{' '}
        <Link component={RouterLink} to="/login">
          {t('signup.signIn')}
        </Link>
      </Typography>
    </AuthShell>
  );
}
