import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, type AlertColor } from '@mui/material';
import { MESSAGE_DISMISS_MS } from '@planted/domain';

/** Spec §4: messages auto-dismiss after 5 seconds. */
export const MESSAGE_TIMEOUT_MS = MESSAGE_DISMISS_MS;

export interface Flash {
  severity: AlertColor;
  text: string;
}

/** A message that hides itself after five seconds; `initial` starts one on mount. */
export function useFlash(initial: Flash | null = null, timeout = MESSAGE_TIMEOUT_MS) {
  const [flash, setFlash] = useState<Flash | null>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hadInitial = useRef(initial !== null);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setFlash(null);
  }, []);

  const show = useCallback(
    (severity: AlertColor, text: string) => {
      clearTimeout(timer.current);
      setFlash({ severity, text });
      timer.current = setTimeout(() => setFlash(null), timeout);
    },
    [timeout],
  );

  useEffect(() => {
    if (hadInitial.current) timer.current = setTimeout(() => setFlash(null), timeout);
    return () => clearTimeout(timer.current);
  }, [timeout]);

  return { flash, show, clear };
}

export function FlashMessage({
  flash,
  onClose,
  testId,
}: {
  flash: Flash | null;
  onClose?: () => void;
  testId?: string;
}) {
  if (!flash) return null;
  return (
    <Alert
      severity={flash.severity}
      onClose={onClose}
      role={flash.severity === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? `flash-${flash.severity}`}
      sx={{ my: 2 }}
    >
      {flash.text}
    </Alert>
  );
}
