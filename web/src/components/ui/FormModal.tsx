import { useEffect, useId, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * The element that last lost the focus. A screen may disable its button while it opens the
 * form (New Hire checks the plan first), which takes the focus from it before the modal
 * mounts: that button is still the one to give the focus back to.
 */
let lastBlurred: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusout',
    (event) => {
      if (event.target instanceof HTMLElement) lastBlurred = event.target;
    },
    true,
  );
}

/** What opened a modal mounting now: the focused element, else the one that just lost the focus. */
function openerNow(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : lastBlurred;
}

/**
 * A modal that holds a form (spec §2: add/edit equipment, supplier, site, hire). Another
 * FormModal can open on top of it (the hire form's quick-add equipment, supplier and site):
 * MUI's modal manager gives Escape and the backdrop to the top one only, traps focus in it, and
 * on close returns focus to the control in the modal below that opened it.
 *
 * Screens mount a FormModal only while it is in use, so it is gone the moment it closes; the
 * control that opened it gets the focus back then (unless focus went somewhere on purpose),
 * as it would from a dialog that stays mounted: a keyboard user is not sent back to the top.
 * A click on the backdrop does not close it (what was typed would be lost), and Escape on a
 * `dirty` form (its fields changed) asks first: a second Escape meant for an open list would
 * otherwise throw the whole form away. Close and Cancel close it at once.
 */
/**
 * While `active`, a reload, a closed tab or a link out of the app asks first (the browser's
 * own question: its words cannot be set). Navigation inside the app is not asked about: the
 * router here is declarative, without the data router's blocker.
 */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

export function FormModal({
  open,
  title,
  onClose,
  children,
  actions,
  maxWidth = 'sm',
  testId,
  fullScreenOnPhone = false,
  onPaste,
  dirty = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Usually Cancel and a submit button (type="submit" form={formId}) for the form inside. */
  actions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  testId?: string;
  /** Fills a phone's screen (below the sm breakpoint), for a form too large for a sheet there. */
  fullScreenOnPhone?: boolean;
  /** Handles paste anywhere in the modal (the equipment image uploader takes pasted images). */
  onPaste?: (event: ClipboardEvent<HTMLDivElement>) => void;
  /** The form's fields were changed: Escape asks before discarding them, and so does the browser on a reload or leaving the page. */
  dirty?: boolean;
}) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const opener = useRef<HTMLElement | null>(openerNow());
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  useLeaveWarning(open && dirty);
  useEffect(() => {
    const from = opener.current;
    return () => {
      // After the dialog's own clean-up, which may have moved the focus already.
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && from && from !== document.body && from.isConnected) from.focus();
      });
    };
  }, []);
  return (
    <Dialog
      open={open}
      // A click beside a form is a stray one, not a wish to lose what was typed (a long hire form,
      // a picked image): only Escape, Close and Cancel close it.
      onClose={(_event, reason) => {
        if (reason === 'backdropClick') return;
        if (reason === 'escapeKeyDown' && dirty) setAskingToDiscard(true);
        else onClose();
      }}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreenOnPhone && phone}
      data-testid={testId}
      onPaste={onPaste}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={t('close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
      <ConfirmDialog
        open={askingToDiscard}
        title={t('discardTitle')}
        message={t('discardMessage')}
        confirmLabel={t('discard')}
        onConfirm={() => {
          setAskingToDiscard(false);
          onClose();
        }}
        onCancel={() => setAskingToDiscard(false)}
        destructive
      />
    </Dialog>
  );
}
