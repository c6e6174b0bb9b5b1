import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@planted/domain';

/** The value once it has stopped changing for `delay` ms (spec §9: search debounce 300 ms). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
