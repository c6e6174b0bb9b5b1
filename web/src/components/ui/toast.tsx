import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { AlertColor } from '@mui/material';
import { MESSAGE_DISMISS_MS } from '@planted/domain';

// The provider sits in the entry bundle; what draws the messages loads with the first one.
const ToastViewport = lazy(() =>
  import('./ToastViewport').then((module) => ({ default: module.ToastViewport })),
);

export interface Toast {
  id: number;
  severity: AlertColor;
  text: string;
}

export interface ToastApi {
  show: (severity: AlertColor, text: string) => void;
  success: (text: string) => void;
  error: (text: string) => void;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Messages that leave on their own after 5 seconds (spec §4, §9), stacked at the bottom. */
export function ToastProvider({
  children,
  timeout = MESSAGE_DISMISS_MS,
}: {
  children: ReactNode;
  timeout?: number;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (severity: AlertColor, text: string) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, severity, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), timeout),
      );
    },
    [dismiss, timeout],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (text) => show('success', text),
      error: (text) => show('error', text),
      dismiss,
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
