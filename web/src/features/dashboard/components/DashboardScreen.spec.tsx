import { render, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '../../../lib/session-store';
import {
  fakeJwt,
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  testCustomer,
  testUser,
} from '../../../test/utils';
import { OverdueReturns, type OverdueHire } from './OverdueReturns';
import { AppProviders } from '../../../app/providers';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  signInForTest();
});
afterEach(() => jest.restoreAllMocks());

/** The dashboard's answers with one hire ending soon (Plant Reminders). */
const ONE_ENDING_SOON = {
  'GET /api/customers/stats': {
    body: { stats: { totalHires: 1, activeHires: 1, totalSites: 1, totalSpending: 0 } },
  },
  'GET /api/hires/ending-soon': {
    body: {
      endingSoon: [
        {
          id: 42,
          equipment_name: 'Mini Digger',
          equipment_image_url: null,
          site_name: 'Leeds Depot',
          supplier_name: 'Speedy Hire',
          hire_end_date: '2026-03-05',
        },
      ],
    },
  },
};

describe('Dashboard (spec §2 Dashboard)', () => {
  it('welcomes a company that has just registered once, not back (issue 7: words)', async () => {
    mockFetch({
      'GET /api/customers/stats': {
        body: { stats: { totalHires: 0, activeHires: 0, totalSites: 0, totalSpending: 0 } },
      },
      'GET /api/hires/ending-soon': { body: { endingSoon: [] } },
    });
    renderApp({ pathname: '/dashboard', state: { flash: 'registrationSuccess' } });
    expect(
      await screen.findByText('Welcome to Planted, Alice Admin!', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Registration successful.')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('greets the user, shows the status badge and the four stat cards with figures', async () => {
    mockFetch({
      'GET /api/customers/stats': {
        body: { stats: { totalHires: 12, activeHires: 4, totalSites: 3, totalSpending: 1234.5 } },
      },
      'GET /api/hires/ending-soon': { body: { endingSoon: [] } },
    });
    renderApp('/dashboard');
    expect(
      await screen.findByText('Welcome back, Alice Admin!', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Free Edition')).toBeInTheDocument();
    expect(await screen.findByTestId('stat-totalHires-value')).toHaveTextContent('12');
    expect(screen.getByTestId('stat-activeHires-value')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-totalSites-value')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-totalSpending-value')).toHaveTextContent('£1,234.50');
    for (const label of ['Total Hires', 'Active Hires', 'Active Sites', 'Total Spending']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(await screen.findByTestId('reminders-empty')).toBeInTheDocument();
  });

  it('keeps working when stats and reminders are unavailable, and only logs', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/customers/stats': { status: 404, body: { error: 'Not found' } },
      'GET /api/hires/ending-soon': { status: 503, body: { error: 'Service unavailable' } },
    });
    renderApp('/dashboard');
    expect(
      await screen.findByTestId('stat-totalHires-unavailable', {}, { timeout: 15_000 }),
    ).toHaveTextContent('—');
    // Spec §2, §8: no user message, only the log.
    expect(await screen.findByTestId('reminders-unavailable')).toBeEmptyDOMElement();
    expect(screen.queryByText(/not available/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Quick Actions')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('links the quick actions to the spec destinations', async () => {
    mockFetch({});
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard');
    const expected = {
      'New Hire': '/hires?open_modal=true',
      'Add Site': '/sites?open_modal=true',
      'Manage Users': '/users',
      'View Reports': '/hires',
    };
    for (const [name, href] of Object.entries(expected)) {
      expect(await screen.findByRole('link', { name }, { timeout: 15_000 })).toHaveAttribute('href', href);
    }
  });

  it("lists Plant Reminders with an 'Edit Hire' link per hire", async () => {
    mockFetch(ONE_ENDING_SOON);
    renderApp('/dashboard');
    const reminder = await screen.findByTestId('reminder-42', {}, { timeout: 15_000 });
    expect(within(reminder).getByText('Mini Digger')).toBeInTheDocument();
    expect(
      within(reminder).getByText('\u2068Leeds Depot\u2069 · \u2068Speedy Hire\u2069 · ends 5 Mar 2026'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('plant-reminders')).getByRole('link', { name: 'Edit Hire' }),
    ).toHaveAttribute('href', '/hires?edit=42');
  });

  it('lists Plant Reminders to a viewer without an Edit Hire link (audit AF-3)', async () => {
    signInForTest({ ...testUser, role: 'viewer' });
    mockFetch(ONE_ENDING_SOON);
    renderApp('/dashboard');
    const reminder = await screen.findByTestId('reminder-42', {}, { timeout: 15_000 });
    expect(within(reminder).getByText('Mini Digger')).toBeInTheDocument();
    expect(within(reminder).queryByRole('link', { name: 'Edit Hire' })).not.toBeInTheDocument();
  });

  it('stores a fresh ?token= of the signed-in user as the session token, removes it from the URL and refreshes the profile', async () => {
    const fresh = { ...testUser, name: 'Alice Refreshed' };
    const { calls } = mockFetch({
      'GET /api/auth/profile': { body: { user: fresh, customer: testCustomer } },
      'GET /api/customers/stats': { status: 404 },
      'GET /api/hires/ending-soon': { status: 404 },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const token = fakeJwt({
      userId: testUser.id,
      email: testUser.email,
      role: testUser.role,
      name: testUser.name,
    });
    const { router } = renderApp(`/dashboard?token=${token}&tab=x`);
    await waitFor(() => expect(sessionStore.getState().user?.name).toBe('Alice Refreshed'), {
      timeout: 15_000,
    });
    expect(sessionStore.getState().token).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
    expect(router.state.location.search).toBe('?tab=x');
    expect(calls.find((call) => call.url === '/api/auth/profile')?.headers.Authorization).toBe(
      `Bearer ${token}`,
    );
  });

  it("does not take another account's ?token= from a link (a session swap): the session stays the user's own", async () => {
    mockFetch({
      'GET /api/auth/profile': { body: { user: testUser, customer: testCustomer } },
      'GET /api/customers/stats': { status: 404 },
      'GET /api/hires/ending-soon': { status: 404 },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const theirs = fakeJwt({
      userId: 'someone-else',
      email: 'attacker@example.com',
      role: 'admin',
      name: 'Mallory',
    });
    const { router } = renderApp(`/dashboard?token=${theirs}`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sessionStore.getState().token).toBe('test-token');
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(warn).toHaveBeenCalledWith('A token in the address for another account was not used');
  });
});

describe('Overdue returns panel (spec §2, §9)', () => {
  const item = (n: number): OverdueHire => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    days_overdue: n,
    equipment_name: `Item ${n}`,
    supplier_name: 'Supplier',
    site_name: 'Site',
    target_return_date: '2026-03-01',
    cost_to_date: 100,
  });

  it('shows its empty state when nothing is overdue', async () => {
    render(
      <AppProviders>
        <OverdueReturns items={[]} />
      </AppProviders>,
    );
    expect(await screen.findByTestId('overdue-empty')).toBeInTheDocument();
  });

  it("shows at most 3 items then '... and N more'", async () => {
    render(
      <AppProviders>
        <OverdueReturns items={[1, 2, 3, 4, 5].map(item)} />
      </AppProviders>,
    );
    expect(await screen.findByText('Item 3')).toBeInTheDocument();
    expect(screen.queryByText('Item 4')).not.toBeInTheDocument();
    expect(screen.getByTestId('overdue-more')).toHaveTextContent('... and 2 more');
  });

  it('is filled from GET /hires/overdue, counting every overdue hire in N', async () => {
    const { calls } = mockFetch({
      'GET /api/customers/stats': {
        body: { stats: { totalHires: 9, activeHires: 6, totalSites: 2, totalSpending: 10 } },
      },
      'GET /api/hires/ending-soon': { body: { endingSoon: [] } },
      'GET /api/hires/overdue': {
        body: {
          overdue: [1, 2, 3, 4].map((n) => ({ ...item(n), cost_to_date: 120 * n, site_name: 'Leeds Depot' })),
          total: 7,
        },
      },
    });
    renderApp('/dashboard');
    const panel = await screen.findByTestId('overdue-returns', {}, { timeout: 15_000 });
    await waitFor(() => expect(within(panel).getAllByTestId('overdue-item')).toHaveLength(3));
    expect(within(panel).getByText('Item 1')).toBeInTheDocument();
    expect(
      within(panel).getByText(
        '\u2068Leeds Depot\u2069 · \u2068Supplier\u2069 · due 1 Mar 2026 · £120.00 to date',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByTestId('overdue-more')).toHaveTextContent('... and 4 more');
    expect(calls.some((call) => call.url === '/api/hires/overdue')).toBe(true);
  });

  it('shows nothing when the load fails: it is only logged (spec §8)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/hires/overdue': { status: 503, body: { error: 'Service unavailable' } } });
    renderApp('/dashboard');
    expect(await screen.findByTestId('overdue-unavailable', {}, { timeout: 15_000 })).toBeEmptyDOMElement();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to load overdue returns', expect.anything());
  });
});
