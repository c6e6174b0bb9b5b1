import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client';
import { userFromToken } from './jwt';
import { SOCIAL_REMEMBER_KEY, sessionStore, type SessionStore } from './session-store';
import { readItem, removeItem } from './storage';
import { sessionKeys, userKeys } from './query-keys';
import type { Customer, Language, User } from './types';

// Endpoints about the signed-in session itself; several features need them, so they live here.

export function fetchVerify(): Promise<{ user: User }> {
  return apiRequest('/auth/verify');
}

export function fetchProfile(): Promise<{ user: User; customer?: Customer | null }> {
  return apiRequest('/auth/profile');
}

export function fetchCustomer(): Promise<{ customer: Customer }> {
  return apiRequest('/customers');
}

/**
 * Sign-out: ends this session on the server (its token stops working everywhere), then
 * clears the local session whatever the answer, so a failed call never keeps anyone signed in.
 */
export async function signOut(store: SessionStore = sessionStore): Promise<void> {
  try {
    if (store.getState().token)
      await apiRequest('/auth/logout', {
        method: 'POST',
        body: {},
        skipUnauthorizedRedirect: true,
        savesNothing: true,
      });
  } catch {
    // The local session goes anyway; an unreachable server ends the token at its expiry.
  } finally {
    store.clear();
  }
}

export function updateLanguagePreference(language: Language): Promise<{ user: User }> {
  return apiRequest('/users/language', { method: 'PUT', body: { language } });
}

export const profileQuery = queryOptions({ queryKey: sessionKeys.profile(), queryFn: fetchProfile });

/**
 * After a change to the signed-in user (profile, picture, language): the session takes the
 * server's user, and every query that shows that user (profile, team list) is refreshed.
 */
export function userChanged(
  queryClient: QueryClient,
  user: User | undefined,
  store: SessionStore = sessionStore,
): Promise<void> {
  if (user) store.update({ user });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
  ]).then(() => undefined);
}

/** Reloads user and customer from GET /auth/profile into the session. */
export async function refreshProfile(store: SessionStore = sessionStore): Promise<void> {
  const { user, customer } = await fetchProfile();
  store.update(customer ? { user, customer } : { user });
}

/**
 * Spec §2: a token query parameter on the dashboard becomes the session token. When nobody is
 * signed in yet, the token starts a session (its payload names the user) so that the
 * protected dashboard can open and refresh the profile instead of bouncing to /login, but
 * only at the end of a sign-in this tab started (SOCIAL_REMEMBER_KEY, as /auth/success), and
 * remembered as its Remember me said. A token in a link someone sent is not taken: the reader
 * would go on working in the sender's company (AP-1). The dashboard drops it from the address.
 */
export function adoptDashboardToken(
  location: Pick<Location, 'pathname' | 'search'>,
  store: SessionStore = sessionStore,
): void {
  if (store.getState().status !== 'anonymous' || location.pathname !== '/dashboard') return;
  const token = new URLSearchParams(location.search).get('token');
  const user = token ? userFromToken(token) : null;
  if (!token || !user) return;
  const remember = readItem(SOCIAL_REMEMBER_KEY, 'session');
  if (remember === null) return;
  removeItem(SOCIAL_REMEMBER_KEY, 'session');
  store.signIn({ token, user, customer: null }, { persistent: remember !== 'false' });
}

/**
 * Spec §4 session start: a complete stored session is trusted and verified with the server.
 * Success replaces the stored user; a 401 has already cleared the session (api client);
 * any other failure keeps the session as it was. Once verified, the company is read again
 * too, without holding the start up: its plan or name may have changed since it was stored
 * (an upgrade in another browser), and every screen showing it must agree.
 */
export async function restoreSession(store: SessionStore = sessionStore): Promise<void> {
  if (store.getState().status !== 'restoring') return;
  try {
    const { user } = await fetchVerify();
    if (user) {
      store.update({ user });
      void refreshProfile(store).catch((error: unknown) =>
        console.warn('Could not read the company again; keeping the stored one', error),
      );
    }
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      console.warn('Session verification failed; keeping the stored session', error);
    }
  }
  store.markRestored();
}
