import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupI18n } from '../../test/utils';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SearchInput } from './SearchInput';

beforeAll(() => setupI18n('en'));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('debounced search (spec §9: 300 ms)', () => {
  it('useDebouncedValue settles 300 ms after the last change', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    act(() => jest.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
  });

  it('SearchInput reports once, 300 ms after typing stops', () => {
    const onSearch = jest.fn();
    render(<SearchInput onSearch={onSearch} testId="search" />);
    const input = screen.getByTestId('search');
    for (const text of ['e', 'ex', 'exc', 'exca']) {
      fireEvent.change(input, { target: { value: text } });
      act(() => jest.advanceTimersByTime(100));
    }
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(199));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('exca');
    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('the clear button reports an empty search at once', () => {
    const onSearch = jest.fn();
    render(<SearchInput onSearch={onSearch} initialValue="digger" />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledWith('');
    act(() => jest.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('takes at most the 200 characters the API searches by: a longer paste is cut there', async () => {
    const onSearch = jest.fn();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<SearchInput onSearch={onSearch} testId="search" />);
    await user.click(screen.getByTestId('search'));
    await user.paste('x'.repeat(250));
    act(() => jest.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledWith('x'.repeat(200));
  });
});
