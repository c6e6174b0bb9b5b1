import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '../../test/utils';
import { ConfirmDialog } from './ConfirmDialog';

beforeAll(() => setupI18n('en'));

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <ConfirmDialog
      open
      title="Delete hires"
      message="Deleting 2 hires cannot be undone."
      confirmLabel="Yes, Delete 2 Hire(s)"
      onConfirm={onConfirm}
      onCancel={onCancel}
      destructive
      {...props}
    />,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog (spec §8 Confirmations)', () => {
  it('confirms only on the confirm button, and focuses Cancel first', async () => {
    const { onConfirm, onCancel } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete hires' });
    expect(dialog).toHaveAccessibleDescription('Deleting 2 hires cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, Delete 2 Hire(s)' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('confirms once for a double click whose clicks land before the button is disabled', () => {
    const { onConfirm } = renderDialog();
    const button = screen.getByRole('button', { name: 'Yes, Delete 2 Hire(s)' });
    // Both clicks in one task, as a fast double click (or Playwright's dblclick) sends them.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('confirms again once the work it started has settled (a failure the user retries)', () => {
    const onConfirm = jest.fn();
    const props = {
      open: true,
      title: 'Delete hire',
      message: 'Sure?',
      confirmLabel: 'Delete',
      onConfirm,
      onCancel: jest.fn(),
    };
    const { rerender } = render(<ConfirmDialog {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    rerender(<ConfirmDialog {...props} busy />);
    rerender(<ConfirmDialog {...props} busy={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('cancels on Cancel and on Escape', async () => {
    const { onConfirm, onCancel } = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cannot be confirmed twice while busy', () => {
    renderDialog({ busy: true });
    expect(screen.getByRole('button', { name: 'Yes, Delete 2 Hire(s)' })).toBeDisabled();
  });
});
