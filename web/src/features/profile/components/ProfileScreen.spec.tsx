import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session-store';
import {
  mockFetch,
  renderApp,
  resetBrowserState,
  setupI18n,
  signInForTest,
  testCustomer,
  testUser,
} from '../../../test/utils';
import { uploadProfilePicture } from '../api/upload-profile-picture';
import { validateProfileImage } from '../validation';
import { changePasswordFormSchema } from '../schemas';

beforeAll(() => setupI18n('en'));
beforeEach(() => {
  resetBrowserState();
  signInForTest();
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('profile picture rules (spec §5 Profile)', () => {
  it('accepts images up to 10MB', () => {
    expect(validateProfileImage({ type: 'image/png', size: 10_485_760 })).toBeNull();
  });
  it('rejects non-images', () => {
    expect(validateProfileImage({ type: 'application/pdf', size: 100 })).toBe('IMAGE_NOT_IMAGE');
    expect(validateProfileImage({ type: '', size: 100 })).toBe('IMAGE_NOT_IMAGE');
  });
  it('rejects images over 10MB', () => {
    expect(validateProfileImage({ type: 'image/jpeg', size: 10_485_761 })).toBe('IMAGE_TOO_LARGE');
  });

  it('uploads the crop as multipart field profilePicture named profile-picture.jpg', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/profile-picture': { body: { user: testUser, profile_picture_url: '/files/p.jpg' } },
    });
    await uploadProfilePicture(new Blob(['jpeg'], { type: 'image/jpeg' }));
    const form = calls[0].body as FormData;
    const file = form.get('profilePicture') as File;
    expect(file.name).toBe('profile-picture.jpg');
    expect(file.type).toBe('image/jpeg');
  });
});

describe('password change rules (spec §5 Password change)', () => {
  const messages = (values: Record<string, string>) =>
    changePasswordFormSchema.safeParse(values).error?.issues.map((issue) => [issue.path[0], issue.message]);

  it('requires all three fields', () => {
    expect(messages({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual(
      expect.arrayContaining([
        ['currentPassword', 'Current password is required'],
        ['newPassword', 'New password is required'],
        ['confirmPassword', 'Please confirm your password'],
      ]),
    );
  });
  it('wants new and confirm to match, and at least 6 characters', () => {
    expect(messages({ currentPassword: 'a', newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual([
      ['confirmPassword', 'New passwords do not match'],
    ]);
    expect(messages({ currentPassword: 'a', newPassword: 'abc', confirmPassword: 'abc' })).toEqual([
      ['newPassword', 'New password must be at least 6 characters'],
    ]);
  });
});

describe('Profile screen (spec §2 Profile)', () => {
  async function openProfile() {
    const view = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 15_000 });
    return view;
  }

  it('rejects a non-image and a file over 10MB before any upload', async () => {
    const { calls } = mockFetch({});
    await openProfile();
    const input = screen.getByTestId('profile-picture-input');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Image must be less than 10MB')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('closes the crop dialog with "Please select an image file" when the browser cannot show the file', async () => {
    // jsdom has no object URLs; the browser would give the dialog a blob: URL of the file.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:picked';
    URL.revokeObjectURL = () => undefined;
    try {
      const { calls } = mockFetch({});
      await openProfile();
      fireEvent.change(screen.getByTestId('profile-picture-input'), {
        target: { files: [new File(['not really a png'], 'photo.png', { type: 'image/png' })] },
      });
      const dialog = await screen.findByRole('dialog', { name: 'Crop your picture' });
      expect(within(dialog).getByTestId('crop-save')).toBeDisabled();
      fireEvent.error(dialog.querySelector('img')!);
      expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('updates name and email and shows the role read-only', async () => {
    const { calls } = mockFetch({
      'PUT /api/auth/profile': { body: { user: { ...testUser, name: 'Alice B' }, token: 'renamed-token' } },
    });
    await openProfile();
    const user = userEvent.setup({ delay: null });
    // Read-only text, not a field: nothing to type into, and the admin is told they are the administrator.
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Administrator');
    expect(screen.queryByRole('textbox', { name: 'Role' })).not.toBeInTheDocument();
    expect(screen.getByText('You are the company administrator.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Alice B');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { name: 'Alice B', email: 'alice@example.com' } });
    expect(sessionStore.getState().user?.name).toBe('Alice B');
    // The answer's fresh token carries the new name: the session goes on with it.
    expect(sessionStore.getState().token).toBe('renamed-token');
  });

  it('shows the values saved (trimmed, email in lower case), not those typed', async () => {
    mockFetch({
      'PUT /api/auth/profile': {
        body: {
          user: { ...testUser, name: 'Alice B', email: 'alice.b@example.com' },
          token: 'renamed-token',
        },
      },
    });
    await openProfile();
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), '  Alice B  ');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Alice.B@Example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue('Alice B'));
    expect(screen.getByLabelText('Email')).toHaveValue('alice.b@example.com');
  });

  it('refreshes the profile and team queries after saving (userChanged)', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const { userChanged } = await import('../../../lib/session-api');
    const client = new QueryClient();
    client.setQueryData(['session', 'profile'], { user: testUser });
    client.setQueryData(['users', 'list'], [testUser]);
    client.setQueryData(['hires', 'list', {}], []);
    await userChanged(client, { ...testUser, name: 'Alice B' });
    expect(client.getQueryState(['session', 'profile'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['users', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['hires', 'list', {}])?.isInvalidated).toBe(false);
    expect(sessionStore.getState().user?.name).toBe('Alice B');
  });

  it('requires full name and email, and falls back to the spec message on failure', async () => {
    mockFetch({ 'PUT /api/auth/profile': { status: 500 } });
    await openProfile();
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText('Full name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    // At least 2 characters, as at sign-up and invitation (spec §9).
    await user.type(screen.getByLabelText('Full name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'lice');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it("changes the password and shows the server's error text", async () => {
    const { calls } = mockFetch({
      'PUT /api/auth/change-password': { status: 400, body: { error: 'Current password is incorrect' } },
    });
    await openProfile();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'old-pass');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm new password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New password must be at least 6 characters')).toBeInTheDocument();
    // The password already held is no change.
    for (const field of ['New password', 'Confirm new password']) {
      await user.clear(screen.getByLabelText(field));
      await user.type(screen.getByLabelText(field), 'old-pass');
    }
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('New password must be different from the current password'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new-pass');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ currentPassword: 'old-pass', newPassword: 'new-pass' });
  });

  it('carries on with the fresh token a password change answers (the old one has ended)', async () => {
    mockFetch({
      'PUT /api/auth/change-password': {
        body: { message: 'Password changed successfully', token: 'fresh-token' },
      },
    });
    await openProfile();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Current password'), 'old-pass');
    await user.type(screen.getByLabelText('New password'), 'new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(sessionStore.getState().token).toBe('fresh-token'));
  });

  it('switches dark mode: stores darkMode and selects the business theme', async () => {
    mockFetch({});
    await openProfile();
    expect(document.documentElement.dataset.theme).toBe('corporate');
    await userEvent.setup({ delay: null }).click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(localStorage.getItem('darkMode')).toBe('true');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('business'));
  });

  it('changes the language locally and on the server (spec §1)', async () => {
    const { calls } = mockFetch({
      'PUT /api/users/language': { body: { user: { ...testUser, language_preference: 'es' } } },
    });
    await openProfile();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Language preference' }));
    await user.click(await screen.findByRole('option', { name: 'Español' }));
    expect(await screen.findByText('Preferencia de idioma actualizada')).toBeInTheDocument();
    // Every message's close button speaks the new language too (the theme's, not each message's).
    expect(
      within(screen.getByTestId('language-message')).getByRole('button', { name: 'Cerrar' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('es');
    expect(calls.find((call) => call.url === '/api/users/language')?.body).toEqual({ language: 'es' });
    expect(sessionStore.getState().user?.language_preference).toBe('es');
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
  });

  it("says 'Failed to update language preference' when the server refuses", async () => {
    mockFetch({ 'PUT /api/users/language': { status: 500 } });
    await openProfile();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Language preference' }));
    await user.click(await screen.findByRole('option', { name: 'Español' }));
    expect(
      await screen.findByText('No se ha podido actualizar la preferencia de idioma'),
    ).toBeInTheDocument();
  });

  it('shows account information and Manage Subscription for admins only', async () => {
    mockFetch({});
    const view = await openProfile();
    const account = screen.getByTestId('account-info');
    expect(within(account).getByText('Acme Groundworks Ltd')).toBeInTheDocument();
    // Status as the spec names it (§1, §4: free is shown as Free Edition), as the plan is.
    expect(within(account).getByTestId('account-plan')).toHaveTextContent(/^Free Edition$/);
    expect(within(account).getByTestId('account-status')).toHaveTextContent(/^Free Edition$/);
    expect(within(account).getByText('5 Mar 2026')).toBeInTheDocument();
    // A valid description list: dt/dd pairs in div groups, no other children.
    const list = account.querySelector('dl')!;
    expect([...list.children].map((child) => child.tagName)).toEqual(['DIV', 'DIV', 'DIV', 'DIV']);
    for (const group of list.children)
      expect([...group.children].map((child) => child.tagName)).toEqual(['DT', 'DD']);
    expect(within(account).getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    view.unmount();

    resetBrowserState();
    signInForTest({ ...testUser, role: 'user' });
    await openProfile();
    expect(screen.queryByRole('link', { name: 'Manage Subscription' })).not.toBeInTheDocument();
  });

  it.each([
    ['teams', 'active', 'Teams Edition', 'Active'],
    ['business', 'past_due', 'Business Edition', 'Inactive'],
    ['free', 'free', 'Free Edition', 'Free Edition'],
  ] as const)('shows plan %s with status %s as %s / %s', async (plan, status, planName, statusLabel) => {
    mockFetch({});
    resetBrowserState();
    // A company row from before plans were stored may still answer null.
    signInForTest(testUser, {
      ...testCustomer,
      subscription_plan: plan as (typeof testCustomer)['subscription_plan'],
      status,
    });
    await openProfile();
    const account = screen.getByTestId('account-info');
    expect(within(account).getByTestId('account-plan')).toHaveTextContent(new RegExp(`^${planName}$`));
    expect(within(account).getByTestId('account-status')).toHaveTextContent(new RegExp(`^${statusLabel}$`));
  });

  it("has one 'Change Picture' button that opens the file picker, and no second tab stop", async () => {
    mockFetch({});
    await openProfile();
    const button = screen.getByRole('button', { name: 'Change Picture' });
    const input = screen.getByTestId('profile-picture-input');
    expect(button).not.toContainElement(input);
    expect(input).not.toBeVisible();
    expect(input).toHaveAttribute('tabindex', '-1');
    const opened = jest.fn();
    input.addEventListener('click', opened);
    await userEvent.setup({ delay: null }).click(button);
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
