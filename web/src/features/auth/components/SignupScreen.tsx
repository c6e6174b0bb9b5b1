import { useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/ui/TextLink';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { fetchCustomer, refreshProfile } from '../../../lib/session-api';
import { sessionStore } from '../../../lib/session-store';
import { PROVIDER_ID_PARAM, useCompleteOAuthSignup, type OAuthProvider } from '../api/complete-oauth-signup';
import { useRegister } from '../api/register';
import { signupFormSchema, socialSignupFormSchema } from '../schemas';
import { AuthShell, OrDivider } from './AuthShell';
import { SocialButtons } from './SocialButtons';

type SignupField = 'customerName' | 'customerAddress' | 'userName' | 'email' | 'password' | 'confirmPassword';

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
  // The provider's address is the one its sign-in vouched for: completion accepts no other.
  const [providerEmail] = useState(() => (social ? searchParams.get('email') || '' : ''));
  const register = useRegister();
  const complete = useCompleteOAuthSignup();
  const pending = register.isPending || complete.isPending;
  const form = useZodForm(social ? socialSignupFormSchema : signupFormSchema, {
    defaultValues: social
      ? {
          customerName: '',
          customerAddress: '',
          userName: searchParams.get('name') ?? '',
          email: searchParams.get('email') ?? '',
        }
      : {
          customerName: '',
          customerAddress: '',
          userName: '',
          email: '',
          password: '',
          confirmPassword: '',
        },
  });

  const submit = async (values: {
    customerName: string;
    customerAddress: string;
    userName: string;
    email: string;
    password?: string;
  }) => {
    const fields = {
      customerName: values.customerName,
      customerAddress: values.customerAddress,
      userName: values.userName,
      email: values.email,
    };
    if (social) {
      const { token, user } = await complete.mutateAsync({
        ...fields,
        provider: social.provider,
        providerId: social.providerId,
      });
      sessionStore.signIn({ token, user, customer: null }, { persistent: true });
      // Spec §4: completion stores token and user, then fetches the customer and refreshes the profile.
      try {
        const { customer } = await fetchCustomer();
        sessionStore.update({ customer });
        await refreshProfile();
      } catch (error) {
        console.error('Could not load the new company after social sign-up', error);
      }
    } else {
      const { token, user, customer } = await register.mutateAsync({
        ...fields,
        password: values.password ?? '',
      });
      sessionStore.signIn({ token, user, customer }, { persistent: true });
    }
    void navigate('/dashboard', { replace: true, state: { flash: 'registrationSuccess' } });
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
          <OrDivider>{t('common:or')}</OrDivider>
        </>
      )}
      <Form
        form={form as never}
        aria-label={t('signup.title')}
        errorFallback={social ? t('signup.socialFailed') : t('signup.failed')}
        onSubmit={submit}
      >
        <FormError testId="signup-error" />
        {FIELDS.filter((field) => !social || field.social).map((field) => (
          <FormTextField
            key={field.name}
            id={`signup-${field.name}`}
            name={field.name}
            type={field.type}
            label={t(`signup.fields.${field.name}`)}
            autoComplete={field.autoComplete}
            multiline={field.multiline}
            minRows={field.multiline ? 2 : undefined}
            readOnly={field.name === 'email' && Boolean(providerEmail)}
            hint={
              field.name === 'email' && social && providerEmail
                ? t('signup.socialEmailHelp', { provider: t(`providers.${social.provider}`) })
                : undefined
            }
            testId={`signup-${field.name}`}
          />
        ))}
        <SubmitButton size="large" fullWidth disabled={pending} sx={{ mt: 2 }} testId="signup-submit">
          {social ? t('signup.completeSubmit') : pending ? t('signup.submitting') : t('signup.submit')}
        </SubmitButton>
      </Form>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('signup.haveAccount')} <TextLink to="/login">{t('signup.signIn')}</TextLink>
      </Typography>
    </AuthShell>
  );
}
