import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import {
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  testUser,
} from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => resetBrowserState());
afterEach(() => i18n.changeLanguage('en'));

const BOB = '00000000-0000-4000-8000-000000000002';
const bob = { ...testUser, id: BOB, name: 'Bob Builder', email: 'bob@example.com', role: 'viewer' };
const users = { body: { users: [testUser, bob] } };
const LAST_ADMIN =
  'You are the only administrator of your company. Make another user an administrator before changing your role.';

const userGets = (calls: { url: string; method: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url === '/api/users');

async function row(id: string) {
  return screen.findByTestId(`user-row-${id}`, {}, { timeout: 15_000 });
}

describe("Users: an administrator changes roles and removes users (spec §6; issue 8: the user's sessions end)", () => {
  it('shows non-admins the role badges and no controls', async () => {
    signInForTest({ ...testUser, role: 'user' });
    mockFetch({ 'GET /api/users': users });
    renderApp('/users');
    const bobRow = await row(BOB);
    expect(within(bobRow).getByTestId('role-badge')).toHaveTextContent('Viewer');
    expect(within(bobRow).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(bobRow).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it("changes a member's role from the select, says they must sign in again, and refreshes the team", async () => {
    signInForTest();
    const { calls } = mockFetch({
      'GET /api/users': users,
      [`PUT /api/users/${BOB}/role`]: { body: { user: { ...bob, role: 'user' }, message: 'Role updated' } },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    // Named with the member, for a screen reader going through the list.
    const select = within(await row(BOB)).getByRole('combobox', { name: 'Role of Bob Builder' });
    expect(select).toHaveValue('viewer');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Administrator', 'User', 'Viewer']);
    await user.selectOptions(select, 'user');
    // Asked first: a native select changes on one arrow key (AP-3). Cancel changes nothing.
    let dialog = await screen.findByRole('dialog', { name: "Change Bob Builder's role?" });
    expect(dialog).toHaveTextContent('Bob Builder will become User and be signed out of every session.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(select).toHaveValue('viewer');
    await user.selectOptions(select, 'user');
    dialog = await screen.findByRole('dialog', { name: "Change Bob Builder's role?" });
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(
      await screen.findByText('Bob Builder is now User. They will need to sign in again.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'user' });
    await waitFor(() => expect(userGets(calls)).toHaveLength(2));
  });

  it('asks before an administrator changes their own role, and shows why the last one cannot', async () => {
    signInForTest();
    const { calls } = mockFetch({
      'GET /api/users': users,
      [`PUT /api/users/${testUser.id}/role`]: { status: 409, body: { error: LAST_ADMIN } },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const mine = await row(testUser.id);
    expect(within(mine).getByText('Alice Admin (you)')).toBeInTheDocument();
    await user.selectOptions(within(mine).getByRole('combobox', { name: 'Role of Alice Admin' }), 'viewer');
    const dialog = await screen.findByRole('dialog', { name: 'Change your own role?' });
    expect(dialog).toHaveTextContent('You will become Viewer and be signed out.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText(LAST_ADMIN)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list still holds the role the server kept.
    expect(within(mine).getByRole('combobox', { name: 'Role of Alice Admin' })).toHaveValue('admin');
  });

  it('removes a member only after confirming; Cancel keeps them', async () => {
    signInForTest();
    let removed = false;
    const { calls } = mockFetch({
      'GET /api/users': () => ({ body: { users: removed ? [testUser] : [testUser, bob] } }),
      'GET /api/invitations': {
        body: { invitations: [], seats: { used: 2, pending: 0, limit: 2, plan: 'free' } },
      },
      [`DELETE /api/users/${BOB}`]: () => {
        removed = true;
        return { body: { message: 'User removed' } };
      },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    await user.click(within(await row(BOB)).getByRole('button', { name: 'Remove Bob Builder' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove user?' });
    expect(dialog).toHaveTextContent('Bob Builder (bob@example.com) will lose access straight away');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(await row(BOB)).getByRole('button', { name: 'Remove Bob Builder' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bob Builder was removed from your company')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId(`user-row-${BOB}`)).not.toBeInTheDocument());
    // The seats line is asked again too.
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/invitations').length).toBe(2),
    );
  });

  it('speaks Spanish: the controls, the dialog and the refusal', async () => {
    await i18n.changeLanguage('es');
    signInForTest();
    mockFetch({
      'GET /api/users': users,
      [`DELETE /api/users/${testUser.id}`]: {
        status: 409,
        body: {
          error:
            'You are the only administrator of your company. Make another user an administrator before removing yourself.',
        },
      },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const mine = await row(testUser.id);
    expect(within(mine).getByRole('combobox', { name: 'Rol de Alice Admin' })).toHaveValue('admin');
    await user.click(within(mine).getByRole('button', { name: 'Eliminar a Alice Admin' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar usuario?' });
    expect(dialog).toHaveTextContent('Perderás el acceso a tu empresa de inmediato');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText(
        'Eres el único administrador de tu empresa. Haz administrador a otro usuario antes de eliminarte.',
      ),
    ).toBeInTheDocument();
  });
});
