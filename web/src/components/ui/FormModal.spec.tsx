import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mui/material';
import { setupI18n } from '../../test/utils';
import { FormModal } from './FormModal';

beforeAll(() => setupI18n('en'));

function HireForm() {
  const [hireOpen, setHireOpen] = useState(false);
  const [quickAddOpen, setQuickAddOpen] = useState(false);
  const [supplierName, setSupplierName] = useState('');
  return (
    <>
      <Button onClick={() => setHireOpen(true)}>New Hire</Button>
      <FormModal open={hireOpen} title="Add Hire" onClose={() => setHireOpen(false)}>
        <Button onClick={() => setQuickAddOpen(true)}>Add supplier</Button>
        <FormModal
          open={quickAddOpen}
          title="Quick add supplier"
          onClose={() => setQuickAddOpen(false)}
          dirty={supplierName !== ''}
        >
          <input
            aria-label="Supplier name"
            value={supplierName}
            onChange={(event) => setSupplierName(event.target.value)}
          />
        </FormModal>
      </FormModal>
    </>
  );
}

describe('FormModal stacking (spec §2 Hires: nested quick-add modals)', () => {
  it('opens a modal on top; Escape closes only the top one and focus returns below', async () => {
    const user = userEvent.setup();
    render(<HireForm />);
    await user.click(screen.getByRole('button', { name: 'New Hire' }));
    const opener = await screen.findByRole('button', { name: 'Add supplier' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Quick add supplier' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quick add supplier' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Add Hire' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add supplier' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Hire' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'New Hire' })).toHaveFocus());
  });

  it('stays open on a click beside it: what was typed is not lost', async () => {
    const user = userEvent.setup();
    render(<HireForm />);
    await user.click(screen.getByRole('button', { name: 'New Hire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Hire' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop!);
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Hire' })).toBeVisible();
  });

  it('asks before Escape throws away a changed form; Cancel keeps it, Discard closes it', async () => {
    const user = userEvent.setup();
    render(<HireForm />);
    await user.click(screen.getByRole('button', { name: 'New Hire' }));
    await user.click(await screen.findByRole('button', { name: 'Add supplier' }));
    await user.type(await screen.findByRole('textbox', { name: 'Supplier name' }), 'Speedy');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(ask).toHaveAccessibleDescription('What you typed in this form will be lost.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Supplier name' })).toHaveValue('Speedy');

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Quick add supplier' })).not.toBeInTheDocument(),
    );
    // The form below it stays: only the top one was discarded.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Add Hire' })).toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<HireForm />);
    await user.click(screen.getByRole('button', { name: 'New Hire' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('gives the focus back to its opener, though opening took the focus from it', async () => {
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button>Before</Button>
          <Button
            onClick={(event) => {
              // As a browser does to a button disabled while the screen checks the plan.
              event.currentTarget.blur();
              setTimeout(() => setOpen(true));
            }}
          >
            Add Equipment
          </Button>
          {open && (
            <FormModal open title="Add equipment" onClose={() => setOpen(false)}>
              <input aria-label="Name" />
            </FormModal>
          )}
        </>
      );
    }
    const user = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Add Equipment' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Add equipment' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('FormModal and leaving the page (audit AK-2)', () => {
  const leave = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('has the browser ask before a reload only while something typed would be lost', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<HireForm />);
    await user.click(screen.getByRole('button', { name: 'New Hire' }));
    await user.click(await screen.findByRole('button', { name: 'Add supplier' }));
    expect(leave()).toBe(false);
    await user.type(await screen.findByLabelText('Supplier name'), 'Speedy');
    expect(leave()).toBe(true);
    await user.clear(screen.getByLabelText('Supplier name'));
    expect(leave()).toBe(false);
    await user.type(screen.getByLabelText('Supplier name'), 'Speedy');
    unmount();
    expect(leave()).toBe(false);
  });
});
