import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '../../test/utils';
import { CardGrid } from './CardGrid';

beforeAll(() => setupI18n('en'));

const empty = { title: 'No equipment yet', hint: 'Add your first item with Add Equipment.' };
const renderCard = (item: { id: number; name: string }) => <p>{item.name}</p>;

describe('CardGrid (spec §2 card lists, 12 per page)', () => {
  it('shows 12 skeleton cards while loading', () => {
    render(
      <CardGrid items={undefined} getKey={(i) => i.id} renderCard={renderCard} isLoading empty={empty} />,
    );
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(12);
    // Said to a screen reader as a status; the placeholders are hidden from it (AT-2).
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getAllByTestId('card-skeleton')[0].closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it("shows the failure with 'Try Again' that reloads", async () => {
    const onRetry = jest.fn();
    render(
      <CardGrid
        items={undefined}
        getKey={(i) => i.id}
        renderCard={renderCard}
        isLoading={false}
        error="Failed to load equipment"
        onRetry={onRetry}
        empty={empty}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load equipment');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says what to do next when there is nothing', () => {
    render(
      <CardGrid items={[]} getKey={(i) => i.id} renderCard={renderCard} isLoading={false} empty={empty} />,
    );
    expect(screen.getByTestId('empty-state')).toHaveTextContent(
      'No equipment yetAdd your first item with Add Equipment.',
    );
  });

  it('lists the cards', () => {
    render(
      <CardGrid
        items={[
          { id: 1, name: 'Mini digger' },
          { id: 2, name: 'Dumper' },
        ]}
        getKey={(i) => i.id}
        renderCard={renderCard}
        isLoading={false}
        empty={empty}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mini digger',
      'Dumper',
    ]);
    expect(screen.queryByTestId('card-skeleton')).not.toBeInTheDocument();
  });
});
