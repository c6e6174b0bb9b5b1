import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { useQueryParamsOnce } from './use-query-params-once';

function Probe() {
  const params = useQueryParamsOnce(['open_modal', 'edit'] as const);
  const location = useLocation();
  return (
    <>
      <p data-testid="values">{JSON.stringify(params)}</p>
      <p data-testid="search">{location.search}</p>
    </>
  );
}

describe('useQueryParamsOnce (spec §2 Sites, Hires: params cleared after use)', () => {
  it('reads the parameters once and removes only them from the URL', async () => {
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/hires?open_modal=true&edit=42&page=2']}>
          <Probe />
        </MemoryRouter>,
      );
    });
    expect(JSON.parse(screen.getByTestId('values').textContent!)).toEqual({ open_modal: 'true', edit: '42' });
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2');
  });

  it('leaves the URL alone when none is present', () => {
    render(
      <MemoryRouter initialEntries={['/sites?page=3']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(JSON.parse(screen.getByTestId('values').textContent!)).toEqual({});
    expect(screen.getByTestId('search')).toHaveTextContent('?page=3');
  });
});
