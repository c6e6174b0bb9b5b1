import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, type AlertColor } from '@mui/material';

/** Spec §4: messages auto-dismiss after 5 seconds. */
export const MESSAGE_TIMEOUT_MS = 5000;

export interface Flash {
  severity: AlertColor;
  text: string;
}

export function useFlash(timeout = MESSAGE_TIMEOUT_MS) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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

  useEffect(() => () => clearTimeout(timer.current), []);
  return { flash, show, clear };
}

export function FlashMessage({ flash, onClose, testId }: { flash: Flash | null; onClose?: () => void; testId?: string }) {
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
