import { Button, Card, CardContent, Grid, Typography } from '@mui/material';
import AddCircleIcon from '@mui/icons-material/AddCircle';
import AddLocationAltIcon from '@mui/icons-material/AddLocationAlt';
import GroupIcon from '@mui/icons-material/Group';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCanChange } from '../../../lib/session';

/** Spec §2 Quick Actions and where each one goes. */
export const QUICK_ACTIONS = [
  { key: 'newHire', to: '/hires?open_modal=true', icon: AddCircleIcon },
  { key: 'addSite', to: '/sites?open_modal=true', icon: AddLocationAltIcon },
  { key: 'manageUsers', to: '/users', icon: GroupIcon },
  { key: 'viewReports', to: '/hires', icon: AssessmentIcon },
] as const;

export function QuickActions() {
  const { t } = useTranslation('dashboard');
  // A viewer adds nothing: New Hire and Add Site are not offered.
  const canChange = useCanChange();
  const actions = QUICK_ACTIONS.filter(({ key }) => canChange || (key !== 'newHire' && key !== 'addSite'));
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('quickActions.title')}
        </Typography>
        <Grid container spacing={1.5}>
          {actions.map(({ key, to, icon: Icon }) => (
            <Grid key={key} size={6}>
              <Button
                component={RouterLink}
                to={to}
                fullWidth
                variant="outlined"
                startIcon={<Icon aria-hidden />}
                sx={{ justifyContent: 'flex-start', textAlign: 'left', height: '100%', py: 1.25 }}
                data-testid={`quick-${key}`}
              >
                {t(`quickActions.${key}`)}
              </Button>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}
