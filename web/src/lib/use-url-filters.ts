import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

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
  return raw;
}

/**
 * A list's filters kept in the address (`?search=digger&page=2&completed=1`, a default left
 * out), so that Back, a reload or a shared link shows the same list. Changes replace the
 * history entry rather than add one per keystroke or page. Several changes in one event
 * (a new search and page 1) build on each other, not on the address as it was rendered.
 */
export function useUrlFilters<S extends Record<string, FilterKind>>(
  kinds: S,
): [FilterValues<S>, (patch: Partial<FilterValues<S>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  // The address as the last change left it, until the router renders it.
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const values = useMemo(() => {
    const out: Record<string, string | number | boolean> = {};
    for (const [key, kind] of Object.entries(kinds)) out[key] = read(kind, searchParams.get(key));
    return out as FilterValues<S>;
    // `kinds` is a literal of the calling component: its keys never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchParams]);

  const update = useCallback(
    (patch: Partial<FilterValues<S>>) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(patch) as [string, string | number | boolean][]) {
        const kind = kinds[key];
        if (kind === undefined) continue;
        if (value === DEFAULTS[kind] || value === '') next.delete(key);
        else next.set(key, kind === 'flag' ? '1' : String(value));
      }
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setSearchParams(next, { replace: true });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearchParams],
  );
  return [values, update];
}
