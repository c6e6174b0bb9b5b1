import { Alert, Stack } from '@mui/material';
import type { Toast } from './toast';

export function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <Stack
      spacing={1}
      sx={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 'snackbar' }}
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
