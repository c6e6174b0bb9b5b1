import { useMemo, useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { DROPDOWN_LIMIT } from '@planted/domain';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/ui/CardGrid';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeader, AddButton } from '../../../components/ui/PageHeader';
import { SearchInput } from '../../../components/ui/SearchInput';
import { SiteFormModal } from '../../../components/ui/SiteFormModal';
import { useToast } from '../../../components/ui/toast';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAccountingActive } from '../../../lib/accounting';
import { useSites, type Site } from '../../../lib/sites';
import { useErrorText } from '../../../lib/use-error-text';
import { useQueryParamsOnce } from '../../../lib/use-query-params-once';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useDeleteSite } from '../api/delete-site';
import { siteEditFormSchema, siteFormSchema } from '../schemas';
import { filterSites } from '../site-search';
import { SiteCard } from './SiteCard';
import { SyncProjectsPanel } from './SyncProjectsPanel';
import { useCanChange } from '../../../lib/session';
import { ViewerNotice } from '../../../components/ui/ViewerNotice';

type Editing = { site: Site | null } | null;

const QUERY_PARAMS = ['open_modal'] as const;

/** Spec §2 Sites ('Site Management'). */
const SITE_FILTERS = { search: 'text' } as const;

export function SitesScreen() {
  const { t } = useTranslation(['sites', 'forms', 'common']);
  usePageTitle(t('title'));
  const toast = useToast();
  const errorText = useErrorText();
  const params = useQueryParamsOnce(QUERY_PARAMS);
  const [editing, setEditing] = useState<Editing>(() =>
    params.open_modal === 'true' ? { site: null } : null,
  );
  // In the address (?search=…): Back, a reload or a shared link keeps it.
  const [{ search }, setFilters] = useUrlFilters(SITE_FILTERS);
  const [toDelete, setToDelete] = useState<Site | null>(null);
  const sites = useSites();
  const remove = useDeleteSite();
  // Spec §2: 'Sync Projects' only when the accounting integration is configured, for anyone
  // who may change records (a viewer sees the sites and changes none).
  const canSync = useAccountingActive();
  const canChange = useCanChange();
  const shown = useMemo(() => filterSites(sites.data ?? [], search), [sites.data, search]);

  const onDelete = (site: Site) =>
    remove.mutate(site.id, {
      onSuccess: () => toast.success(t('delete.deleted')),
      onError: (error) => {
        // Spec §8: a site delete failure is logged; the server's reason (hires still use it) is shown too.
        console.error('Failed to delete site', error);
        toast.error(errorText(error, t('delete.failed')));
      },
      onSettled: () => setToDelete(null),
    });

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          canChange && (
            <AddButton label={t('add')} onClick={() => setEditing({ site: null })} testId="site-add" />
          )
        }
      />
      {!canChange && <ViewerNotice />}

      {canSync && canChange && <SyncProjectsPanel />}

      <Box sx={{ mb: 3 }} role="search" aria-label={t('search.label')}>
        <SearchInput
          label={t('search.placeholder')}
          testId="site-search"
          initialValue={search}
          onSearch={(text) => setFilters({ search: text })}
        />
      </Box>

      {(sites.data?.length ?? 0) >= DROPDOWN_LIMIT && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="sites-capped">
          {t('capped', { count: DROPDOWN_LIMIT })}
        </Alert>
      )}

      <CardGrid
        items={shown}
        getKey={(site) => site.id}
        isLoading={sites.isPending}
        error={sites.isError ? t('loadFailed') : null}
        onRetry={() => void sites.refetch()}
        empty={
          search.trim()
            ? { title: t('empty.searchTitle'), hint: t('empty.searchHint') }
            : {
                title: t('empty.title'),
                hint: t('empty.hint'),
                action: canChange && (
                  <Button
                    variant="contained"
                    startIcon={<AddIcon />}
                    onClick={() => setEditing({ site: null })}
                  >
                    {t('add')}
                  </Button>
                ),
              }
        }
        renderCard={(site) => (
          <SiteCard
            site={site}
            {...(canChange && { onEdit: () => setEditing({ site }), onDelete: () => setToDelete(site) })}
          />
        )}
      />

      {editing && canChange && (
        <SiteFormModal
          key={editing.site?.id ?? 'new'}
          schema={editing.site ? siteEditFormSchema(editing.site) : siteFormSchema}
          site={editing.site}
          onClose={() => setEditing(null)}
          onSaved={() => {
            toast.success(editing.site ? t('form.updated') : t('form.created'));
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('delete.title')}
        message={t('delete.message', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && onDelete(toDelete)}
      />
    </>
  );
}
