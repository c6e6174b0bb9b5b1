import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPlanId } from '@planted/domain';
import type { HireUsage } from '../../../lib/plan-usage';

/**
 * Spec §2, §8: 'Hire created successfully!'; Continue refreshes the list. `onExited` runs once it
 * has gone: it opened after the form had closed, so it has no control of its own to give the
 * focus back to, and the screen names one.
 */
export function HireCreatedDialog({
  open,
  onContinue,
  onExited,
}: {
  open: boolean;
  onContinue: () => void;
  onExited?: () => void;
}) {
  const { t } = useTranslation('hires');
  return (
    <Dialog
      open={open}
      onClose={onContinue}
      aria-labelledby="hire-created-title"
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id="hire-created-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleIcon color="success" aria-hidden />
        {t('created.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('created.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue} autoFocus data-testid="hire-created-continue">
          {t('created.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Spec §2, §4: the plan's active hire limit is reached: current/max and the plan's name, 'Maybe
 * Later', and 'Upgrade Now' to /subscription.
 */
export function UpgradeRequiredDialog({ usage, onClose }: { usage: HireUsage | null; onClose: () => void }) {
  const { t } = useTranslation('hires');
  const navigate = useNavigate();
  const plan = usage && isPlanId(usage.plan) ? t(`common:plans.${usage.plan}`) : null;
  const hires = usage?.usage.hires;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="upgrade-title"
      aria-describedby="upgrade-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="upgrade-title">{t('upgrade.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="upgrade-message">{t('upgrade.message')}</DialogContentText>
        {hires && hires.max !== null && (
          <>
            <DialogContentText sx={{ mt: 2, fontWeight: 700 }} data-testid="upgrade-usage">
              {t('upgrade.usage', { current: hires.current, max: hires.max })}
            </DialogContentText>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (hires.current / Math.max(1, hires.max)) * 100)}
              aria-label={t('upgrade.usageLabel')}
              sx={{ mt: 1 }}
            />
          </>
        )}
        {plan && (
          <DialogContentText sx={{ mt: 2 }} data-testid="upgrade-plan">
            {t('upgrade.plan', { plan })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="upgrade-later">
          {t('upgrade.later')}
        </Button>
        <Button variant="contained" onClick={() => navigate('/subscription')} data-testid="upgrade-now">
          {t('upgrade.now')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
