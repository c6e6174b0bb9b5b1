import { Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PlanTerms } from '../../../components/ui/PlanCard';
import { MarketingLayout } from './MarketingLayout';
import { PlanCards } from './PlanCards';

export function PricingPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingLayout title={t('pricing.title')}>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 800, textAlign: 'center' }}>
          {t('pricing.title')}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4, textAlign: 'center' }}>
          {t('pricing.intro')}
        </Typography>
        <PlanCards />
        <PlanTerms />
      </Container>
    </MarketingLayout>
  );
}
