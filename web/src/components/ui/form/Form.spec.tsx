import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '@planted/domain';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { setupI18n } from '../../../test/utils';
import { withConfirmation } from './confirmation';
import { Form } from './Form';
import { FormError } from './FormError';
import { FormTextField } from './FormTextField';
import { SubmitButton } from './SubmitButton';
import { useZodForm } from './use-zod-form';

const schema = withConfirmation(
  z.object({
    email: z.string().trim().min(1, { error: VALIDATION_MESSAGES.EMAIL_REQUIRED }),
    password: z.string().min(6, { error: VALIDATION_MESSAGES.PASSWORD_MIN }),
  }),
  {
    field: 'password',
    confirm: 'confirmPassword',
    requiredMessage: VALIDATION_MESSAGES.CONFIRM_PASSWORD_REQUIRED,
    mismatchMessage: VALIDATION_MESSAGES.PASSWORDS_DO_NOT_MATCH,
  },
);

function Example({
  onSubmit,
  listDetails,
}: {
  onSubmit: (values: unknown) => Promise<unknown>;
  listDetails?: boolean;
}) {
  const form = useZodForm(schema, { defaultValues: { email: '', password: '', confirmPassword: '' } });
  return (
    <Form
      form={form}
      aria-label="Example"
      errorFallback="Failed to save"
      onSubmit={onSubmit}
      listDetails={listDetails}
    >
      <FormError testId="example-error" />
      <FormTextField id="email" name="email" label="Email" />
      <FormTextField id="password" name="password" label="Password" type="password" />
      <FormTextField id="confirm" name="confirmPassword" label="Confirm" type="password" />
      <SubmitButton pendingLabel="Saving...">Save</SubmitButton>
    </Form>
  );
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  email: string,
  password: string,
  confirm: string,
) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm'), confirm);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

beforeAll(() => setupI18n('en'));
afterEach(() => i18n.changeLanguage('en'));

describe('form kit: react-hook-form on zod schemas', () => {
  it('shows every rule message after one submit, mismatch included, and does not submit', async () => {
    const onSubmit = jest.fn();
    render(<Example onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await fill(user, '', 'abc', 'abd');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
    expect(screen.getByLabelText('Confirm')).toHaveAccessibleDescription('Passwords do not match');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows schema messages in the user language', async () => {
    await i18n.changeLanguage('es');
    render(<Example onSubmit={jest.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();
  });

  it('shows the messages of nested fields in the user language too', async () => {
    const nested = z.object({
      contact: z.object({
        email: z.string().trim().min(1, { error: VALIDATION_MESSAGES.EMAIL_REQUIRED }),
      }),
    });
    function NestedExample() {
      const form = useZodForm(nested, { defaultValues: { contact: { email: '' } } });
      return (
        <Form form={form} aria-label="Nested" errorFallback="Failed to save" onSubmit={jest.fn()}>
          <FormTextField id="contact-email" name="contact.email" label="Contact email" />
          <SubmitButton pendingLabel="Saving...">Save</SubmitButton>
        </Form>
      );
    }
    await i18n.changeLanguage('es');
    render(<NestedExample />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();
  });

  it('submits the parsed values', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    render(<Example onSubmit={onSubmit} />);
    await fill(userEvent.setup(), '  a@b.co ', 'secret1', 'secret1');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        email: 'a@b.co',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    );
  });

  it("puts the server's details[] on the fields and its error above the form", async () => {
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError(400, 'Please check the form', [
        { param: 'email', msg: 'Email already registered' },
        { param: 'nickname', msg: 'Not a field of this form' },
      ]),
    );
    render(<Example onSubmit={onSubmit} />);
    await fill(userEvent.setup(), 'a@b.co', 'secret1', 'secret1');
    expect(await screen.findByTestId('example-error')).toHaveTextContent('Please check the form');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email already registered');
    expect(screen.queryByText('Not a field of this form')).not.toBeInTheDocument();
  });

  it('lists each detail once, and not the headline again', async () => {
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError(415, 'Please select an image file', [
        { param: 'image', msg: 'Please select an image file' },
        { param: 'name', msg: 'Name is too long' },
        { param: 'other', msg: 'Name is too long' },
      ]),
    );
    render(<Example onSubmit={onSubmit} listDetails />);
    await fill(userEvent.setup(), 'a@b.co', 'secret1', 'secret1');
    const alert = await screen.findByTestId('example-error');
    expect(alert).toHaveTextContent('Please select an image file');
    expect(Array.from(alert.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Name is too long',
    ]);
  });

  it("falls back to the screen's message when the server says nothing", async () => {
    render(<Example onSubmit={jest.fn().mockRejectedValue(new ApiError(500, null))} />);
    await fill(userEvent.setup(), 'a@b.co', 'secret1', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save');
  });

  it('lets the error above the form go after 5 seconds (spec §4), keeping what was typed', async () => {
    jest.useFakeTimers();
    try {
      render(
        <Example onSubmit={jest.fn().mockRejectedValue(new ApiError(409, 'Email already registered'))} />,
      );
      await fill(
        userEvent.setup({ advanceTimers: jest.advanceTimersByTime }),
        'a@b.co',
        'secret1',
        'secret1',
      );
      expect(await screen.findByTestId('example-error')).toHaveTextContent('Email already registered');
      act(() => jest.advanceTimersByTime(4_900));
      expect(screen.getByTestId('example-error')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByTestId('example-error')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('a@b.co');
    } finally {
      jest.useRealTimers();
    }
  });

  it('disables the submit button and shows its busy label while the submit runs', async () => {
    let finish: () => void = () => undefined;
    render(<Example onSubmit={() => new Promise<void>((resolve) => (finish = resolve))} />);
    await fill(userEvent.setup(), 'a@b.co', 'secret1', 'secret1');
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
