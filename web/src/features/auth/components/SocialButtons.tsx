import type { OAuthProvider } from '@planted/contracts';
import { Button, Stack } from '@mui/material';
import GoogleIcon from '@mui/icons-material/Google';
import MicrosoftIcon from '@mui/icons-material/Microsoft';
import AppleIcon from '@mui/icons-material/Apple';
import { useTranslation } from 'react-i18next';
import { browser } from '../../../lib/navigation';
import { SOCIAL_REMEMBER_KEY } from '../../../lib/session-store';
import { writeItem } from '../../../lib/storage';

export { SOCIAL_REMEMBER_KEY };

/** The provider buttons leave the app for the gateway's OAuth entry points (spec §7). */
export function socialUrl(provider: OAuthProvider, intent: 'login' | 'signup'): string {
  if (provider === 'apple') return `/api/auth/apple?state=${intent}`;
  return intent === 'signup' ? `/api/auth/${provider}?state=signup` : `/api/auth/${provider}`;
}

const PROVIDERS = [
  { id: 'google', icon: GoogleIcon },
  { id: 'microsoft', icon: MicrosoftIcon },
  { id: 'apple', icon: AppleIcon },
] as const;

/** `remember`: the login screen's box (a signup is remembered, as the signup form's is). */
export function SocialButtons({ intent, remember }: { intent: 'login' | 'signup'; remember?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={1.25} sx={{ my: 2 }}>
      {PROVIDERS.map(({ id, icon: Icon }) => (
        <Button
          key={id}
          variant="outlined"
          color="inherit"
          size="large"
          startIcon={<Icon aria-hidden />}
          onClick={() => {
            writeItem(SOCIAL_REMEMBER_KEY, String(remember ?? true), 'session');
            browser.assign(socialUrl(id, intent));
          }}
          data-testid={`social-${id}`}
        >
          {t(`social.${intent}.${id}`)}
        </Button>
      ))}
    </Stack>
  );
}
