import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { validationKey } from '../../../lib/validation-text';
import { usePendingInvitations, type PendingInvitation, type Seats } from '../api/get-pending-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';

function SeatsLine({ seats }: { seats: Seats }) {
  const { t } = useTranslation(['users', 'common']);
  const plan = t(`common:plans.${seats.plan}`);
  const used =
    seats.limit === null
      ? t('pending.seatsUnlimited', { used: seats.used, plan })
      : t('pending.seats', { used: seats.used, limit: seats.limit, plan });
  // Every seat taken by users and open invitations: say so before an invitation is typed.
  const full = seats.limit !== null && seats.used + seats.pending >= seats.limit;
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="seats-line" sx={{ mb: full ? 0 : 1 }}>
        {used}
        {seats.pending > 0 && ` · ${t('pending.seatsPending', { count: seats.pending })}`}
      </Typography>
      {full && (
        <Typography variant="body2" color="warning.main" data-testid="seats-full" sx={{ mb: 1 }}>
          {t('pending.seatsFull')}
        </Typography>
      )}
    </>
  );
}

/**
 * Invitations sent and not yet accepted (administrators only), with Resend (a new link, the
 * old one stops working) and Revoke (asks first), and the seats against the plan's limit.
 */
export function PendingInvitationsList() {
  const { t, i18n } = useTranslation(['users', 'common']);
  const pending = usePendingInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const toast = useToast();
  // Kept while the dialog closes, so its text does not change as it fades out.
  const [toRevoke, setToRevoke] = useState<PendingInvitation | null>(null);
  const [confirming, setConfirming] = useState(false);

  // Spec §8: the server's `error`, else the fallback; a server text the contracts word is shown translated.
  const failure = (error: unknown, fallback: string) => {
    const text = errorMessage(error, fallback);
    const key = validationKey(text);
    return key && i18n.exists(key) ? t(key) : text;
  };

  const onResend = (invitation: PendingInvitation) =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast.success(t('pending.resent', { email: invitation.email })),
      onError: (error) => toast.error(failure(error, t('pending.resendFailed'))),
    });

  const onRevoke = (invitation: PendingInvitation) =>
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(t('pending.revoked', { email: invitation.email })),
      onError: (error) => toast.error(failure(error, t('pending.revokeFailed'))),
      onSettled: () => setConfirming(false),
    });

  return (
    <Card variant="outlined" data-testid="pending-invitations">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('pending.title')}
        </Typography>
        {pending.isPending ? (
          <Typography color="text.secondary" role="status">
            {t('pending.loading')}
          </Typography>
        ) : pending.isError ? (
          <Typography color="error" role="alert">
            {failure(pending.error, t('pending.failed'))}
          </Typography>
        ) : (
          <>
            <SeatsLine seats={pending.data.seats} />
            {pending.data.invitations.length === 0 ? (
              <Box data-testid="pending-empty">
                <Typography>{t('pending.empty')}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('pending.emptyHint')}
                </Typography>
              </Box>
            ) : (
              <List disablePadding>
                {pending.data.invitations.map((invitation) => (
                  <ListItem
                    key={invitation.id}
                    divider
                    disableGutters
                    data-testid={`invitation-row-${invitation.id}`}
                    sx={{ flexWrap: 'wrap', columnGap: 2 }}
                  >
                    <ListItemText
                      sx={{ flex: '1 1 14rem' }}
                      primary={
                        invitation.name ? `${invitation.name} · ${invitation.email}` : invitation.email
                      }
                      secondary={`${t(`common:roles.${invitation.role}`)} · ${t('pending.expires', {
                        date: formatDate(invitation.expires_at, i18n.language),
                      })}`}
                      slotProps={{
                        primary: { sx: { overflowWrap: 'anywhere' } },
                        secondary: { sx: { overflowWrap: 'anywhere' } },
                      }}
                    />
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => onResend(invitation)}
                        disabled={resend.isPending && resend.variables === invitation.id}
                      >
                        {t('pending.resend')}
                      </Button>
                      <Button
                        size="small"
                        variant="outlined"
                        color="error"
                        onClick={() => {
                          setToRevoke(invitation);
                          setConfirming(true);
                        }}
                      >
                        {t('pending.revoke')}
                      </Button>
                    </Stack>
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('pending.confirmTitle')}
        message={t('pending.confirmMessage', { email: toRevoke?.email ?? '' })}
        confirmLabel={t('pending.revoke')}
        destructive
        busy={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => toRevoke && onRevoke(toRevoke)}
      />
    </Card>
  );
}
