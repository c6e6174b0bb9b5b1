import type { ReactNode } from 'react';
import { Box, Button, Checkbox, FormControlLabel, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Selection } from '../../lib/use-selection';

/**
 * Select all, the count, Clear and the screen's actions (spec §2 Hires: Mark Completed, Mark
 * Collection Booked, Delete, Create Order). The actions show only while something is selected,
 * and the bar then sticks to the top of the window as the list scrolls.
 */
export function BulkActionBar<Id>({
  selection,
  children,
}: {
  selection: Selection<Id>;
  /** The action buttons. */
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Paper
      variant="outlined"
      role="toolbar"
      aria-label={t('selection.toolbar')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1,
        mb: 2,
        // With something selected the actions stay in reach while the list scrolls (under the
        // phone's app bar: 56 px, 64 from sm; no bar beside the permanent drawer).
        ...(selection.count > 0 && {
          position: 'sticky',
          top: { xs: 56, sm: 64, md: 0 },
          zIndex: (theme) => theme.zIndex.appBar - 1,
          boxShadow: 2,
        }),
      }}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={selection.allSelected}
            indeterminate={selection.someSelected}
            onChange={selection.toggleAll}
          />
        }
        label={t('selection.selectAll')}
      />
      {selection.count > 0 && (
        <>
          <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
            {t('selection.selected', { count: selection.count })}
          </Typography>
          <Button onClick={selection.clear}>{t('selection.clear')}</Button>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: { sm: 'auto' } }}>{children}</Box>
        </>
      )}
    </Paper>
  );
}
