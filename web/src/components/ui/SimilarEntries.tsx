import type { ReactNode } from 'react';
import { Alert, AlertTitle, List, ListItem, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';

export interface SimilarEntry {
  id: string;
  name: string;
  category: string | null;
}

/**
 * While an admin types a new item's name: existing entries with a close name, so they can open
 * the one already in the shared catalogue instead of adding a near-duplicate.
 */
export function SimilarEntries({
  entries,
  action,
  describe,
  testId,
}: {
  entries: readonly SimilarEntry[] | undefined;
  /** A button per entry (open it, show it in the catalogue). */
  action: (entry: SimilarEntry) => ReactNode;
  /** A second line per entry, e.g. the equipment's category. */
  describe?: (entry: SimilarEntry) => string | null;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  if (!entries || entries.length === 0) return null;
  return (
    <Alert severity="info" sx={{ my: 1 }} data-testid={testId} role="status">
      <AlertTitle>{t('similar.title')}</AlertTitle>
      {t('similar.hint')}
      <List dense disablePadding>
        {entries.map((entry) => (
          <ListItem key={entry.id} disableGutters secondaryAction={action(entry)} sx={{ pr: 14 }}>
            <ListItemText primary={entry.name} secondary={describe?.(entry) ?? null} />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
