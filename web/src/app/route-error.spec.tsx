import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetBrowserState, setupI18n, signInForTest, testUser } from '../test/utils';

// The Sites screen fails as a screen whose code could not be downloaded does (the server
// unreachable for a moment): its module throws where the screen should render.
jest.mock('../features/sites/components/SitesScreen', () => ({
  SitesScreen: () => {
    throw new TypeError('Failed to fetch dynamically imported module');
  },
}));

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('a screen that fails (audit AV-2)', () => {
  it('fails inside the layout: the navigation stays, and another screen opens from it', async () => {
    signInForTest(testUser);
    mockFetch({
      'GET /api/customers/stats': { status: 404, body: { error: 'Not found' } },
      'GET /api/hires/ending-soon': { status: 503, body: { error: 'Service unavailable' } },
    });
    const { router } = renderApp('/sites');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(alert).getByText('Something went wrong')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation');
    await userEvent.setup({ delay: null }).click(within(navigation).getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByText('Welcome back, Alice Admin!', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
