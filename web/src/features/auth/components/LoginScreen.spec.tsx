import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../lib/navigation';
import { sessionStore } from '../../../lib/session-store';
import {
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  testCustomer,
  testUser,
} from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  // The dashboard these flows land on logs its (not yet existing) endpoints' failures.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('button', { name: 'Sign In' }, { timeout: 15_000 });
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('Login (spec §2 /login, §5 Login, §8 Login failure)', () => {
  it('shows the required-field messages and calls nothing', async () => {
    const { calls } = mockFetch({});
    renderApp('/login');
    await fillAndSubmit('', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('rejects an email that does not look like one', async () => {
    mockFetch({});
    renderApp('/login');
    await fillAndSubmit('not-an-email', 'secret1');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it("shows the server's error for a wrong password and stays on /login without ending anything", async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': { status: 401, body: { error: 'Invalid email or password' } },
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('alice@example.com', 'wrong-password');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls[0].body).toEqual({ email: 'alice@example.com', password: 'wrong-password' });
  });

  it("shows the server's error in Spanish when the interface is in Spanish", async () => {
    await setupI18n('es');
    try {
      mockFetch({ 'POST /api/auth/login': { status: 401, body: { error: 'Invalid email or password' } } });
      renderApp('/login');
      const user = userEvent.setup({ delay: null });
      const submit = await screen.findByRole('button', { name: 'Iniciar sesión' }, { timeout: 15_000 });
      const input = (testId: string) => {
        const element = screen.getByTestId(testId);
        return element.tagName === 'INPUT' ? element : element.querySelector('input')!;
      };
      await user.type(input('login-email'), 'alice@example.com');
      await user.type(input('login-password'), 'wrong-password');
      await user.click(submit);
      expect(await screen.findByText('Correo electrónico o contraseña no válidos')).toBeInTheDocument();
      expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
    } finally {
      await setupI18n('en');
    }
  });

  it('falls back to the generic message when the server sends no error text', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 500 } });
    renderApp('/login');
    await fillAndSubmit('alice@example.com', 'secret1');
    expect(
      await screen.findByText('Login failed. Please check your credentials and try again.'),
    ).toBeInTheDocument();
  });

  it('keeps the session in sessionStorage without Remember me and goes to the dashboard', async () => {
    mockFetch({
      'POST /api/auth/login': { body: { token: 'tok-1', user: testUser, customer: testCustomer } },
      'GET /api/customers/stats': { status: 404, body: { error: 'Not found' } },
      'GET /api/hires/ending-soon': { status: 404, body: { error: 'Not found' } },
    });
    const { router } = renderApp('/login');
    await fillAndSubmit('alice@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStore.getState().status).toBe('authenticated');
  });

  it('leads back to the page asked for while signed out, with its query (an edit link, a search)', async () => {
    mockFetch({
      'POST /api/auth/login': { body: { token: 'tok-3', user: testUser, customer: testCustomer } },
      'GET /api/sites': { body: { sites: [], pagination: { currentPage: 1, totalPages: 1 } } },
    });
    const { router } = renderApp('/sites?open_modal=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await fillAndSubmit('alice@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sites'));
    expect(router.state.location.search).toBe('?open_modal=true');
  });

  it.each([
    ['//evil.example/x'],
    ['https://evil.example/'],
    ['/\\evil.example/x'],
    ['/\t/evil.example/x'],
    ['/login?next=/x'],
    ['/LOGIN'],
    ['/reset-password/'],
  ])('goes to the dashboard rather than to %s', async (from) => {
    mockFetch({
      'POST /api/auth/login': { body: { token: 'tok-4', user: testUser, customer: testCustomer } },
      'GET /api/customers/stats': { status: 404, body: { error: 'Not found' } },
      'GET /api/hires/ending-soon': { status: 404, body: { error: 'Not found' } },
    });
    const { router } = renderApp({ pathname: '/login', state: { from } });
    await fillAndSubmit('alice@example.com', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('keeps the session in localStorage with Remember me', async () => {
    mockFetch({
      'POST /api/auth/login': { body: { token: 'tok-2', user: testUser, customer: testCustomer } },
    });
    const { router } = renderApp('/login');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(localStorage.getItem('token')).toBe('tok-2');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(testUser);
    expect(JSON.parse(localStorage.getItem('customer')!)).toEqual(testCustomer);
  });

  it.each([
    ['no_token', 'Sign-in could not be completed because no token was received. Please try again.'],
    [
      'invalid_token',
      'Sign-in could not be completed because the token received was invalid. Please try again.',
    ],
    [
      'oauth_failed',
      'Sign-in with your provider failed or was cancelled. Please try again or use your email and password.',
    ],
    [
      'provider_unavailable',
      'Sign-in with this provider is not available at the moment. Please use your email and password.',
    ],
    [
      'email_unverified',
      'This email belongs to an account that has not confirmed it yet. Sign in with your email and password, or use “Forgot your password?” to confirm the address; then your provider will sign you in too.',
    ],
  ])('explains ?error=%s', async (code, text) => {
    mockFetch({});
    renderApp(`/login?error=${code}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('sends the browser to the social sign-in entry points', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch({});
    renderApp('/login');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await user.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    await user.click(screen.getByRole('button', { name: 'Sign in with Apple' }));
    expect(assign.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/google',
      '/api/auth/microsoft',
      '/api/auth/apple?state=login',
    ]);
    // Remember me goes along, for /auth/success to keep the session as the box says.
    expect(sessionStorage.getItem('socialRemember')).toBe('false');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(sessionStorage.getItem('socialRemember')).toBe('true');
    assign.mockRestore();
  });

  it('has Remember me, Forgot your password? and a Start your free trial link to /signup', async () => {
    mockFetch({});
    renderApp('/login');
    expect(await screen.findByLabelText('Remember me')).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/signup');
  });
});
