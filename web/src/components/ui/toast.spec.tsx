import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button } from '@mui/material';
import { setupI18n } from '../../test/utils';
import { ToastProvider, useToast } from './toast';

beforeAll(() => setupI18n('en'));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Clicks, then lets the lazily loaded message viewport arrive (microtasks only, no timers). */
async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

function Saver() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast.success('Site created successfully')}>Save</Button>
      <Button onClick={() => toast.error('Failed to delete supplier')}>Delete</Button>
    </>
  );
}

describe('toasts (spec §4: messages auto-dismiss after 5 seconds)', () => {
  it('shows a message and removes it after 5 seconds', async () => {
    render(
      <ToastProvider>
        <Saver />
      </ToastProvider>,
    );
    await click('Save');
    expect(screen.getByRole('status')).toHaveTextContent('Site created successfully');
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Site created successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Site created successfully')).not.toBeInTheDocument();
  });

  it('keeps each message its own 5 seconds, announces errors as alerts, and closes on demand', async () => {
    render(
      <ToastProvider>
        <Saver />
      </ToastProvider>,
    );
    await click('Save');
    act(() => jest.advanceTimersByTime(3000));
    await click('Delete');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete supplier');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('Site created successfully')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to delete supplier')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });

  it('needs the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Saver />)).toThrow('useToast must be used inside ToastProvider');
  });
});
