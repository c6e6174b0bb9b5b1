import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { usePressOnce } from '../../../components/ui/use-press-once';
import { formatMoney } from '../../../lib/format';
import type { Hire } from '../api/get-hires';

/**
 * Spec §2, §4 After creating a hire: with the accounting integration active the user is asked
 * whether to create its purchase order in Zahara (in place of the success modal).
 */
export function CreatePurchaseOrderPrompt({
  hire,
  busy,
  onCreate,
  onSkip,
  onExited,
}: {
  hire: Hire | null;
  busy: boolean;
  onCreate: () => void;
  onSkip: () => void;
  /** Runs once it has gone (see HireCreatedDialog). */
  onExited?: () => void;
}) {
  const { t } = useTranslation('hires');
  // A double click asks Zahara once (spec §8: one order per hire).
  const create = usePressOnce(onCreate, busy, hire !== null);
  return (
    <Dialog
      open={hire !== null}
      onClose={busy ? undefined : onSkip}
      slotProps={{ transition: { onExited } }}
      aria-labelledby="po-prompt-title"
      aria-describedby="po-prompt-message"
      maxWidth="xs"
      fullWidth
      data-testid="po-prompt"
    >
      <DialogTitle id="po-prompt-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleIcon color="success" aria-hidden />
        {t('created.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="po-prompt-message">
          {t('po.prompt', { name: hire?.equipment_name ?? '', supplier: hire?.supplier_name ?? '' })}
        </DialogContentText>
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('po.creating')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onSkip} disabled={busy} data-testid="po-prompt-skip">
          {t('po.notNow')}
        </Button>
        <Button variant="contained" onClick={create} disabled={busy} autoFocus data-testid="po-prompt-create">
          {busy ? t('po.creating') : t('po.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Spec §2 Hires bulk purchase order: one order in Zahara for the selected hires, all from one
 * supplier; lists what goes on it before it is created.
 */
export function BulkPurchaseOrderDialog({
  hires,
  busy,
  onConfirm,
  onCancel,
}: {
  hires: readonly Hire[] | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('hires');
  const list = hires ?? [];
  const total = list.reduce((sum, hire) => sum + Math.round(hire.total_cost * 100), 0) / 100;
  const confirm = usePressOnce(onConfirm, busy, hires !== null);
  return (
    <Dialog
      open={hires !== null}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="bulk-po-title"
      aria-describedby="bulk-po-message"
      maxWidth="sm"
      fullWidth
      data-testid="bulk-po-dialog"
    >
      <DialogTitle id="bulk-po-title">{t('po.bulkTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="bulk-po-message">
          {t('po.bulkMessage', { count: list.length, supplier: list[0]?.supplier_name ?? '' })}
        </DialogContentText>
        <List dense>
          {list.map((hire) => (
            <ListItem key={hire.id} disableGutters divider>
              <ListItemText
                primary={hire.equipment_name ?? t('card.unknownEquipment')}
                secondary={hire.site_name ?? undefined}
              />
              <Typography variant="body2" sx={{ ml: 2, whiteSpace: 'nowrap' }}>
                {formatMoney(hire.total_cost)}
              </Typography>
            </ListItem>
          ))}
        </List>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('po.bulkTotal')}</Typography>
          <Typography sx={{ fontWeight: 700 }} data-testid="bulk-po-total">
            {formatMoney(total)}
          </Typography>
        </Box>
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('po.creating')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {t('common:cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={busy} data-testid="bulk-po-confirm">
          {busy ? t('po.creating') : t('po.bulkConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
