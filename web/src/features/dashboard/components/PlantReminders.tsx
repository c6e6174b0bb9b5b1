import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCanChange } from '../../../lib/session';
import { formatDate, isolate } from '../../../lib/format';
import { useEndingSoon } from '../api/get-ending-soon';

/** Spec §2: hires ending in the next 7 days, each with an 'Edit Hire' link. */
export function PlantReminders() {
  const { t, i18n } = useTranslation('dashboard');
  const endingSoon = useEndingSoon();
  const canChange = useCanChange();
  return (
    <Card variant="outlined" data-testid="plant-reminders">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('reminders.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('reminders.subtitle')}
        </Typography>
        {endingSoon.isPending ? (
          <>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </>
        ) : endingSoon.isError ? (
          // Spec §2, §8: a load failure is only logged; the panel says nothing.
          <Box data-testid="reminders-unavailable" />
        ) : endingSoon.data.length === 0 ? (
          <Typography color="text.secondary" data-testid="reminders-empty">
            {t('reminders.empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {endingSoon.data.map((hire) => (
              <ListItem
                key={hire.id}
                disableGutters
                divider
                data-testid={`reminder-${hire.id}`}
                secondaryAction={
                  // A viewer edits no hire: no link that would open nothing.
                  canChange && (
                    <Button
                      component={RouterLink}
                      to={`/hires?edit=${encodeURIComponent(String(hire.id))}`}
                      size="small"
                    >
                      {t('reminders.editHire')}
                    </Button>
                  )
                }
                sx={{ pr: canChange ? 12 : 0 }}
              >
                <ListItemAvatar>
                  <Avatar variant="rounded" src={hire.equipment_image_url ?? undefined} alt="">
                    <ConstructionIcon aria-hidden />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={hire.equipment_name}
                  secondary={t('reminders.item', {
                    site: isolate(hire.site_name),
                    supplier: isolate(hire.supplier_name),
                    date: formatDate(hire.hire_end_date, i18n.language),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
