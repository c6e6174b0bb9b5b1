import { useEffect } from 'react';

/**
 * A success message handed to a screen through navigation state ('Login successful.', 'Your
 * account is ready') is shown once: the history entry's copy of the state loses its `flash` as
 * soon as the screen has read it, so a reload of the page does not bring the message back. The
 * rest of the state stays. React Router keeps the state it was given under `usr` in the entry;
 * the entry is rewritten without a navigation, so the screen keeps what it is showing.
 */
export function useHandedOverFlash(flash: string | undefined): void {
  useEffect(() => {
    if (!flash) return;
    const entry = window.history.state as { usr?: Record<string, unknown> | null } | null;
    if (!entry?.usr || !('flash' in entry.usr)) return;
    const { flash: _shown, ...rest } = entry.usr;
    window.history.replaceState({ ...entry, usr: rest }, '');
  }, [flash]);
}
