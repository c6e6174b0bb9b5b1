import { Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { OVERDUE_PREVIEW } from '@planted/domain';
import { formatDate, formatMoney } from '../../../lib/format';

export interface OverdueHire {
  equipment_name: string;
  supplier_name: string;
  site_name: string;
  target_return_date: string;
  cost_to_date: number;
}

/** Spec §2: shows at most three overdue returns, then '... and N more'. Nothing fills it yet. */
export function OverdueReturns({ items }: { items: readonly OverdueHire[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const hidden = items.length - OVERDUE_PREVIEW;
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="overdue-returns">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('overdue.title')}
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary" data-testid="overdue-empty">
            {t('overdue.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {items.slice(0, OVERDUE_PREVIEW).map((item, index) => (
              <ListItem key={`${item.equipment_name}-${index}`} disableGutters>
                <ListItemText
                  primary={item.equipment_name}
                  secondary={t('overdue.item', {
                    site: item.site_name,
                    supplier: item.supplier_name,
                    date: formatDate(item.target_return_date, i18n.language),
                    cost: formatMoney(item.cost_to_date),
                  })}
                />
              </ListItem>
            ))}
            {hidden > 0 && (
              <Typography variant="body2" color="text.secondary" data-testid="overdue-more">
                {t('overdue.more', { count: hidden })}
              </Typography>
            )}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
