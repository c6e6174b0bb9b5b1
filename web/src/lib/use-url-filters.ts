import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@planted/domain';

/** How a filter is written in the address: free text, a page number (1 up), or an on/off switch. */
export type FilterKind = 'text' | 'page' | 'flag';

export type FilterValues<S extends Record<string, FilterKind>> = {
  [K in keyof S]: S[K] extends 'page' ? number : S[K] extends 'flag' ? boolean : string;
};

const DEFAULTS: Record<FilterKind, string | number | boolean> = { text: '', page: 1, flag: false };

function read(kind: FilterKind, raw: string | null): string | number | boolean {
  if (raw === null) return DEFAULTS[kind];
  if (kind === 'page') {
    const page = Number(raw);
    return Number.isSafeInteger(page) && page >= 1 ? page : 1;
  }
  if (kind === 'flag') return raw === '1' || raw === 'true';
  // A longer text (an edited or shared address) is cut where the search box cuts it: the API
  // refuses a longer search, and no retry could then load the list.
  return raw.slice(0, LIMITS.searchMax);
}

function valuesOf<S extends Record<string, FilterKind>>(kinds: S, params: URLSearchParams): FilterValues<S> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, kind] of Object.entries(kinds)) out[key] = read(kind, params.get(key));
  return out as FilterValues<S>;
}

/**
 * A list's filters kept in the address (`?search=digger&page=2&completed=1`, a default left
 * out), so that Back, a reload or a shared link shows the same list. Changes replace the
 * history entry rather than add one per keystroke or page.
 *
 * The values change at once (a switch flips as it is clicked): the router applies a new
 * address in a transition, which may wait for the next list. Several changes in one event (a
 * new search and page 1) build on each other, and an address that changes from outside
 * (Back, a link) is followed.
 */
export function useUrlFilters<S extends Record<string, FilterKind>>(
  kinds: S,
): [FilterValues<S>, (patch: Partial<FilterValues<S>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const [values, setValues] = useState(() => valuesOf(kinds, searchParams));
  // The address as the router last rendered it, and the one this hook asked for since.
  const shown = useRef(searchParams);
  const asked = useRef<URLSearchParams | null>(null);

  useLayoutEffect(() => {
    shown.current = searchParams;
    const mine = asked.current;
    if (mine !== null) {
      // Ours arriving, or an earlier one of ours on the way to it: the values already say so.
      if (mine.toString() === searchParams.toString()) asked.current = null;
      return;
    }
    setValues(valuesOf(kinds, searchParams));
    // `kinds` is a literal of the calling component: its keys never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchParams]);

  const update = useCallback(
    (patch: Partial<FilterValues<S>>) => {
      const from = asked.current ?? shown.current;
      const next = new URLSearchParams(from);
      for (const [key, value] of Object.entries(patch) as [string, string | number | boolean][]) {
        const kind = kinds[key];
        if (kind === undefined) continue;
        if (value === DEFAULTS[kind] || value === '') next.delete(key);
        else next.set(key, kind === 'flag' ? '1' : String(value));
      }
      if (next.toString() === from.toString()) return;
      asked.current = next;
      setValues(valuesOf(kinds, next));
      setSearchParams(next, { replace: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearchParams],
  );
  return [values, update];
}
