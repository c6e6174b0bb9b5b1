import { useEffect } from 'react';

/**
 * A page past the last one (a stale or shared link, the last item of the last page completed,
 * unfavourited or deleted): the list moves to the last page there is, rather than show an empty
 * list, with the empty-list message and no pagination to leave it by. Answers whether the page
 * is gone (until the address has moved).
 */
export function usePageInRange(
  page: number,
  lastPage: number | undefined,
  setFilters: (filters: { page: number }) => void,
): boolean {
  const gone = lastPage !== undefined && page > Math.max(1, lastPage);
  useEffect(() => {
    if (gone) setFilters({ page: Math.max(1, lastPage ?? 1) });
  }, [gone, lastPage, setFilters]);
  return gone;
}
