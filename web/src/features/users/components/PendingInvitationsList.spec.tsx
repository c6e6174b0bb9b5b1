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

const IVY = '00000000-0000-4000-8000-000000000101';
const NED = '00000000-0000-4000-8000-000000000102';

const invitations = [
  {
    id: IVY,
    email: 'ivy@example.com',
    name: 'Ivy Invitee',
    role: 'viewer',
    expires_at: '2026-04-01T12:00:00.000Z',
    created_at: '2026-03-25T12:00:00.000Z',
    invited_by_name: 'Alice Admin',
  },
  {
    id: NED,
    email: 'ned@example.com',
    name: null,
    role: 'user',
    expires_at: '2026-04-09T12:00:00.000Z',
    created_at: '2026-03-26T12:00:00.000Z',
    invited_by_name: 'Alice Admin',
  },
];

const pendingAnswer = (over: Record<string, unknown> = {}) => ({
  body: { invitations, seats: { used: 1, pending: 2, limit: 2, plan: 'free' }, ...over },
});

const users = { body: { users: [testUser] } };

const invitationGets = (calls: { url: string; method: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url === '/api/invitations');

describe('Users: pending invitations (issue 7 item 5; spec §2 Users, §9 plan user limits)', () => {
  it('lists pending invitations with email, name, role and expiry (d MMM yyyy), and the seats', async () => {
    signInForTest();
    mockFetch({ 'GET /api/users': users, 'GET /api/invitations': pendingAnswer() });
    renderApp('/users');
    const ivy = await screen.findByTestId(`invitation-row-${IVY}`, {}, { timeout: 15_000 });
    expect(within(ivy).getByText('Ivy Invitee · ivy@example.com')).toBeInTheDocument();
    expect(within(ivy).getByText('Viewer · Expires 1 Apr 2026')).toBeInTheDocument();
    const ned = screen.getByTestId(`invitation-row-${NED}`);
    expect(within(ned).getByText('ned@example.com')).toBeInTheDocument();
    expect(within(ned).getByText('User · Expires 9 Apr 2026')).toBeInTheDocument();
    expect(screen.getByTestId('seats-line')).toHaveTextContent(
      /^1 of 2 seats used \(Free Edition\) · 2 invitations pending$/,
    );
    expect(screen.getByTestId('seats-full')).toHaveTextContent(
      'No seat is left for another invitation: revoke one or upgrade your plan.',
    );
  });

  it('says nothing of a full plan while a seat is free', async () => {
    signInForTest();
    mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer({ seats: { used: 1, pending: 2, limit: 5, plan: 'teams' } }),
    });
    renderApp('/users');
    expect(await screen.findByTestId('seats-line', {}, { timeout: 15_000 })).toHaveTextContent(
      /^1 of 5 seats used/,
    );
    expect(screen.queryByTestId('seats-full')).not.toBeInTheDocument();
  });

  it('says an invitation to an address already pending was sent again, its earlier link no longer working', async () => {
    signInForTest();
    mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer(),
      'POST /api/invitations': {
        status: 201,
        body: {
          invitation: { ...invitations[0], id: '00000000-0000-4000-8000-000000000103' },
          message: 'sent',
        },
      },
    });
    renderApp('/users');
    await screen.findByTestId(`invitation-row-${IVY}`, {}, { timeout: 15_000 });
    const user = userEvent.setup({ delay: null });
    const form = screen.getByRole('form', { name: 'Invite a user' });
    await user.type(within(form).getByLabelText('Email'), ' IVY@example.com');
    // Before sending: it replaces a Viewer invitation with one as the role now chosen (User).
    expect(await within(form).findByTestId('invite-replaces-pending')).toHaveTextContent(
      'ivy@example.com already has a pending invitation as Viewer. Sending replaces it with one as User; to send the same one again, use Resend under Pending invitations.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send Invite' }));
    expect(
      await screen.findByText(
        'Invitation sent to ivy@example.com again, as Viewer: the earlier link no longer works',
      ),
    ).toBeInTheDocument();
  });

  it("says 'unlimited' for a plan without a user limit, and 'No pending invitations.' when there are none", async () => {
    signInForTest();
    mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer({
        invitations: [],
        seats: { used: 7, pending: 0, limit: null, plan: 'unlimited' },
      }),
    });
    renderApp('/users');
    expect(await screen.findByText('No pending invitations.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('seats-line')).toHaveTextContent(/^7 seats used, unlimited \(Unlimited\)$/);
  });

  it("shows 'Loading invitations...' and then the server's error, else 'Failed to load invitations'", async () => {
    signInForTest();
    mockFetch({ 'GET /api/users': users, 'GET /api/invitations': { status: 500 } });
    renderApp('/users');
    expect(await screen.findByText('Loading invitations...', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load invitations')).toBeInTheDocument();
  });

  it('resends an invitation, says so, and asks for the list again', async () => {
    signInForTest();
    const { calls } = mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer(),
      [`POST /api/invitations/${IVY}/resend`]: {
        body: { invitation: { ...invitations[0], expires_at: '2026-04-08T12:00:00.000Z' }, message: 'sent' },
      },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const ivy = await screen.findByTestId(`invitation-row-${IVY}`, {}, { timeout: 15_000 });
    await user.click(within(ivy).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Invitation sent again to ivy@example.com')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === `/api/invitations/${IVY}/resend`)).toHaveLength(1);
    await waitFor(() => expect(invitationGets(calls)).toHaveLength(2));
  });

  it("shows the server's error when a resend fails, else 'Failed to resend invitation'", async () => {
    signInForTest();
    mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer(),
      [`POST /api/invitations/${IVY}/resend`]: { status: 404, body: { error: 'Invitation not found' } },
      [`POST /api/invitations/${NED}/resend`]: { status: 500 },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const ivy = await screen.findByTestId(`invitation-row-${IVY}`, {}, { timeout: 15_000 });
    await user.click(within(ivy).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Invitation not found')).toBeInTheDocument();
    await user.click(
      within(screen.getByTestId(`invitation-row-${NED}`)).getByRole('button', { name: 'Resend' }),
    );
    expect(await screen.findByText('Failed to resend invitation')).toBeInTheDocument();
  });

  it('revokes only after confirmation, says so, and asks for the list again', async () => {
    signInForTest();
    const { calls } = mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer(),
      [`DELETE /api/invitations/${NED}`]: { body: { message: 'Invitation revoked' } },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const ned = await screen.findByTestId(`invitation-row-${NED}`, {}, { timeout: 15_000 });

    await user.click(within(ned).getByRole('button', { name: 'Revoke' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke invitation?' });
    expect(dialog).toHaveTextContent('The invitation link sent to ned@example.com will stop working.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(within(ned).getByRole('button', { name: 'Revoke' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation to ned@example.com revoked')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/invitations/${NED}`,
    ]);
    await waitFor(() => expect(invitationGets(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Failed to revoke invitation' when a revoke fails without a server message", async () => {
    signInForTest();
    mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer(),
      [`DELETE /api/invitations/${IVY}`]: { status: 500 },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const ivy = await screen.findByTestId(`invitation-row-${IVY}`, {}, { timeout: 15_000 });
    await user.click(within(ivy).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Failed to revoke invitation')).toBeInTheDocument();
  });

  it('asks for the pending list again after an invitation is sent', async () => {
    signInForTest();
    const { calls } = mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer(),
      'POST /api/invitations': {
        status: 201,
        body: {
          invitation: {
            id: IVY,
            email: 'new@example.com',
            name: null,
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
    await screen.findByTestId(`invitation-row-${IVY}`);
    expect(invitationGets(calls)).toHaveLength(1);
    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send Invite' }));
    await waitFor(() => expect(invitationGets(calls)).toHaveLength(2));
  });

  it('is not shown to, nor asked for by, users who are not administrators', async () => {
    signInForTest({ ...testUser, role: 'viewer' });
    const { calls } = mockFetch({ 'GET /api/users': users, 'GET /api/invitations': pendingAnswer() });
    renderApp('/users');
    expect(await screen.findByTestId('invite-admin-only', {}, { timeout: 15_000 })).toBeInTheDocument();
    await screen.findByTestId(`user-row-${testUser.id}`);
    expect(screen.queryByTestId('pending-invitations')).not.toBeInTheDocument();
    expect(invitationGets(calls)).toHaveLength(0);
  });

  it('speaks Spanish: the seats line, the expiry, and a server text the contracts word', async () => {
    signInForTest({ ...testUser, language_preference: 'es' });
    mockFetch({
      'GET /api/users': users,
      'GET /api/invitations': pendingAnswer(),
      [`POST /api/invitations/${IVY}/resend`]: { status: 404, body: { error: 'Invitation not found' } },
    });
    renderApp('/users');
    const user = userEvent.setup({ delay: null });
    const ivy = await screen.findByTestId(`invitation-row-${IVY}`, {}, { timeout: 15_000 });
    expect(screen.getByTestId('seats-line')).toHaveTextContent(
      /^1 de 2 plazas ocupadas \(Edición Gratuita\) · 2 invitaciones pendientes$/,
    );
    expect(screen.getByTestId('seats-full')).toHaveTextContent(
      'No queda ninguna plaza para otra invitación: revoca una o mejora tu plan.',
    );
    expect(within(ivy).getByText('Observador · Caduca el 1 abr 2026')).toBeInTheDocument();
    await user.click(within(ivy).getByRole('button', { name: 'Reenviar' }));
    expect(await screen.findByText('No se ha encontrado la invitación')).toBeInTheDocument();
  });
});
