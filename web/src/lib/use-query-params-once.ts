import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Reads the named query parameters once, when the screen opens, and removes them from the URL
 * (spec §2: open_modal, edit, equipment_id… are cleared after use), so a reload or a shared
 * link does not act on them again. Other parameters stay.
 */
export function useQueryParamsOnce<K extends string>(names: readonly K[]): Partial<Record<K, string>> {
  const [searchParams, setSearchParams] = useSearchParams();
  const [taken] = useState(() => {
    const values: Partial<Record<K, string>> = {};
    for (const name of names) {
      const value = searchParams.get(name);
      if (value !== null) values[name] = value;
    }
    return values;
  });
  useEffect(() => {
    const present = Object.keys(taken);
    if (present.length === 0) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        present.forEach((name) => next.delete(name));
        return next;
      },
      { replace: true },
    );
  }, [taken, setSearchParams]);
  return taken;
}
