import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/ui/CardGrid';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FavoritesToggle } from '../../../components/ui/Favorites';
import { PageHeader, AddButton, HeaderActions } from '../../../components/ui/PageHeader';
import { NumberedPagination } from '../../../components/ui/Pagination';
import { SearchInput } from '../../../components/ui/SearchInput';
import { useToast } from '../../../components/ui/toast';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { usePageInRange } from '../../../lib/use-page-in-range';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useDeleteSupplier } from '../api/delete-supplier';
import { useFetchSupplier } from '../api/get-supplier';
import { useSupplierList, type Supplier } from '../api/get-suppliers';
import { useToggleSupplierFavorite } from '../api/toggle-favorite';
import { SupplierCard } from './SupplierCard';
import { SupplierFormModal } from './SupplierFormModal';

type Open = { supplier: Supplier | null } | null;

const SUPPLIER_FILTERS = { favorites: 'flag', search: 'text', page: 'page' } as const;

export function SuppliersScreen() {
  const { t } = useTranslation(['suppliers', 'common']);
  usePageTitle(t('title'));
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const toast = useToast();
  const errorText = useErrorText();
  const fetchSupplier = useFetchSupplier();

  // In the address (?search=…&page=2&favorites=1): Back, a reload or a shared link keeps them.
  const [{ favorites, search, page }, setFilters] = useUrlFilters(SUPPLIER_FILTERS);
  const setFavorites = (value: boolean) => setFilters({ favorites: value });
  const setSearch = (value: string) => setFilters({ search: value });
  const setPage = (value: number) => setFilters({ page: value });
  const [open, setOpen] = useState<Open>(null);
  const [toDelete, setToDelete] = useState<Supplier | null>(null);
  const [confirming, setConfirming] = useState(false);

  const list = useSupplierList({ page, search, favorites });
  const pageGone = usePageInRange(page, list.data?.pagination.pages, setFilters);
  const toggleFavorite = useToggleSupplierFavorite();
  const remove = useDeleteSupplier();

  const onDelete = (supplier: Supplier) =>
    remove.mutate(supplier.id, {
      onSuccess: () => toast.success(t('delete.deleted')),
      onError: (error) => {
        // Already gone (a second delete answers 404): the list refreshes and nothing is said.
        if (!(error instanceof ApiError && error.status === 404))
          toast.error(errorText(error, t('delete.failed')));
      },
      onSettled: () => setConfirming(false),
    });

  const empty = favorites
    ? { title: t('empty.favoritesTitle'), hint: t('empty.favoritesHint') }
    : search
      ? { title: t('empty.searchTitle', { search }), hint: t('empty.searchHint') }
      : { title: t('empty.noneTitle'), hint: isAdmin ? t('empty.noneHintAdmin') : t('empty.noneHint') };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <HeaderActions>
            <FavoritesToggle
              favorites={favorites}
              testId="supplier-favorites-toggle"
              onChange={(value) => {
                setFavorites(value);
                setPage(1);
              }}
            />
            {isAdmin && (
              <AddButton label={t('add')} onClick={() => setOpen({ supplier: null })} testId="supplier-add" />
            )}
          </HeaderActions>
        }
      />

      <Box sx={{ mb: 3 }} role="search" aria-label={t('searchLabel')}>
        <SearchInput
          label={t('search')}
          testId="supplier-search"
          initialValue={search}
          onSearch={(text) => {
            setSearch(text.trim());
            setPage(1);
          }}
        />
      </Box>

      <CardGrid
        items={list.data?.suppliers}
        getKey={(supplier) => supplier.id}
        isLoading={list.isPending || pageGone}
        error={list.isError ? errorText(list.error, t('loadFailed')) : null}
        onRetry={() => void list.refetch()}
        empty={{
          ...empty,
          action:
            !favorites && !search && isAdmin ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ supplier: null })}>
                {t('add')}
              </Button>
            ) : undefined,
        }}
        renderCard={(supplier) => (
          <SupplierCard
            supplier={supplier}
            isAdmin={isAdmin}
            favoriteBusy={toggleFavorite.isPending && toggleFavorite.variables?.id === supplier.id}
            onToggleFavorite={() =>
              toggleFavorite.mutate(
                { id: supplier.id, favorite: !supplier.is_favorite },
                { onError: (error) => toast.error(errorText(error, t('favoriteFailed'))) },
              )
            }
            onOpen={() => setOpen({ supplier })}
            onDelete={() => {
              setToDelete(supplier);
              setConfirming(true);
            }}
          />
        )}
      />
      {!list.isError && (
        <NumberedPagination
          page={page}
          totalPages={list.data?.pagination.pages ?? 1}
          onPageChange={setPage}
        />
      )}

      {open && (
        <SupplierFormModal
          key={open.supplier?.id ?? 'new'}
          supplier={open.supplier}
          canEditBasics={isAdmin && (open.supplier === null || open.supplier.created_by_you)}
          onClose={() => setOpen(null)}
          onOpenExisting={(id) =>
            fetchSupplier(id).then(
              (supplier) => setOpen({ supplier }),
              (error: unknown) => toast.error(errorText(error, t('loadFailed'))),
            )
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('delete.title')}
        message={t('delete.message', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        destructive
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => toDelete && onDelete(toDelete)}
      />
    </>
  );
}
