import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const members = [
  { ...testUser },
  {
    ...testUser,
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Bob Builder',
    email: 'bob@example.com',
    role: 'viewer',
  },
];

describe('Users (spec §2 Users, §5 Invite, §8 Profile area)', () => {
  it("lists Team Members with role badges, after 'Loading users...'", async () => {
    // Administrators get a role select instead of the badge (TeamMembersList.spec).
    signInForTest({ ...testUser, role: 'user' });
    mockFetch({ 'GET /api/users': { body: { users: members } } });
    renderApp('/users');
    expect(await screen.findByText('Loading users...', {}, { timeout: 15_000 })).toBeInTheDocument();
    const bob = await screen.findByTestId('user-row-00000000-0000-4000-8000-000000000002');
    expect(within(bob).getByText('Bob Builder')).toBeInTheDocument();
    expect(within(bob).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(bob).getByText('Viewer')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('user-row-00000000-0000-4000-8000-000000000001')).getByText('Administrator'),
    ).toBeInTheDocument();
  });

  it("says 'No users yet.' for an empty list", async () => {
    signInForTest();
    mockFetch({ 'GET /api/users': { body: { users: [] } } });
    renderApp('/users');
    expect(await screen.findByText('No users yet.', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('lets an admin invite with email, optional name and role (user by default)', async () => {
    signInForTest();
    const { calls } = mockFetch({
      'GET /api/users': { body: { users: members } },
      'POST /api/invitations': {
        status: 201,
        body: {
          invitation: {
            id: '00000000-0000-4000-8000-000000000005',
            email: 'new@example.com',
            name: '',
            role: 'user',
            expires_at: '2026-04-01',
          },
          message: 'sent',
        },
      },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'Invite a user' }, { timeout: 15_000 });
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveTextContent('User');
    await user.click(within(form).getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    // The team list is asked again after the invitation (its query is invalidated).
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/users')).toHaveLength(2));
    expect(within(form).getByLabelText('Email')).toHaveValue('');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      name: null,
      role: 'user',
    });
  });

  it('offers the roles user, viewer and admin', async () => {
    signInForTest();
    mockFetch({ 'GET /api/users': { body: { users: members } } });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('combobox', { name: 'Role' }, { timeout: 15_000 }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['User', 'Viewer', 'Administrator']);
  });

  it("shows the server error, else 'Failed to send invite'", async () => {
    signInForTest();
    mockFetch({
      'GET /api/users': { body: { users: members } },
      'POST /api/invitations': { status: 500 },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('form', { name: 'Invite a user' }, { timeout: 15_000 });
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Failed to send invite')).toBeInTheDocument();
  });

  it('shows non-admins a note instead of the invite form', async () => {
    signInForTest({ ...testUser, role: 'user' });
    mockFetch({ 'GET /api/users': { body: { users: members } } });
    renderApp('/users');
    expect(await screen.findByTestId('invite-admin-only', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a user' })).not.toBeInTheDocument();
  });
});
