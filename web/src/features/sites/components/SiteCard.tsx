import { Box, Card, CardActions, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { SiteStatusChip } from '../../../components/ui/StatusChips';
import { formatDate } from '../../../lib/format';
import type { Site } from '../../../lib/sites';

/** Spec §2 Sites card: job number, status badge, address, created date, synced icon, edit and delete. */
export function SiteCard({
  site,
  onEdit,
  onDelete,
}: {
  site: Site;
  /** Absent for a viewer, as onDelete: the card then offers no change. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t, i18n } = useTranslation('sites');
  const address = [site.address_line_1, site.address_line_2, site.city, site.county, site.postcode]
    .filter(Boolean)
    .join(', ');
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid={`site-card-${site.id}`}
    >
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {site.name}
          </Typography>
          {site.zahara_project_id && (
            <Tooltip title={t('card.synced')}>
              <Box
                component="span"
                role="img"
                aria-label={t('card.synced')}
                sx={{ display: 'inline-flex' }}
                data-testid="site-synced"
              >
                <CloudDoneIcon color="success" aria-hidden />
              </Box>
            </Tooltip>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <SiteStatusChip status={site.status} testId="site-status" />
          <Typography
            variant="body2"
            sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
            data-testid="site-job-number"
          >
            {site.job_number ? t('card.jobNumber', { job: site.job_number }) : t('card.noJobNumber')}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="site-address">
          {address}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`countries.${site.country}`)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('card.created', { date: formatDate(site.created_at, i18n.language) })}
        </Typography>
      </CardContent>
      {(onEdit || onDelete) && (
        <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
          {onEdit && (
            <IconButton
              aria-label={t('card.edit', { name: site.name })}
              onClick={onEdit}
              data-testid="site-edit"
            >
              <EditIcon />
            </IconButton>
          )}
          {onDelete && (
            <IconButton
              aria-label={t('card.delete', { name: site.name })}
              onClick={onDelete}
              color="error"
              data-testid="site-delete"
            >
              <DeleteIcon />
            </IconButton>
          )}
        </CardActions>
      )}
    </Card>
  );
}
