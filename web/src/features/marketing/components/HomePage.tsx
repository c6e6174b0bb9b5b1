import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import ConstructionIcon from '@mui/icons-material/Construction';
import GroupIcon from '@mui/icons-material/Group';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import MapIcon from '@mui/icons-material/Map';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MarketingLayout } from './MarketingLayout';
import { PlanCards } from './PlanCards';

const HIGHLIGHTS = [
  { key: 'hires', icon: AssignmentIcon },
  { key: 'catalogue', icon: ConstructionIcon },
  { key: 'suppliers', icon: StorefrontIcon },
  { key: 'roles', icon: GroupIcon },
  { key: 'accounting', icon: ReceiptLongIcon },
  { key: 'maps', icon: MapIcon },
] as const;

export function HomePage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingLayout title={t('home.title')}>
      <Box component="section" sx={{ py: { xs: 6, md: 10 }, bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ textAlign: 'center' }}>
          <Typography
            variant="h2"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: '2.2rem', md: '3.2rem' } }}
          >
            {t('home.title')}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, mb: 4 }}>
            {t('home.subtitle')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="center">
            <Button
              component={RouterLink}
              to="/signup"
              variant="contained"
              size="large"
              data-testid="hero-start-trial"
            >
              {t('cta.startTrial')}
            </Button>
            <Button
              component={RouterLink}
              to="/signup"
              variant="outlined"
              size="large"
              data-testid="hero-get-started"
            >
              {t('cta.getStarted')}
            </Button>
            <Button component={RouterLink} to="/login" variant="text" size="large" data-testid="hero-sign-in">
              {t('nav.signIn')}
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container maxWidth="lg" component="section" sx={{ py: 6 }} aria-labelledby="highlights-title">
        <Typography
          id="highlights-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, mb: 3, textAlign: 'center' }}
        >
          {t('home.highlightsTitle')}
        </Typography>
        <Grid container spacing={3}>
          {HIGHLIGHTS.map(({ key, icon: Icon }) => (
            <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }} data-testid={`highlight-${key}`}>
                <CardContent>
                  <Icon color="primary" aria-hidden />
                  <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
                    {t(`home.highlights.${key}.title`)}
                  </Typography>
                  <Typography color="text.secondary">{t(`home.highlights.${key}.body`)}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>

      <Container maxWidth="lg" component="section" sx={{ py: 4 }} aria-labelledby="plans-title">
        <Typography
          id="plans-title"
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700, mb: 1, textAlign: 'center' }}
        >
          {t('home.plansTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
          {t('home.plansSubtitle')}
        </Typography>
        <PlanCards compact />
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button component={RouterLink} to="/pricing">
            {t('home.comparePlans')}
          </Button>
        </Box>
      </Container>
    </MarketingLayout>
  );
}
