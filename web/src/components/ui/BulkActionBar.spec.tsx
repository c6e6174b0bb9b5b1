import { useState } from 'react';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Checkbox } from '@mui/material';
import { setupI18n } from '../../test/utils';
import { useSelection } from '../../lib/use-selection';
import { BulkActionBar } from './BulkActionBar';

beforeAll(() => setupI18n('en'));

describe('useSelection', () => {
  it('toggles items, selects all, clears, and drops ids that leave the list', () => {
    const { result, rerender } = renderHook(({ ids }) => useSelection(ids), {
      initialProps: { ids: ['a', 'b', 'c'] },
    });
    act(() => result.current.toggle('a'));
    expect([...result.current.selected]).toEqual(['a']);
    expect(result.current.someSelected).toBe(true);
    act(() => result.current.toggleAll());
    expect(result.current.allSelected).toBe(true);
    expect(result.current.count).toBe(3);
    rerender({ ids: ['b', 'c', 'd'] });
    expect([...result.current.selected]).toEqual(['b', 'c']);
    act(() => result.current.clear());
    expect(result.current.count).toBe(0);
  });
});

function Hires() {
  const ids = ['h1', 'h2', 'h3'];
  const selection = useSelection(ids);
  const [done, setDone] = useState<string[]>([]);
  return (
    <>
      <BulkActionBar selection={selection}>
        <Button onClick={() => setDone([...selection.selected])}>Mark Completed</Button>
      </BulkActionBar>
      {ids.map((id) => (
        <Checkbox
          key={id}
          checked={selection.isSelected(id)}
          onChange={() => selection.toggle(id)}
          slotProps={{ input: { 'aria-label': id } }}
        />
      ))}
      <p data-testid="done">{done.join(',')}</p>
    </>
  );
}

describe('BulkActionBar (spec §2 Hires bulk selection)', () => {
  it('shows N selected, Clear and the actions once something is selected', async () => {
    const user = userEvent.setup();
    render(<Hires />);
    expect(screen.queryByRole('button', { name: 'Mark Completed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'h2' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark Completed' }));
    expect(screen.getByTestId('done')).toHaveTextContent('h1,h2,h3');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'h1' })).not.toBeChecked();
  });

  it('sticks to the top of the window while something is selected, so the actions stay in reach', async () => {
    const user = userEvent.setup();
    render(<Hires />);
    const bar = screen.getByRole('toolbar');
    expect(bar).not.toHaveStyle({ position: 'sticky' });
    await user.click(screen.getByRole('checkbox', { name: 'h1' }));
    expect(bar).toHaveStyle({ position: 'sticky' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(bar).not.toHaveStyle({ position: 'sticky' });
  });
});
