import { screen, waitFor } from '@testing-library/react';
import { sessionStore } from '../../../lib/session-store';
import {
  fakeJwt,
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  testCustomer,
  testUser,
} from '../../../test/utils';
import { parseCustomerParam } from './AuthSuccessScreen';

beforeAll(() => setupI18n('en'));
beforeEach(() => resetBrowserState());

const payload = {
  userId: 'u-7',
  email: 'sam@example.com',
  role: 'user',
  name: 'Sam Smith',
  customer_id: 'c-10',
};

/** What SocialButtons leaves in this tab before it leaves for the provider (a signup: remembered). */
const startedHere = (remember = 'true') => sessionStorage.setItem('socialRemember', remember);

describe('/auth/success (spec §2 Auth success)', () => {
  it('goes to /login?error=no_token without a token', async () => {
    mockFetch({});
    const { router } = renderApp('/auth/success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?error=no_token');
  });

  it('goes to /login?error=invalid_token when the token cannot be decoded', async () => {
    mockFetch({});
    const { router } = renderApp('/auth/success?token=not-a-jwt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?error=invalid_token');
  });

  it('builds the user from the token, stores the session with the customer and opens the dashboard', async () => {
    const token = fakeJwt(payload);
    const customer = encodeURIComponent(JSON.stringify(testCustomer));
    const { calls } = mockFetch({
      'GET /api/auth/profile': { status: 503 },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    startedHere();
    const { router } = renderApp(`/auth/success?token=${token}&customer=${customer}`);
    expect(await screen.findByText('Completing sign in...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStore.getState()).toMatchObject({
      status: 'authenticated',
      token,
      user: expect.objectContaining({
        id: 'u-7',
        email: 'sam@example.com',
        role: 'user',
        name: 'Sam Smith',
        customer_id: 'c-10',
      }),
      customer: testCustomer,
    });
    expect(calls.some((call) => call.url === '/api/customers')).toBe(false);
    // Nothing said of Remember me (a signup through a provider): remembered.
    expect(sessionStore.getState().persistent).toBe(true);
  });

  it('fetches the customer when the query has none', async () => {
    const token = fakeJwt(payload);
    mockFetch({
      'GET /api/customers': { body: { customer: testCustomer } },
      'GET /api/auth/profile': { body: { user: { ...testUser, id: 'u-7' }, customer: testCustomer } },
    });
    startedHere();
    const { router } = renderApp(`/auth/success?token=${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStore.getState().customer).toEqual(testCustomer);
    expect(localStorage.getItem('customer')).toBe(JSON.stringify(testCustomer));
  });

  it('keeps the session in this tab only when Remember me was left unticked before the provider', async () => {
    const token = fakeJwt(payload);
    mockFetch({
      'GET /api/customers': { body: { customer: testCustomer } },
      'GET /api/auth/profile': { body: { user: { ...testUser, id: 'u-7' }, customer: testCustomer } },
    });
    startedHere('false');
    const { router } = renderApp(`/auth/success?token=${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStore.getState().persistent).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('socialRemember')).toBeNull();
  });

  it('signs in with no token from a link this tab did not start (a session swap), saying why', async () => {
    const { calls } = mockFetch({});
    const { router } = renderApp(`/auth/success?token=${fakeJwt(payload)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?error=unrequested');
    expect(
      await screen.findByText(
        'This sign-in link was not started in this browser, so it was not used. Sign in here instead.',
      ),
    ).toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('reads a customer parameter that was encoded once or twice', () => {
    const json = JSON.stringify(testCustomer);
    expect(parseCustomerParam(json)).toEqual(testCustomer);
    expect(parseCustomerParam(encodeURIComponent(json))).toEqual(testCustomer);
    expect(parseCustomerParam('garbage')).toBeNull();
  });
});
