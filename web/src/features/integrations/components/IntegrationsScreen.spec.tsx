import { screen, waitFor, within } from '@testing-library/react';
import type { IntegrationStatus } from '../../../lib/accounting';
import { i18n } from '../../../lib/i18n';
import {
  integrationStatus,
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  testUser,
  type FakeAnswer,
} from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  signInForTest();
});
afterEach(() => i18n.changeLanguage('en'));

let opened: jest.Mock | null = null;

const status = (over: Partial<IntegrationStatus>) =>
  integrationStatus({ is_active: false, ...over })['GET /api/zahara/status'];

async function open(answer: FakeAnswer) {
  const { fetchMock } = mockFetch({ 'GET /api/zahara/status': answer });
  opened = fetchMock;
  renderApp('/integrations');
  await screen.findByRole('heading', { name: 'Integrations', level: 1, hidden: true }, { timeout: 15_000 });
  return screen.getByTestId('integration-zahara');
}

describe('Integrations (spec §2): the accounting card and its state', () => {
  it('says Active when a key is saved and the integration is active, and opens /zahara', async () => {
    const card = await open(status({ is_active: true }));
    await waitFor(() =>
      expect(within(card).getByTestId('integration-zahara-state')).toHaveTextContent('Active'),
    );
    expect(card).toHaveAttribute('href', '/zahara');
    expect(screen.getByTestId('integration-more')).toHaveTextContent('Coming soon');
  });

  it('says Not configured without a key', async () => {
    const card = await open(status({}));
    await waitFor(() =>
      expect(within(card).getByTestId('integration-zahara-state')).toHaveTextContent('Not configured'),
    );
  });

  it('shows a user who is not an administrator the state too (spec §6), from the status, never the settings', async () => {
    signInForTest({ ...testUser, role: 'user' });
    const card = await open(status({ is_active: true }));
    await waitFor(() =>
      expect(within(card).getByTestId('integration-zahara-state')).toHaveTextContent('Active'),
    );
    expect(opened).not.toHaveBeenCalledWith('/api/zahara/settings', expect.anything());
  });

  it('says Available when the state cannot be read', async () => {
    const card = await open({ status: 500, body: { error: 'Internal server error' } });
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/api/zahara/status', expect.anything()));
    // The refusal has been read by the time the screen is idle again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).getByTestId('integration-zahara-state')).toHaveTextContent('Available');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    mockFetch({ 'GET /api/zahara/status': status({}) });
    renderApp('/integrations');
    const card = await screen.findByTestId('integration-zahara', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(within(card).getByTestId('integration-zahara-state')).toHaveTextContent('Sin configurar'),
    );
  });
});
