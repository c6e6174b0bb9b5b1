import type { ReactNode } from 'react';
import { Box, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@planted/domain';
import { formatMoney, formatWholePounds } from '../../lib/format';

/** What a plan card shows; both the domain's plan table and GET /subscriptions/plans answer it. */
export interface PlanCardPlan {
  id: PlanId;
  price_monthly: number;
  hire_limit: number | null;
  user_limit: number | null;
}

// Plan prices are whole pounds ('£79', not '£79.00'); anything with pence keeps them.
function formatPlanPrice(value: number): string {
  return Number.isInteger(value) ? formatWholePounds(value) : formatMoney(value);
}

/**
 * One plan of spec §9, as the pricing page and the subscription screen show it: name, the
 * monthly price (the only one shown), description, the limits and the plan's other features,
 * 'Most Popular' on the card's top edge, and the screen's action below. The texts come from
 * the locale files by plan id, so a plan reads the same in English and Spanish; the limits and
 * the price are the plan's own figures.
 */
export function PlanCard({
  plan,
  mostPopular,
  current = false,
  compact = false,
  action,
}: {
  plan: PlanCardPlan;
  mostPopular: boolean;
  /** The company's plan: outlined in the success colour. */
  current?: boolean;
  /** Name, price and description only. */
  compact?: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation('common');
  const outline = current ? 'success.main' : mostPopular ? 'primary.main' : 'divider';
  return (
    <Card
      variant="outlined"
      data-testid={`plan-${plan.id}`}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'visible',
        borderColor: outline,
        // A second pixel of border drawn outside, so that the content does not move down by it.
        boxShadow: (theme) =>
          current || mostPopular
            ? `0 0 0 1px ${current ? theme.palette.success.main : theme.palette.primary.main}`
            : 'none',
      }}
    >
      {/* On the card's top edge, so that it takes no line of its own and the prices line up. */}
      {mostPopular && (
        <Chip
          color="primary"
          size="small"
          label={t('planCard.mostPopular')}
          data-testid="plan-most-popular"
          sx={{ position: 'absolute', top: 0, left: '50%', transform: 'translate(-50%, -50%)' }}
        />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
          {t(`plans.${plan.id}`)}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 800, mt: 1 }} data-testid="plan-price">
          {formatPlanPrice(plan.price_monthly)}
          <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', ml: 0.5 }}>
            {t('planCard.perMonth')}
          </Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t(`planInfo.${plan.id}.description`)}
        </Typography>
        {!compact && (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            <Feature
              text={
                plan.hire_limit === null
                  ? t('planCard.unlimitedHires')
                  : t('planCard.hireLimit', { count: plan.hire_limit })
              }
            />
            <Feature
              text={
                plan.user_limit === null
                  ? t('planCard.unlimitedUsers')
                  : t('planCard.userLimit', { count: plan.user_limit })
              }
            />
            <Feature text={t(`planInfo.${plan.id}.extra`)} />
          </Stack>
        )}
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>{action}</CardActions>
    </Card>
  );
}

function Feature({ text }: { text: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <CheckIcon fontSize="small" color="success" aria-hidden />
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

/** Spec §9: prices exclude VAT, a 30-day money-back guarantee, card payments. */
export function PlanTerms() {
  const { t } = useTranslation('common');
  return (
    <Stack spacing={1} sx={{ mt: 4, textAlign: 'center' }}>
      <Typography data-testid="pricing-vat">{t('planTerms.excludingVat')}</Typography>
      <Typography data-testid="pricing-guarantee">{t('planTerms.guarantee')}</Typography>
      <Typography color="text.secondary">{t('planTerms.cardPayments')}</Typography>
    </Stack>
  );
}
