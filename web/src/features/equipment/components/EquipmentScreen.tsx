import { useEffect, useState } from 'react';
import { EQUIPMENT_CATEGORIES } from '@planted/domain';
import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/ui/CardGrid';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FavoritesToggle } from '../../../components/ui/Favorites';
import { PageHeader, AddButton, HeaderActions } from '../../../components/ui/PageHeader';
import { NumberedPagination } from '../../../components/ui/Pagination';
import { SearchInput } from '../../../components/ui/SearchInput';
import { NativeSelectInput } from '../../../components/ui/TextInput';
import { useToast } from '../../../components/ui/toast';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { usePageInRange } from '../../../lib/use-page-in-range';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useDeleteEquipment } from '../api/delete-equipment';
import { useCategories } from '../api/get-categories';
import { useEquipmentList, type Equipment } from '../api/get-equipment';
import { usePricing } from '../api/get-pricing';
import { useToggleEquipmentFavorite } from '../api/toggle-favorite';
import { EquipmentCard } from './EquipmentCard';
import { EquipmentFormModal } from './EquipmentFormModal';
import { byLabel } from '../../../lib/by-label';

type Editing = { item: Equipment | null } | null;

const EQUIPMENT_FILTERS = { favorites: 'flag', search: 'text', category: 'text', page: 'page' } as const;

export function EquipmentScreen() {
  const { t, i18n } = useTranslation(['equipment', 'common']);
  usePageTitle(t('title'));
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const toast = useToast();
  const errorText = useErrorText();

  // In the address (?search=…&category=…&page=2&favorites=1): Back, a reload or a shared link keeps them.
  const [{ favorites, search, category: asked, page }, setFilters] = useUrlFilters(EQUIPMENT_FILTERS);
  // A category the catalogue does not have (a mistyped or old link) is no filter at all: the
  // server would refuse it, and Try Again could never succeed (audit M). The address is tidied below.
  const unknownCategory = asked !== '' && !(EQUIPMENT_CATEGORIES as readonly string[]).includes(asked);
  const category = unknownCategory ? '' : asked;
  const setFavorites = (value: boolean) => setFilters({ favorites: value });
  const setSearch = (value: string) => setFilters({ search: value });
  const setCategory = (value: string) => setFilters({ category: value });
  const setPage = (value: number) => setFilters({ page: value });
  // A new key gives the search box the cleared or chosen search at once.
  const [searchBox, setSearchBox] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Equipment | null>(null);
  const [confirming, setConfirming] = useState(false);

  const list = useEquipmentList({ page, search, category, favorites });
  const categories = useCategories(favorites);
  const pricing = usePricing();
  const toggleFavorite = useToggleEquipmentFavorite();
  const remove = useDeleteEquipment();

  const filtered = Boolean(search || category);
  const totalPages = list.data?.pagination.pages ?? 1;
  const pageGone = usePageInRange(page, list.data?.pagination.pages, setFilters);
  useEffect(() => {
    if (unknownCategory) setFilters({ category: '', page: 1 });
  }, [unknownCategory, setFilters]);

  const clearFilters = () => {
    setSearch('');
    setCategory('');
    setPage(1);
    setSearchBox((key) => key + 1);
  };

  const onDelete = (item: Equipment) =>
    remove.mutate(item.id, {
      onSuccess: () => toast.success(t('delete.deleted')),
      onError: (error) => {
        // Spec §7, §8: a 404 means it is already gone; the list refreshes and nothing is said.
        if (!(error instanceof ApiError && error.status === 404))
          toast.error(errorText(error, t('delete.failed')));
      },
      onSettled: () => setConfirming(false),
    });

  const empty = favorites
    ? {
        title: filtered ? t('empty.favoritesFilteredTitle') : t('empty.favoritesTitle'),
        hint: filtered ? t('empty.filteredHint') : t('empty.favoritesHint'),
      }
    : {
        title: filtered ? t('empty.filteredTitle') : t('empty.allTitle'),
        hint: filtered ? t('empty.filteredHint') : isAdmin ? t('empty.allHintAdmin') : t('empty.allHint'),
      };

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <HeaderActions>
            <FavoritesToggle
              favorites={favorites}
              testId="equipment-favorites-toggle"
              onChange={(value) => {
                setFavorites(value);
                setPage(1);
              }}
            />
            {isAdmin && (
              <AddButton label={t('add')} onClick={() => setEditing({ item: null })} testId="equipment-add" />
            )}
          </HeaderActions>
        }
      />

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { xs: 'stretch', md: 'center' } }}
        role="search"
        aria-label={t('filters.label')}
      >
        <Box sx={{ flexGrow: 1 }}>
          <SearchInput
            key={searchBox}
            initialValue={search}
            label={t('filters.search')}
            testId="equipment-search"
            onSearch={(text) => {
              setSearch(text.trim());
              setPage(1);
            }}
          />
        </Box>
        <NativeSelectInput
          id="equipment-category-filter"
          label={t('filters.category')}
          value={category}
          size="medium"
          testId="equipment-category-filter"
          onChange={(value) => {
            setCategory(value);
            setPage(1);
          }}
        >
          <option value="">{t('filters.allCategories')}</option>
          {byLabel(
            (categories.data ?? []).map(({ category: name, count }) => ({
              name,
              count,
              label: t(`categories.${name}`, { defaultValue: name }),
            })),
            i18n.language,
          ).map(({ name, count, label }) => (
            <option key={name} value={name}>
              {t('filters.categoryOption', { category: label, count })}
            </option>
          ))}
        </NativeSelectInput>
        {filtered && (
          <Button variant="text" onClick={clearFilters} data-testid="equipment-clear-filters">
            {t('filters.clear')}
          </Button>
        )}
      </Stack>

      <CardGrid
        items={list.data?.equipment}
        getKey={(item) => item.id}
        isLoading={list.isPending || pageGone}
        error={list.isError ? t('loadFailed') : null}
        onRetry={() => void list.refetch()}
        empty={{
          ...empty,
          action:
            !favorites && !filtered && isAdmin ? (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ item: null })}>
                {t('add')}
              </Button>
            ) : filtered ? (
              <Button onClick={clearFilters}>{t('filters.clear')}</Button>
            ) : undefined,
        }}
        renderCard={(item) => (
          <EquipmentCard
            item={item}
            price={pricing.data?.[item.id]}
            canManage={isAdmin && item.customer_id === user?.customer_id}
            favoriteBusy={toggleFavorite.isPending && toggleFavorite.variables?.id === item.id}
            onToggleFavorite={() =>
              toggleFavorite.mutate(
                { id: item.id, favorite: !item.is_favorite },
                { onError: (error) => toast.error(errorText(error, t('favoriteFailed'))) },
              )
            }
            onEdit={() => setEditing({ item })}
            onDelete={() => {
              setToDelete(item);
              setConfirming(true);
            }}
          />
        )}
      />
      {!list.isError && (
        <NumberedPagination ellipses={false} page={page} totalPages={totalPages} onPageChange={setPage} />
      )}

      {editing && (
        <EquipmentFormModal
          key={editing.item?.id ?? 'new'}
          item={editing.item}
          onClose={() => setEditing(null)}
          onShowExisting={(name) => {
            setEditing(null);
            setFavorites(false);
            setCategory('');
            setSearch(name);
            setPage(1);
            setSearchBox((key) => key + 1);
          }}
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
