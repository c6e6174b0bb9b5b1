import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetBrowserState, setupI18n } from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => resetBrowserState());

async function submit(password: string, confirm: string) {
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('button', { name: 'Reset Password' }, { timeout: 5000 });
  if (password) await user.type(screen.getByLabelText('New password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('/reset-password (issue 8: password reset by email)', () => {
  it('says the link is invalid without a token, and offers a new one', async () => {
    const { calls } = mockFetch({});
    renderApp('/reset-password');
    expect(await screen.findByText('Invalid password reset link', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(calls).toHaveLength(0);
  });

  it('takes the token out of the address bar at once', async () => {
    mockFetch({});
    const { router } = renderApp('/reset-password?token=secret-token&lang=en');
    await screen.findByRole('button', { name: 'Reset Password' }, { timeout: 5000 });
    await waitFor(() => expect(router.state.location.search).toBe('?lang=en'));
  });

  it('applies the signup password rules (spec §5) before asking the server', async () => {
    const { calls } = mockFetch({});
    renderApp('/reset-password?token=secret-token');
    await submit('', '');
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await submit('12345', '12345');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("refuses mismatched passwords with 'Passwords do not match'", async () => {
    mockFetch({});
    renderApp('/reset-password?token=secret-token');
    await submit('new-pass-1', 'new-pass-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('sends token and password, then goes to /login with a message', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/reset-password': { body: { message: 'ok' } } });
    const { router } = renderApp('/reset-password?token=secret-token');
    await submit('new-pass-1', 'new-pass-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token: 'secret-token', password: 'new-pass-1' },
    });
    expect(
      await screen.findByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeInTheDocument();
  });

  it("shows the server's message for a used or expired link", async () => {
    mockFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { error: 'This password reset link is invalid or has expired. Please request a new one.' },
      },
    });
    renderApp('/reset-password?token=used-token');
    await submit('new-pass-1', 'new-pass-1');
    expect(
      await screen.findByText(
        'This password reset link is invalid or has expired. Please request a new one.',
      ),
    ).toBeInTheDocument();
  });
});
