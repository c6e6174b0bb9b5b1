import { Avatar, Box, Card, CardContent, List, ListItem, Stack, Typography } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import { useTranslation } from 'react-i18next';
import { HireStatusChip } from '../../../components/ui/StatusChips';
import type { MarkerGroup } from '../map-markers';

/**
 * A marker's panel (spec §2 Maps): for each hire at the postcode, site postcode, name and
 * address, status (capitalised), duration, equipment name, category and image, supplier and job
 * number.
 */
export function MarkerPanel({ group }: { group: MarkerGroup }) {
  const { t } = useTranslation(['maps', 'hires', 'equipment']);
  return (
    <Card variant="outlined" data-testid="marker-panel">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('panel.title', { number: group.number, postcode: group.postcode })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('panel.count', { count: group.hires.length })}
        </Typography>
        <List disablePadding>
          {group.hires.map((hire, index) => (
            <ListItem
              key={hire.id}
              disableGutters
              divider={index < group.hires.length - 1}
              sx={{ alignItems: 'flex-start', gap: 1.5, display: 'flex', py: 1.5 }}
              data-testid="marker-hire"
            >
              <Avatar
                variant="rounded"
                src={hire.equipment_image_url ?? undefined}
                alt={hire.equipment_name ?? ''}
                sx={{ width: 56, height: 56, bgcolor: 'action.hover', color: 'text.secondary' }}
              >
                <ImageIcon aria-hidden />
              </Avatar>
              <Stack spacing={0.25} sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 700 }}>{hire.equipment_name ?? '—'}</Typography>
                  <HireStatusChip status={hire.hire_status} />
                </Box>
                {hire.equipment_category && (
                  <Typography variant="body2" color="text.secondary">
                    {t(`equipment:categories.${hire.equipment_category}`, {
                      defaultValue: hire.equipment_category,
                    })}
                  </Typography>
                )}
                <Typography variant="body2">
                  {t('panel.site', {
                    name: hire.site_name ?? '—',
                    postcode: hire.site_postcode ?? group.postcode,
                  })}
                </Typography>
                {hire.site_address && (
                  <Typography variant="body2" color="text.secondary">
                    {hire.site_address}
                  </Typography>
                )}
                <Typography variant="body2">
                  {t('panel.supplier', { name: hire.supplier_name ?? '—' })}
                </Typography>
                <Typography variant="body2">
                  {t('panel.job', { job: hire.job_number ?? t('panel.noJob') })}
                </Typography>
                <Typography variant="body2">
                  {t('hires:summary.days', { count: hire.hire_duration_days })}
                </Typography>
              </Stack>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
