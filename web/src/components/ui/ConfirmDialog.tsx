import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** How long a confirmation that set nothing busy keeps a second click from confirming again. */
const REFIRE_AFTER_MS = 2_000;

/**
 * Asks before something that cannot be undone (spec §8 Confirmations: delete equipment,
 * supplier, site, hire; bulk status; 'Yes, Delete N Hire(s)'). Cancel has the initial focus.
 * A double click confirms once: the second click can land before `busy` reaches the button.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  destructive = false,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  destructive?: boolean;
}) {
  const { t } = useTranslation('common');
  const fired = useRef(false);
  // Confirmable again once the work it started settles (busy back to false) or the dialog reopens.
  useEffect(() => {
    if (!busy) fired.current = false;
  }, [busy, open]);
  const confirm = () => {
    if (fired.current) return;
    fired.current = true;
    // While its work runs the button is disabled; this only frees a confirmation that set nothing busy.
    window.setTimeout(() => (fired.current = false), REFIRE_AFTER_MS);
    onConfirm();
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-message">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {t('cancel')}
        </Button>
        <Button
          onClick={confirm}
          disabled={busy}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
