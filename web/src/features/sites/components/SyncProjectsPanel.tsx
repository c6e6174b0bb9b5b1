import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { useSyncProjects, useSyncStatus, type SyncStats } from '../api/sync-projects';

/**
 * Spec §2 Sites, §4 Project sync: 'Sync Projects' (shown only when the accounting integration is
 * configured) with the last sync or 'No projects synced yet', progress while it runs, and the
 * counts it reports; 'Sync failed: {error}' when it fails.
 */
export function SyncProjectsPanel() {
  const { t, i18n } = useTranslation('sites');
  const errorText = useErrorText();
  const status = useSyncStatus();
  const sync = useSyncProjects();
  const [outcome, setOutcome] = useState<{ stats: SyncStats } | { error: string } | null>(null);

  const run = () => {
    setOutcome(null);
    sync.mutate(undefined, {
      onSuccess: (stats) => setOutcome({ stats }),
      onError: (error) => setOutcome({ error: t('sync.failed', { error: errorText(error, error.message) }) }),
    });
  };

  const last = status.data;
  const running = sync.isPending || last?.syncStatus === 'running';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="sync-panel">
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 2,
        }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('sync.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="sync-last">
            {last?.hasSynced && last.lastSyncDate
              ? t('sync.last', { date: formatDate(last.lastSyncDate, i18n.language) })
              : status.isPending
                ? '\u00a0'
                : t('sync.never')}
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<SyncIcon />}
          onClick={run}
          disabled={running}
          data-testid="sync-projects"
        >
          {running ? t('sync.running') : t('sync.button')}
        </Button>
      </Box>
      {sync.isPending && <LinearProgress sx={{ mt: 2 }} aria-label={t('sync.running')} />}
      <Box role="status">
        {outcome && 'stats' in outcome && (
          <Alert severity="success" sx={{ mt: 2 }} onClose={() => setOutcome(null)} data-testid="sync-result">
            {t('sync.done', {
              processed: outcome.stats.zaharaToPlanted.totalProcessed,
              created: outcome.stats.zaharaToPlanted.created,
              updated: outcome.stats.zaharaToPlanted.updated,
              pushed: outcome.stats.plantedToZahara.pushed,
              errors: outcome.stats.plantedToZahara.errors,
            })}
          </Alert>
        )}
        {outcome && 'error' in outcome && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => setOutcome(null)} data-testid="sync-error">
            {outcome.error}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
