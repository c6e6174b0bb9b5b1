import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '../../test/utils';
import { NumberedPagination, PageOfPagination } from './Pagination';

beforeAll(() => setupI18n('en'));

describe('NumberedPagination (spec §2 Suppliers)', () => {
  it('shows at most 7 slots with ellipses for 20 pages at page 10, and Previous/Next', async () => {
    const onPageChange = jest.fn();
    render(<NumberedPagination page={10} totalPages={20} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav).getAllByRole('button', { name: /^Go to page/ });
    expect(pages.map((button) => button.textContent)).toEqual(['1', '9', '10', '11', '20']);
    expect(nav).toHaveTextContent('1…91011…20');
    expect(within(nav).getByRole('button', { name: 'Go to page 10' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    await user.click(within(nav).getByRole('button', { name: 'Go to page 20' }));
    expect(onPageChange.mock.calls).toEqual([[11], [9], [20]]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<NumberedPagination page={1} totalPages={3} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<NumberedPagination page={3} totalPages={3} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows nothing for a single page', () => {
    const { container } = render(<NumberedPagination page={1} totalPages={1} onPageChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('NumberedPagination without ellipses (spec §2 Equipment)', () => {
  it('shows Previous, a run of 5 numbered pages around the current one, and Next', async () => {
    const onPageChange = jest.fn();
    render(<NumberedPagination ellipses={false} page={10} totalPages={20} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav).getAllByRole('button', { name: /^Go to page/ });
    expect(pages.map((button) => button.textContent)).toEqual(['8', '9', '10', '11', '12']);
    expect(nav).not.toHaveTextContent('…');
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Go to page 12' }));
    expect(onPageChange).toHaveBeenCalledWith(12);
  });
});

describe('PageOfPagination (spec §2 Hires)', () => {
  it("shows Previous, 'Page X of Y' and Next", async () => {
    const onPageChange = jest.fn();
    render(<PageOfPagination page={2} totalPages={5} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
