import { Box, Button, Paper, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './usePageTitle';

/** Placeholder for a screen that a later piece of work builds; it shows no invented data. */
export function UnderConstruction({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('placeholder');
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <Paper
      sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 640, mx: 'auto', mt: 4 }}
      data-testid="under-construction"
    >
      <ConstructionIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('message')}
      </Typography>
      <Box>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          {t('backToDashboard')}
        </Button>
      </Box>
    </Paper>
  );
}
