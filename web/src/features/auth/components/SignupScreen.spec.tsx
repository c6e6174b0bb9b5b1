import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../lib/navigation';
import { sessionStore } from '../../../lib/session-store';
import {
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  testCustomer,
  testUser,
} from '../../../test/utils';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  // The dashboard these flows land on logs its (not yet existing) endpoints' failures.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const LABELS = {
  customerName: 'Company name',
  customerAddress: 'Company address',
  userName: 'Your name',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

async function fill(values: Partial<Record<keyof typeof LABELS, string>>) {
  const user = userEvent.setup({ delay: null });
  await screen.findByRole('heading', { name: 'Create your account' }, { timeout: 15_000 });
  for (const [field, value] of Object.entries(values)) {
    const input = screen.getByLabelText(LABELS[field as keyof typeof LABELS]);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

const validForm = {
  customerName: 'Acme Groundworks',
  customerAddress: '1 High Street, Leeds LS1 1AA',
  userName: 'Alice Admin',
  email: 'alice@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

describe('Signup (spec §2 /signup, §5 Signup, §8 Registration failure)', () => {
  it('shows every rule message of spec §5 on an empty form', async () => {
    const { calls } = mockFetch({});
    renderApp('/signup');
    const user = await fill({});
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const text of [
      'Company name is required',
      'Address is required',
      'Name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('shows the length, email and match messages', async () => {
    mockFetch({});
    renderApp('/signup');
    const user = await fill({
      customerName: 'A',
      customerAddress: 'Short',
      userName: 'B',
      email: 'nope',
      password: '123',
      confirmPassword: '456',
    });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Company name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Address must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('registers, stores the session and opens the dashboard', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/register': {
        status: 201,
        body: { token: 'new-token', user: testUser, customer: testCustomer },
      },
    });
    const { router } = renderApp('/signup');
    const user = await fill(validForm);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls[0].body).toEqual({
      customerName: 'Acme Groundworks',
      customerAddress: '1 High Street, Leeds LS1 1AA',
      userName: 'Alice Admin',
      email: 'alice@example.com',
      password: 'secret1',
    });
    expect(sessionStore.getState()).toMatchObject({ status: 'authenticated', token: 'new-token' });
  });

  it("shows the server's error, e.g. a taken email", async () => {
    mockFetch({ 'POST /api/auth/register': { status: 409, body: { error: 'Email already registered' } } });
    renderApp('/signup');
    const user = await fill(validForm);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email already registered')).toBeInTheDocument();
  });

  it('maps field errors (details: param, msg) onto the fields', async () => {
    mockFetch({
      'POST /api/auth/register': {
        status: 400,
        body: {
          details: [
            { param: 'customerAddress', msg: 'Address looks incomplete' },
            { param: 'email', msg: 'Email domain not accepted' },
          ],
        },
      },
    });
    renderApp('/signup');
    const user = await fill(validForm);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Address looks incomplete')).toBeInTheDocument();
    expect(screen.getByLabelText('Company address')).toHaveAccessibleDescription('Address looks incomplete');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email domain not accepted');
    expect(screen.queryByText('Registration failed. Please try again.')).not.toBeInTheDocument();
  });

  it('falls back to the generic registration message', async () => {
    mockFetch({ 'POST /api/auth/register': { status: 500 } });
    renderApp('/signup');
    const user = await fill(validForm);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
  });

  it('offers social sign-up with state=signup', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch({});
    renderApp('/signup');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign up with Apple' }, { timeout: 15_000 }));
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(assign.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/apple?state=signup',
      '/api/auth/google?state=signup',
    ]);
    assign.mockRestore();
  });
});

describe('Signup social completion mode (spec §2, §4 Social sign-in)', () => {
  const path = '/signup?error=no_tenancy&googleId=g-123&email=sam%40example.com&name=Sam%20Smith';

  it('prefills email and name, hides the passwords and says authentication succeeded', async () => {
    mockFetch({});
    renderApp(path);
    expect(
      await screen.findByRole('button', { name: 'Complete Your Signup' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    // The address Google vouched for is the only one completion accepts: shown, not editable.
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(
      screen.getByText(/The address Google gave us\. To use another, sign up with an email/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveValue('Sam Smith');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Confirm password')).not.toBeInTheDocument();
    expect(screen.getByTestId('social-completion-notice')).toHaveTextContent(
      'Authentication with Google was successful. Please complete your company details',
    );
    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).not.toBeInTheDocument();
  });

  it('completes the signup, loads the company and profile, then opens the dashboard', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/google/complete-signup': {
        status: 201,
        body: { token: 'oauth-token', user: testUser },
      },
      'GET /api/customers': { body: { customer: testCustomer } },
      'GET /api/auth/profile': { body: { user: { ...testUser, name: 'Sam Smith' }, customer: testCustomer } },
    });
    const { router } = renderApp(path);
    const user = await fill({ customerName: 'Smith Plant', customerAddress: '22 Station Road, York' });
    await user.click(screen.getByRole('button', { name: 'Complete Your Signup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.map((call) => `${call.method} ${call.url}`).slice(0, 3)).toEqual([
      'POST /api/auth/google/complete-signup',
      'GET /api/customers',
      'GET /api/auth/profile',
    ]);
    expect(calls[0].body).toEqual({
      email: 'sam@example.com',
      customerName: 'Smith Plant',
      customerAddress: '22 Station Road, York',
      userName: 'Sam Smith',
      googleId: 'g-123',
    });
    expect(calls[1].headers.Authorization).toBe('Bearer oauth-token');
    expect(sessionStore.getState()).toMatchObject({
      token: 'oauth-token',
      customer: testCustomer,
      user: { name: 'Sam Smith' },
    });
  });

  it('shows the server error, else the OAuth fallback', async () => {
    mockFetch({ 'POST /api/auth/microsoft/complete-signup': { status: 500 } });
    renderApp('/signup?error=no_tenancy&microsoftId=m-1&email=sam%40example.com&name=Sam');
    const user = await fill({ customerName: 'Smith Plant', customerAddress: '22 Station Road, York' });
    await user.click(screen.getByRole('button', { name: 'Complete Your Signup' }));
    expect(await screen.findByText('Failed to complete OAuth signup')).toBeInTheDocument();
  });
});
