import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetBrowserState, setupI18n } from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => resetBrowserState());

const invitation = {
  email: 'new@example.com',
  name: 'New Person',
  role: 'user',
  customer_name: 'Acme Groundworks',
};

async function submit(name: string | null, password: string, confirm: string) {
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('button', { name: 'Accept Invitation' }, { timeout: 15_000 });
  if (name !== null) {
    await user.clear(screen.getByLabelText('Full name'));
    if (name) await user.type(screen.getByLabelText('Full name'), name);
  }
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Accept Invitation' }));
}

describe('/accept-invite (spec §2 Invitation acceptance, §5, §8 Invitation)', () => {
  it("says 'Invalid invitation link' under 'Invitation problem' without a token", async () => {
    const { calls } = mockFetch({});
    renderApp('/accept-invite');
    expect(
      await screen.findByRole('heading', { name: 'Invitation problem' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Invalid invitation link')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("says 'Invalid or expired invitation' when the check fails", async () => {
    const { calls } = mockFetch({
      'GET /api/invitations/validate': { status: 404, body: { error: 'Invitation not found' } },
    });
    renderApp('/accept-invite?token=abc');
    expect(
      await screen.findByText('Invalid or expired invitation', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitation problem' })).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/invitations/validate?token=abc');
  });

  it('says so when the address got an account since, and points to sign in', async () => {
    mockFetch({
      'GET /api/invitations/validate': {
        status: 409,
        body: { error: 'A user with this email already exists' },
      },
    });
    renderApp('/accept-invite?token=abc');
    expect(
      await screen.findByText(
        'This email address already has an account. Sign in with it instead.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Ask your company administrator to send you a new invitation.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the invited email read-only with name and password fields', async () => {
    mockFetch({ 'GET /api/invitations/validate': { body: { invitation } } });
    renderApp('/accept-invite?token=abc');
    const email = await screen.findByLabelText('Email', {}, { timeout: 15_000 });
    expect(email).toHaveValue('new@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Full name')).toHaveValue('New Person');
    expect(
      screen.getByText('You have been invited to join Acme Groundworks on Planted.'),
    ).toBeInTheDocument();
  });

  it('requires name and password', async () => {
    const { calls } = mockFetch({ 'GET /api/invitations/validate': { body: { invitation } } });
    renderApp('/accept-invite?token=abc');
    await submit('', '', '');
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('accepts the invitation and goes to /login with a success message', async () => {
    const { calls } = mockFetch({
      'GET /api/invitations/validate': { body: { invitation } },
      'POST /api/invitations/accept': { status: 201, body: { user: {}, message: 'Account created' } },
    });
    const { router } = renderApp('/accept-invite?token=abc');
    await submit(null, 'secret1', 'secret1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      token: 'abc',
      name: 'New Person',
      password: 'secret1',
    });
    expect(await screen.findByText('Your account is ready. Please sign in.')).toBeInTheDocument();
    // The new member is greeted as such (not 'Welcome back') and their address is filled in.
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(screen.getByText(/Sign in with your new password/)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(invitation.email);
  });

  it("shows the server's error text, e.g. the plan's user limit", async () => {
    mockFetch({
      'GET /api/invitations/validate': { body: { invitation } },
      'POST /api/invitations/accept': { status: 403, body: { error: 'User limit reached for this plan' } },
    });
    renderApp('/accept-invite?token=abc');
    await submit(null, 'secret1', 'secret1');
    expect(await screen.findByText('User limit reached for this plan')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitation problem' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to accept invitation'", async () => {
    mockFetch({
      'GET /api/invitations/validate': { body: { invitation } },
      'POST /api/invitations/accept': { status: 500 },
    });
    renderApp('/accept-invite?token=abc');
    await submit(null, 'secret1', 'secret1');
    expect(await screen.findByText('Failed to accept invitation')).toBeInTheDocument();
  });
});
