import { useEffect, useRef } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userFromToken } from '../../../lib/jwt';
import { fetchCustomer, refreshProfile } from '../../../lib/session-api';
import { sessionStore } from '../../../lib/session-store';
import type { Customer } from '../../../lib/types';
import { readItem, removeItem } from '../../../lib/storage';
import { SOCIAL_REMEMBER_KEY } from './SocialButtons';

export function parseCustomerParam(raw: string | null): Customer | null {
  if (!raw) return null;
  // URLSearchParams has already decoded once; some providers' redirects encode twice.
  for (const candidate of [raw, safeDecode(raw)]) {
    try {
      const value = JSON.parse(candidate) as unknown;
      if (typeof value === 'object' && value !== null && 'id' in value) return value as Customer;
    } catch {
      // try the next form
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Landing point of social sign-in: turns the token in the URL into a session (spec §2), when
 * this tab started that sign-in.
 */
export function AuthSuccessScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = searchParams.get('token');
    if (!token) {
      void navigate('/login?error=no_token', { replace: true });
      return;
    }
    const user = userFromToken(token);
    if (!user) {
      void navigate('/login?error=invalid_token', { replace: true });
      return;
    }
    // Only the sign-in this tab started: a token from a link is not taken (see SOCIAL_REMEMBER_KEY).
    const remember = readItem(SOCIAL_REMEMBER_KEY, 'session');
    removeItem(SOCIAL_REMEMBER_KEY, 'session');
    if (remember === null) {
      void navigate('/login?error=unrequested', { replace: true });
      return;
    }
    const customer = parseCustomerParam(searchParams.get('customer'));
    // Remember me as ticked on the login screen before the provider; a signup is remembered.
    sessionStore.signIn({ token, user, customer }, { persistent: remember !== 'false' });

    const finish = async () => {
      try {
        if (!customer) sessionStore.update({ customer: (await fetchCustomer()).customer });
        await refreshProfile();
      } catch (error) {
        console.error('Could not complete the profile after social sign-in', error);
      }
      if (sessionStore.getState().token)
        void navigate('/dashboard', { replace: true, state: { flash: 'loginSuccess' } });
    };
    void finish();
  }, [navigate, searchParams]);

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ textAlign: 'center' }} role="status">
        <CircularProgress aria-hidden />
        <Typography variant="h6" component="h1" sx={{ mt: 2 }}>
          {t('authSuccess.completing')}
        </Typography>
      </Box>
    </Box>
  );
}
