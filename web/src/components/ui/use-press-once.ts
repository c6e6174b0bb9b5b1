import { useEffect, useRef } from 'react';

/** How long a press that set nothing busy keeps a second press from running the action again. */
const REFIRE_AFTER_MS = 2_000;

/**
 * Wraps a dialog's confirming action so that a double click runs it once: the second click can
 * land before `busy` has reached the button and disabled it. Pressable again once the work it
 * started settles (`busy` back to false), when the dialog opens again, or after two seconds
 * for an action that set nothing busy.
 */
export function usePressOnce(action: () => void, busy: boolean, open: boolean): () => void {
  const fired = useRef(false);
  useEffect(() => {
    if (!busy) fired.current = false;
  }, [busy, open]);
  return () => {
    if (fired.current) return;
    fired.current = true;
    window.setTimeout(() => (fired.current = false), REFIRE_AFTER_MS);
    action();
  };
}
