import { restoreSession } from './session-api';
import { readStoredSession, SessionStore } from './session-store';
import { mockFetch, resetBrowserState, testCustomer, testUser } from '../test/utils';
import { waitFor } from '@testing-library/react';
import { setUnauthorizedHandler } from './api-client';
import { sessionStore } from './session-store';

function store(kind: Storage, values: { token?: string; user?: unknown; customer?: unknown }) {
  if (values.token) kind.setItem('token', values.token);
  if (values.user) kind.setItem('user', JSON.stringify(values.user));
  if (values.customer) kind.setItem('customer', JSON.stringify(values.customer));
}

beforeEach(() => resetBrowserState());
afterEach(() => setUnauthorizedHandler(null));

describe('session storage (spec §4 Session start)', () => {
  it('reads a complete session from localStorage or from sessionStorage', () => {
    store(sessionStorage, { token: 't1', user: testUser, customer: testCustomer });
    expect(readStoredSession()).toEqual({
      token: 't1',
      user: testUser,
      customer: testCustomer,
      persistent: false,
    });
    store(localStorage, { token: 't2', user: testUser, customer: testCustomer });
    expect(readStoredSession()).toMatchObject({ token: 't2', persistent: true });
  });

  it('trusts only a complete session: token, user and customer', () => {
    store(localStorage, { token: 't1', user: testUser });
    expect(readStoredSession()).toBeNull();
    const fresh = new SessionStore();
    expect(fresh.load().status).toBe('anonymous');
  });

  it('ignores a corrupt stored user', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{not json');
    localStorage.setItem('customer', JSON.stringify(testCustomer));
    expect(readStoredSession()).toBeNull();
  });

  it('writes to localStorage with Remember me and to sessionStorage without', () => {
    const s = new SessionStore();
    s.signIn({ token: 'a', user: testUser, customer: testCustomer }, { persistent: false });
    expect(sessionStorage.getItem('token')).toBe('a');
    expect(localStorage.getItem('token')).toBeNull();
    s.signIn({ token: 'b', user: testUser, customer: testCustomer }, { persistent: true });
    expect(localStorage.getItem('token')).toBe('b');
    expect(sessionStorage.getItem('token')).toBeNull();
    s.clear();
    expect(localStorage.getItem('token')).toBeNull();
    expect(s.getState().status).toBe('anonymous');
  });
});

describe('other tabs', () => {
  it('signs this tab out when another tab signs out of the Remember-me session', () => {
    const tabs = new SessionStore();
    const stop = tabs.followOtherTabs();
    tabs.signIn({ token: 't', user: testUser, customer: testCustomer }, { persistent: true });
    // The other tab removes the token; this tab hears of it through a storage event.
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', oldValue: 't', newValue: null, storageArea: localStorage }),
    );
    expect(tabs.getState().status).toBe('anonymous');
    stop();
  });

  it('carries on with the fresh token another tab stored after a password or email change', () => {
    const tabs = new SessionStore();
    const stop = tabs.followOtherTabs();
    tabs.signIn({ token: 't', user: testUser, customer: testCustomer }, { persistent: true });
    const renamed = { ...testUser, email: 'alice.new@example.test' };
    store(localStorage, { token: 't2', user: renamed, customer: testCustomer });
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', oldValue: 't', newValue: 't2', storageArea: localStorage }),
    );
    expect(tabs.getState()).toMatchObject({ status: 'authenticated', token: 't2', user: renamed });
    stop();
  });

  it('leaves a session of this tab alone (sessionStorage), and other keys', () => {
    const tabs = new SessionStore();
    const stop = tabs.followOtherTabs();
    tabs.signIn({ token: 't', user: testUser, customer: testCustomer }, { persistent: false });
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'token', oldValue: 't', newValue: null, storageArea: localStorage }),
    );
    expect(tabs.getState().status).toBe('authenticated');
    stop();
  });
});

describe('session restore (spec §4)', () => {
  beforeEach(() => {
    store(localStorage, { token: 'stored', user: testUser, customer: testCustomer });
    sessionStore.load();
  });

  it('is trusted while it is being verified', () => {
    expect(sessionStore.getState()).toMatchObject({ status: 'restoring', token: 'stored', user: testUser });
  });

  it('replaces the stored user with the fresh one when verification succeeds', async () => {
    const fresh = { ...testUser, name: 'Alice Renamed' };
    const { calls } = mockFetch({
      'GET /api/auth/verify': { body: { user: fresh } },
      'GET /api/auth/profile': { body: { user: fresh, customer: testCustomer } },
    });
    await restoreSession();
    expect(calls[0].headers.Authorization).toBe('Bearer stored');
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', user: fresh });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(fresh);
  });

  it('then reads the company again, whose plan may have changed in another browser', async () => {
    const upgraded = { ...testCustomer, name: 'Renamed Ltd', subscription_plan: 'teams' };
    const { calls } = mockFetch({
      'GET /api/auth/verify': { body: { user: testUser } },
      'GET /api/auth/profile': { body: { user: testUser, customer: upgraded } },
    });
    await restoreSession();
    await waitFor(() => expect(sessionStore.getState()).toMatchObject({ customer: upgraded }));
    expect(JSON.parse(localStorage.getItem('customer')!)).toEqual(upgraded);
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/verify', '/api/auth/profile']);
  });

  it('keeps the session when verification fails for another reason than 401', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/auth/verify': { status: 503, body: { error: 'Service unavailable' } } });
    await restoreSession();
    expect(sessionStore.getState()).toMatchObject({
      status: 'authenticated',
      token: 'stored',
      user: testUser,
    });
  });

  it('keeps the session when the network is down', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await restoreSession();
    expect(sessionStore.getState().status).toBe('authenticated');
  });

  it('ends the session and goes to /login on a 401', async () => {
    const onUnauthorized = jest.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({ 'GET /api/auth/verify': { status: 401, body: { error: 'Invalid token' } } });
    await restoreSession();
    expect(onUnauthorized).toHaveBeenCalled();
    expect(sessionStore.getState()).toMatchObject({ status: 'anonymous', token: null });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('dashboard ?token= without a stored session (spec §2 Dashboard)', () => {
  it('starts a session from the token so the dashboard can refresh the profile', async () => {
    const { adoptDashboardToken } = await import('./session-api');
    const { fakeJwt } = await import('../test/utils');
    const token = fakeJwt({
      userId: 'u-4',
      email: 'z@example.com',
      role: 'user',
      name: 'Zed',
      customer_id: 'c-10',
    });
    const s = new SessionStore();
    // At the end of a sign-in this tab started (the social buttons' Remember me is kept).
    sessionStorage.setItem('socialRemember', 'false');
    adoptDashboardToken({ pathname: '/dashboard', search: `?token=${token}` }, s);
    expect(s.getState()).toMatchObject({ status: 'authenticated', token, user: { id: 'u-4', name: 'Zed' } });
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('socialRemember')).toBeNull();
  });

  it('takes no token from a link someone sent: no sign-in was started in this tab (AP-1)', async () => {
    const { adoptDashboardToken } = await import('./session-api');
    const { fakeJwt } = await import('../test/utils');
    const token = fakeJwt({
      userId: 'u-5',
      email: 'x@example.com',
      role: 'admin',
      name: 'X',
      customer_id: 'c-11',
    });
    const s = new SessionStore();
    adoptDashboardToken({ pathname: '/dashboard', search: `?token=${token}` }, s);
    expect(s.getState()).toMatchObject({ status: 'anonymous', token: null });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ignores tokens elsewhere, undecodable tokens, and an existing session', async () => {
    const { adoptDashboardToken } = await import('./session-api');
    const s = new SessionStore();
    adoptDashboardToken({ pathname: '/users', search: '?token=a.b.c' }, s);
    adoptDashboardToken({ pathname: '/dashboard', search: '?token=garbage' }, s);
    expect(s.getState().status).toBe('anonymous');
  });
});
