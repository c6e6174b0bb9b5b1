import { Box, Paper, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { comparePrice, liveTotals, type TotalsInput } from '../hire-totals';
import type { PricingEntry } from '../api/get-options';

const FIELDS = [
  'price',
  'pricing_term',
  'hire_start_date',
  'hire_end_date',
  'delivery_charge',
  'operator_cost',
] as const;

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 400 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The hire form's read-only figures (spec §5): duration, net cost, VAT at 20% and total cost,
 * computed live with @planted/domain, and the price comparison against the item's latest price.
 */
export function HireSummary({ latest }: { latest: PricingEntry | null }) {
  const { t, i18n } = useTranslation('hires');
  const watched = useWatch({ name: [...FIELDS] }) as unknown[];
  const values = Object.fromEntries(
    FIELDS.map((name, index) => [name, watched[index]]),
  ) as unknown as TotalsInput;
  const totals = liveTotals(values);
  const comparison = comparePrice(values, latest?.price_per_day);
  const dash = '—';
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="hire-summary" aria-live="polite">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('summary.title')}
        </Typography>
        <Row
          label={t('summary.duration')}
          value={totals ? t('summary.days', { count: totals.hire_duration_days }) : dash}
          testId="summary-duration"
        />
        <Row
          label={t('summary.net')}
          value={totals ? formatMoney(totals.net_cost) : dash}
          testId="summary-net"
        />
        <Row
          label={t('summary.vat')}
          value={totals ? formatMoney(totals.vat_amount) : dash}
          testId="summary-vat"
        />
        <Row
          label={t('summary.total')}
          value={totals ? formatMoney(totals.total_cost) : dash}
          testId="summary-total"
          strong
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="price-comparison">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('comparison.title')}
        </Typography>
        {latest ? (
          <>
            <Typography variant="body2">
              {t('comparison.latest', {
                price: formatMoney(latest.price_per_day),
                supplier: latest.supplier_name,
                date: formatDate(latest.hire_start_date, i18n.language),
              })}
            </Typography>
            {comparison ? (
              <>
                <Typography variant="body2">
                  {t('comparison.this', { price: formatMoney(comparison.thisPerDay) })}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 700, mt: 0.5 }}
                  color={
                    comparison.difference > 0
                      ? 'error'
                      : comparison.difference < 0
                        ? 'success'
                        : 'text.primary'
                  }
                  data-testid="comparison-difference"
                >
                  {comparison.difference === 0
                    ? t('comparison.same')
                    : t(comparison.difference > 0 ? 'comparison.more' : 'comparison.less', {
                        amount: formatMoney(Math.abs(comparison.difference)),
                      })}
                </Typography>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('comparison.fillIn')}
              </Typography>
            )}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="comparison-none">
            {t('comparison.none')}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
