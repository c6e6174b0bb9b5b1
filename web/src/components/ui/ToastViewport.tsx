import { Alert, Stack } from '@mui/material';
import type { Toast } from './toast';

/**
 * Messages at the top centre, above everything: at the bottom they sat on a dialog's Save and
 * Cancel for their 5 seconds (a message shown while a tall dialog is open, such as the
 * supplier's Export). Only the messages themselves take clicks, not the strip they sit in,
 * and they keep clear of the corners.
 */
export function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 'snackbar',
        // Clear of the corners, where the top bar's menu and avatar buttons are on a phone.
        maxWidth: 'calc(100vw - 128px)',
        pointerEvents: 'none',
        '& > *': { pointerEvents: 'auto' },
      }}
    >
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          severity={toast.severity}
          variant="filled"
          role={toast.severity === 'error' ? 'alert' : 'status'}
          onClose={() => onDismiss(toast.id)}
          data-testid="toast"
        >
          {toast.text}
        </Alert>
      ))}
    </Stack>
  );
}
