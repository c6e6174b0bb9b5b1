import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, resetBrowserState, setupI18n } from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => resetBrowserState());

const NEUTRAL = {
  message: 'If an account exists for that email, we have sent a link to reset the password.',
};

describe('/forgot-password (issue 8: password reset by email)', () => {
  it("is reached from the login screen's 'Forgot your password?'", async () => {
    mockFetch({});
    const { router } = renderApp('/login');
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('link', { name: 'Forgot your password?' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(
      await screen.findByRole('heading', { name: 'Forgot your password?' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('checks the email with the spec §5 messages before asking the server', async () => {
    const { calls } = mockFetch({});
    renderApp('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }, { timeout: 5000 }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the email and shows the same neutral confirmation whatever the answer says', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/forgot-password': { body: NEUTRAL } });
    renderApp('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 5000 }), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent(
      'If an account exists for ada@example.com, we have sent a link to reset the password.',
    );
    // The form is gone; a keyboard user carries on from the confirmation, not the top of the page.
    expect(screen.getByTestId('forgot-sent')).toHaveFocus();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'ada@example.com' } });
  });

  it("shows the server's error (too many requests)", async () => {
    mockFetch({
      'POST /api/auth/forgot-password': {
        status: 429,
        body: { error: 'Too many attempts. Please try again in 1 minute.' },
      },
    });
    renderApp('/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 5000 }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many attempts. Please try again in 1 minute.')).toBeInTheDocument();
  });
});
