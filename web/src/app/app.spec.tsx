import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { restoreSession } from '../lib/session-api';
import { sessionStore } from '../lib/session-store';
import {
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  testCustomer,
  testUser,
} from '../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const dashboardApis = {
  'GET /api/customers/stats': { status: 404, body: { error: 'Not found' } },
  'GET /api/hires/ending-soon': { status: 503, body: { error: 'Service unavailable' } },
};

describe('protected layout (spec §2 Routes)', () => {
  it('sends a signed-out visitor of a protected screen to /login', async () => {
    mockFetch({});
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a spinner while the stored session is verified, then the screen', async () => {
    localStorage.setItem('token', 'stored');
    localStorage.setItem('user', JSON.stringify(testUser));
    localStorage.setItem('customer', JSON.stringify(testCustomer));
    sessionStore.load();
    let answer: (value: unknown) => void = () => undefined;
    const { calls } = mockFetch({ ...dashboardApis });
    const fetchMock = globalThis.fetch as jest.Mock;
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      url === '/api/auth/verify'
        ? new Promise((resolve) => {
            answer = () =>
              resolve({ ok: true, status: 200, text: async () => JSON.stringify({ user: testUser }) });
          })
        : original(url, init),
    );
    const verifying = restoreSession();
    renderApp('/dashboard');
    expect(await screen.findByTestId('loading')).toBeInTheDocument();
    answer(undefined);
    await verifying;
    expect(
      await screen.findByText('Welcome back, Alice Admin!', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/customers/stats');
  });

  it('redirects / and unknown paths to /dashboard', async () => {
    signInForTest();
    mockFetch({ ...dashboardApis });
    const root = renderApp('/');
    await waitFor(() => expect(root.router.state.location.pathname).toBe('/dashboard'));
    root.unmount();
    const unknown = renderApp('/no-such-screen');
    await waitFor(() => expect(unknown.router.state.location.pathname).toBe('/dashboard'));
  });

  it('lists the navigation entries in the spec order, with a link to /home', async () => {
    signInForTest();
    mockFetch({ ...dashboardApis });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 15_000 });
    const labels = [
      'Dashboard',
      'Hires',
      'Equipment',
      'Sites',
      'Suppliers',
      'Users',
      'Integrations',
      'Subscription',
      'Profile',
      'Logout',
      'Hires Map',
    ];
    const found = labels.map((label) => within(nav).getByText(label));
    for (let i = 1; i < found.length; i += 1) {
      expect(found[i - 1].compareDocumentPosition(found[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(within(nav).getByRole('link', { name: 'Planted home page' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Hires Map' })).toHaveAttribute('href', '/hires-map');
  });

  it('shows user name, company, status badge and an avatar that opens /profile', async () => {
    signInForTest();
    mockFetch({ ...dashboardApis });
    renderApp('/dashboard');
    const sidebar = await screen.findByTestId('sidebar-user', {}, { timeout: 15_000 });
    expect(within(sidebar).getByText('Alice Admin')).toBeInTheDocument();
    expect(within(sidebar).getByText('Acme Groundworks Ltd')).toBeInTheDocument();
    expect(within(sidebar).getByText('Free Edition')).toBeInTheDocument();
    expect(within(sidebar).getByText('AA')).toBeInTheDocument();
    expect(screen.getByTestId('sidebar-avatar')).toHaveAttribute('href', '/profile');
    // One link for keyboards and screen readers, named by the name it shows (WCAG 2.5.3).
    const links = within(sidebar).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Alice Admin');
    expect(links[0]).toHaveAccessibleDescription('Open your profile');
    expect(links[0]).toHaveAttribute('href', '/profile');
  });

  it('signs out: ends the session on the server, clears it here and goes to /login', async () => {
    signInForTest();
    const { calls } = mockFetch({
      ...dashboardApis,
      'POST /api/auth/logout': { body: { message: 'Signed out' } },
    });
    const { router } = renderApp('/dashboard');
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByTestId('sign-out-button', {}, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logout = calls.find((call) => call.url === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.Authorization).toBe('Bearer test-token');
    expect(sessionStore.getState().status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs out here even when the server cannot be reached', async () => {
    signInForTest();
    mockFetch({
      ...dashboardApis,
      'POST /api/auth/logout': { status: 503, body: { error: 'Service unavailable' } },
    });
    const { router } = renderApp('/dashboard');
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByTestId('sign-out-button', {}, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.getState().status).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes to /login when any call answers 401', async () => {
    signInForTest();
    mockFetch({ 'GET /api/users': { status: 401, body: { error: 'Token expired' } } });
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 15_000 });
    expect(sessionStore.getState().token).toBeNull();
    // The sign-in page says why, rather than appearing with no word.
    expect(await screen.findByTestId('login-notice')).toHaveTextContent(
      'Your session has ended. Please sign in again.',
    );
  });

  it('opens per-page help, and the general help elsewhere', async () => {
    signInForTest();
    mockFetch({ ...dashboardApis, 'GET /api/users': { body: { users: [] } } });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open help' }, { timeout: 15_000 }));
    expect(await screen.findByRole('heading', { name: 'Dashboard help' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close help' }));
    await router.navigate('/users');
    await user.click(await screen.findByRole('button', { name: 'Open help' }));
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
  });
});

describe('phone layout (issue item 6)', () => {
  it('collapses the sidebar into a drawer opened by a menu button', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...desktop(query),
      matches: false,
    })) as typeof window.matchMedia;
    try {
      signInForTest();
      mockFetch({ ...dashboardApis });
      renderApp('/dashboard');
      const menu = await screen.findByRole('button', { name: 'Open navigation menu' }, { timeout: 15_000 });
      expect(menu).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
      await userEvent.setup({ delay: null }).click(menu);
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).getByRole('link', { name: 'Hires' })).toHaveAttribute('href', '/hires');
    } finally {
      window.matchMedia = desktop;
    }
  });
});

describe('/integrations serves two audiences', () => {
  it('is the public marketing page when signed out', async () => {
    mockFetch({});
    const { router } = renderApp('/integrations');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Integrations' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/integrations');
  });

  it('is the Integrations screen inside the app when signed in', async () => {
    signInForTest();
    mockFetch({});
    renderApp('/integrations');
    expect(await screen.findByTestId('integration-zahara', {}, { timeout: 15_000 })).toHaveAttribute(
      'href',
      '/zahara',
    );
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByTestId('integration-more')).toHaveTextContent('Coming soon');
    expect(within(screen.getByTestId('integration-more')).queryByRole('link')).not.toBeInTheDocument();
  });
});
