import { Box, Card, CardContent, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { OVERDUE_PREVIEW } from '@planted/domain';
import { formatDate, formatMoney, isolate } from '../../../lib/format';
import type { OverdueHire } from '../api/get-overdue';

export type { OverdueHire };

/**
 * Spec §2, §9: overdue returns (past their end date, still out), at most three, then
 * '... and N more' where N counts every other overdue hire.
 */
export function OverdueReturns({
  items,
  total = items.length,
  loading = false,
  unavailable = false,
}: {
  items: readonly OverdueHire[];
  total?: number;
  loading?: boolean;
  /** The load failed (only logged, spec §8): the panel says so quietly. */
  unavailable?: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const shown = items.slice(0, OVERDUE_PREVIEW);
  const hidden = Math.max(0, total - shown.length);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="overdue-returns">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('overdue.title')}
        </Typography>
        {loading ? (
          <>
            <Skeleton height={48} />
            <Skeleton height={48} />
          </>
        ) : unavailable ? (
          // Spec §2, §8: a load failure is only logged; the panel says nothing.
          <Box data-testid="overdue-unavailable" />
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" data-testid="overdue-empty">
            {t('overdue.empty')}
          </Typography>
        ) : (
          <>
            <List dense disablePadding>
              {shown.map((item, index) => (
                <ListItem key={item.id ?? index} disableGutters data-testid="overdue-item">
                  <ListItemText
                    primary={item.equipment_name}
                    secondary={t('overdue.item', {
                      site: isolate(item.site_name ?? '—'),
                      supplier: isolate(item.supplier_name ?? '—'),
                      date: formatDate(item.target_return_date, i18n.language),
                      cost: formatMoney(item.cost_to_date),
                    })}
                  />
                </ListItem>
              ))}
            </List>
            {/* After the list, not in it: a list holds only its items. */}
            {hidden > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="overdue-more">
                {t('overdue.more', { count: hidden })}
              </Typography>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
