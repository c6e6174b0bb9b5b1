import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, FormControlLabel, Stack, Switch } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import type { HireStatus } from '@planted/domain';
import { BulkActionBar } from '../../../components/ui/BulkActionBar';
import { CardGrid } from '../../../components/ui/CardGrid';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeader, AddButton } from '../../../components/ui/PageHeader';
import { PageOfPagination } from '../../../components/ui/Pagination';
import { SearchInput } from '../../../components/ui/SearchInput';
import { useToast } from '../../../components/ui/toast';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAccountingActive } from '../../../lib/accounting';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { getHireUsage, limitReached, type HireUsage } from '../../../lib/plan-usage';
import { hireKeys } from '../../../lib/query-keys';
import { useErrorText } from '../../../lib/use-error-text';
import { useQueryParamsOnce } from '../../../lib/use-query-params-once';
import { useSelection } from '../../../lib/use-selection';
import { usePageInRange } from '../../../lib/use-page-in-range';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useBulkDelete, useBulkStatus, useDeleteHire } from '../api/delete-hires';
import { useHire } from '../api/get-hire';
import { useHireList, type Hire } from '../api/get-hires';
import { useCreateBulkPurchaseOrder, useCreatePurchaseOrder } from '../api/purchase-orders';
import { HireCard } from './HireCard';
import { HireCreatedDialog, UpgradeRequiredDialog } from './HireDialogs';
import { isPendingOrderText } from '../schemas';
import { HireFormModal, type HirePrefill } from './HireFormModal';
import { BulkPurchaseOrderDialog, CreatePurchaseOrderPrompt } from './PurchaseOrderDialogs';
import { useCanChange } from '../../../lib/session';
import { ViewerNotice } from '../../../components/ui/ViewerNotice';

const QUERY_PARAMS = [
  'equipment_id',
  'supplier_id',
  'price_per_day',
  'equipment_name',
  'open_modal',
  'edit',
] as const;

type Editing = { hire: Hire | null; prefill: HirePrefill } | null;

const HIRE_FILTERS = { search: 'text', page: 'page', completed: 'flag' } as const;
type BulkAction = 'completed' | 'collection_booked' | 'delete';

/** Spec §2 Hires. */
export function HiresScreen() {
  const { t } = useTranslation(['hires', 'forms', 'common']);
  const canChange = useCanChange();
  usePageTitle(t('title'));
  const toast = useToast();
  const errorText = useErrorText();
  const params = useQueryParamsOnce(QUERY_PARAMS);

  // In the address (?search=…&page=2&completed=1): Back, a reload or a shared link shows the same list.
  const [{ page, search, completed: showCompleted }, setFilters] = useUrlFilters(HIRE_FILTERS);
  const setPage = (next: number) => setFilters({ page: next });
  const [editing, setEditing] = useState<Editing>(null);
  const [upgrade, setUpgrade] = useState<{ usage: HireUsage | null } | null>(null);
  const [created, setCreated] = useState(false);
  // After the hire is saved (its form, then the success or purchase-order dialog, gone), the
  // keyboard carries on from New Hire rather than from the top of the page.
  const addButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useCallback(() => addButton.current?.focus(), []);
  const [starting, setStarting] = useState(false);
  const [toDelete, setToDelete] = useState<Hire | null>(null);
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  /** The hire just created, while the user is asked whether to create its purchase order. */
  const [poPrompt, setPoPrompt] = useState<Hire | null>(null);
  /** The selected hires, while the bulk purchase order is confirmed. */
  const [bulkOrder, setBulkOrder] = useState<Hire[] | null>(null);
  const accountingActive = useAccountingActive();

  const list = useHireList({ page, search, showCompleted });
  const hires = list.data?.hires;
  const totalPages = list.data?.pagination.totalPages ?? 1;
  // A page that no longer exists (its hires completed in bulk, edited away, deleted elsewhere).
  usePageInRange(page, list.data?.pagination.totalPages, setFilters);
  const ids = useMemo(() => (hires ?? []).map((hire) => hire.id), [hires]);
  const selection = useSelection(ids);
  const remove = useDeleteHire();
  const bulkStatus = useBulkStatus();
  const bulkDelete = useBulkDelete();
  const createOrder = useCreatePurchaseOrder();
  const createBulkOrder = useCreateBulkPurchaseOrder();

  /**
   * Spec §4 Hire limit: the usage is checked before the form opens; at or over the plan's
   * maximum the Upgrade Required modal shows instead; a failed check still opens the form.
   */
  const openNewHire = useCallback(async (prefill: HirePrefill) => {
    try {
      const usage = await getHireUsage();
      if (limitReached(usage)) setUpgrade({ usage });
      else setEditing({ hire: null, prefill });
    } catch (error) {
      console.error('Failed to check the hire limit', error);
      setEditing({ hire: null, prefill });
    }
  }, []);
  const startNewHire = (prefill: HirePrefill = {}) => {
    setStarting(true);
    void openNewHire(prefill).finally(() => setStarting(false));
  };

  const onLimitReached = () =>
    getHireUsage()
      .then((usage) => setUpgrade({ usage }))
      .catch(() => setUpgrade({ usage: null }));

  // Spec §2: open_modal=true, or an item from the equipment screen, starts a hire (the
  // parameters have already left the URL); the limit is checked first, as for the button.
  const [linkedStart] = useState<HirePrefill | null>(() =>
    !params.edit && (params.open_modal === 'true' || params.equipment_id)
      ? {
          equipment_id: params.equipment_id,
          equipment_name: params.equipment_name,
          supplier_id: params.supplier_id,
          price_per_day: params.price_per_day,
        }
      : null,
  );
  const linkedStartCheck = useQuery({
    queryKey: [...hireKeys.usage(), 'link'],
    queryFn: () =>
      getHireUsage().catch((error: unknown) => {
        console.error('Failed to check the hire limit', error);
        throw error;
      }),
    enabled: linkedStart !== null,
    retry: false,
    gcTime: 0,
  });
  const [linkedStartDone, setLinkedStartDone] = useState(false);
  const linkedStartReady = linkedStart !== null && !linkedStartDone && !linkedStartCheck.isPending;
  const linkedStartBlocked =
    linkedStartReady && linkedStartCheck.data !== undefined && limitReached(linkedStartCheck.data);

  // edit={id} opens that hire, wherever it is in the list, until its form is closed.
  const linkedHire = useHire(params.edit ?? null);
  const [linkedClosed, setLinkedClosed] = useState(false);
  const shownEditing: Editing =
    editing ??
    (linkedHire.data && !linkedClosed
      ? { hire: linkedHire.data, prefill: {} }
      : linkedStartReady && !linkedStartBlocked && linkedStart
        ? { hire: null, prefill: linkedStart }
        : null);
  const shownUpgrade =
    upgrade ?? (linkedStartBlocked && linkedStartCheck.data ? { usage: linkedStartCheck.data } : null);
  const closeForm = () => {
    setEditing(null);
    setLinkedClosed(true);
    setLinkedStartDone(true);
  };
  const reportedLinkFailure = useRef(false);
  useEffect(() => {
    if (!linkedHire.isError || reportedLinkFailure.current) return;
    reportedLinkFailure.current = true;
    toast.error(errorText(linkedHire.error, t('form.notFound')));
  }, [linkedHire.isError, linkedHire.error, toast, errorText, t]);

  /** After removing every card of a later page, show the page before it. */
  const stepBackIfEmptied = (removed: number) => {
    if (page > 1 && removed >= (hires?.length ?? 0)) setPage(page - 1);
  };

  const selectedIds = [...selection.selected];
  const count = selectedIds.length;
  /** The purchase orders of the selected hires on this page (each once), which deleting them leaves in Zahara. */
  const ordersOfSelection = [
    ...new Set(
      (hires ?? []).flatMap((hire) =>
        selection.isSelected(hire.id) && hire.zahara_po_number ? [hire.zahara_po_number] : [],
      ),
    ),
  ];
  const statusLabel = (status: HireStatus) => t(`common:hireStatus.${status}`);

  const runBulk = () => {
    if (!bulk) return;
    if (bulk === 'delete') {
      bulkDelete.mutate(selectedIds, {
        onSuccess: ({ deletedCount }) => {
          toast.success(t('bulk.deleted', { count: deletedCount }));
          stepBackIfEmptied(selectedIds.length);
          selection.clear();
        },
        onError: (error) =>
          toast.error(t('bulk.deleteFailed', { error: errorMessage(error, error.message) })),
        onSettled: () => setBulk(null),
      });
    } else {
      const status = bulk;
      bulkStatus.mutate(
        { hireIds: selectedIds, status },
        {
          onSuccess: ({ updatedCount }) => {
            toast.success(t('bulk.updated', { count: updatedCount, status: statusLabel(status) }));
            selection.clear();
          },
          onError: (error) =>
            toast.error(t('bulk.statusFailed', { error: errorMessage(error, error.message) })),
          onSettled: () => setBulk(null),
        },
      );
    }
  };

  /**
   * Spec §8 'Failed to create purchase order: {error}' for an order that failed; an order the
   * connector is still making (Zahara slow or down, maybe made already) is not called failed.
   */
  const orderFailed = (error: Error, failedKey: 'po.failed' | 'po.bulkFailed') => {
    const text = errorText(error, error.message);
    if (error instanceof ApiError && isPendingOrderText(error.serverMessage ?? '')) toast.show('info', text);
    else toast.error(t(failedKey, { error: text }));
  };

  /** Spec §4, §8: 'Purchase Order #{n} successfully created in Zahara!' */
  const onCreateOrder = (hire: Hire) =>
    createOrder.mutate(hire.id, {
      onSuccess: ({ zaharaPoNumber }) => toast.success(t('po.created', { number: zaharaPoNumber })),
      onError: (error) => orderFailed(error, 'po.failed'),
      onSettled: () => setPoPrompt(null),
    });

  /** Spec §5: the selected hires must share one supplier before one order is made for them. */
  const startBulkOrder = () => {
    const chosen = (hires ?? []).filter((hire) => selection.isSelected(hire.id));
    if (new Set(chosen.map((hire) => hire.supplier_id)).size > 1) {
      toast.error(t('forms:validation.SAME_SUPPLIER'));
      return;
    }
    // Hires already on one order: the connector would answer that order again, not make another.
    const numbers = new Set(chosen.map((hire) => hire.zahara_po_number));
    const [number] = numbers;
    if (numbers.size === 1 && number) {
      toast.success(t('po.alreadyOrdered', { number, count: chosen.length }));
      return;
    }
    setBulkOrder(chosen);
  };

  const runBulkOrder = () => {
    if (!bulkOrder) return;
    createBulkOrder.mutate(
      bulkOrder.map((hire) => hire.id),
      {
        onSuccess: ({ zaharaPoNumber, lineItemCount, hireCount }) => {
          toast.success(
            `${t('po.created', { number: zaharaPoNumber })} ${t('po.bulkCounts', { lines: lineItemCount, count: hireCount })}`,
          );
          selection.clear();
        },
        onError: (error) => orderFailed(error, 'po.bulkFailed'),
        onSettled: () => setBulkOrder(null),
      },
    );
  };

  const onDelete = (hire: Hire) =>
    remove.mutate(hire.id, {
      onSuccess: () => {
        toast.success(t('delete.deleted'));
        stepBackIfEmptied(1);
      },
      onError: (error) => toast.error(errorText(error, t('delete.failed'))),
      onSettled: () => setToDelete(null),
    });

  const filtered = Boolean(search);
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          canChange && (
            <AddButton
              label={t('add')}
              onClick={() => startNewHire()}
              disabled={starting}
              testId="hire-add"
              buttonRef={addButton}
            />
          )
        }
      />
      {!canChange && <ViewerNotice />}

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { xs: 'stretch', md: 'center' } }}
        role="search"
        aria-label={t('filters.label')}
      >
        <Box sx={{ flexGrow: 1 }}>
          <SearchInput
            label={t('filters.search')}
            testId="hire-search"
            initialValue={search}
            onSearch={(text) => setFilters({ search: text.trim(), page: 1 })}
          />
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={showCompleted}
              onChange={(event) => setFilters({ completed: event.target.checked, page: 1 })}
              data-testid="hire-show-completed"
            />
          }
          label={t('filters.showCompleted')}
        />
      </Stack>

      {canChange && (hires?.length ?? 0) > 0 && (
        <BulkActionBar selection={selection}>
          {/* Spec §2: only when the accounting integration is active with an API key. */}
          {accountingActive && (
            <Button
              variant="contained"
              startIcon={<ReceiptLongIcon />}
              onClick={startBulkOrder}
              data-testid="bulk-create-order"
            >
              {t('bulk.createOrder')}
            </Button>
          )}
          <Button variant="outlined" onClick={() => setBulk('completed')} data-testid="bulk-completed">
            {t('bulk.markCompleted')}
          </Button>
          <Button
            variant="outlined"
            onClick={() => setBulk('collection_booked')}
            data-testid="bulk-collection"
          >
            {t('bulk.markCollection')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            onClick={() => setBulk('delete')}
            data-testid="bulk-delete"
          >
            {t('bulk.delete')}
          </Button>
        </BulkActionBar>
      )}

      <CardGrid
        items={hires}
        getKey={(hire) => hire.id}
        isLoading={list.isPending}
        error={list.isError ? t('loadFailed') : null}
        onRetry={() => void list.refetch()}
        empty={
          filtered
            ? { title: t('empty.searchTitle'), hint: t('empty.searchHint') }
            : {
                title: showCompleted ? t('empty.allTitle') : t('empty.title'),
                hint: t('empty.hint'),
                action: canChange && (
                  <Button variant="contained" startIcon={<AddIcon />} onClick={() => startNewHire()}>
                    {t('add')}
                  </Button>
                ),
              }
        }
        renderCard={(hire) => (
          <HireCard
            hire={hire}
            selected={selection.isSelected(hire.id)}
            {...(canChange && {
              onToggleSelected: () => selection.toggle(hire.id),
              onEdit: () => setEditing({ hire, prefill: {} }),
              onDelete: () => setToDelete(hire),
            })}
          />
        )}
      />
      {!list.isError && <PageOfPagination page={page} totalPages={totalPages} onPageChange={setPage} />}

      {shownEditing && canChange && (
        <HireFormModal
          key={shownEditing.hire?.id ?? 'new'}
          hire={shownEditing.hire}
          prefill={shownEditing.prefill}
          onClose={closeForm}
          onLimitReached={() => void onLimitReached()}
          onCreated={(answer) => {
            closeForm();
            // Spec §4: with the integration active, ask about the purchase order instead.
            if (answer.purchase_order_available) setPoPrompt(answer.hire);
            else setCreated(true);
          }}
        />
      )}
      <HireCreatedDialog
        open={created}
        onContinue={() => {
          setCreated(false);
          void list.refetch();
        }}
        onExited={returnFocus}
      />
      <CreatePurchaseOrderPrompt
        hire={poPrompt}
        busy={createOrder.isPending}
        onCreate={() => poPrompt && onCreateOrder(poPrompt)}
        onSkip={() => {
          setPoPrompt(null);
          void list.refetch();
        }}
        onExited={returnFocus}
      />
      <BulkPurchaseOrderDialog
        hires={bulkOrder}
        busy={createBulkOrder.isPending}
        onConfirm={runBulkOrder}
        onCancel={() => setBulkOrder(null)}
      />
      {shownUpgrade && (
        <UpgradeRequiredDialog
          usage={shownUpgrade.usage}
          onClose={() => {
            setUpgrade(null);
            setLinkedStartDone(true);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('delete.title')}
        message={
          // Deleting a hire leaves its purchase order in Zahara as it is: say so before, not after.
          toDelete?.zahara_po_number
            ? `${t('delete.message', { name: toDelete.equipment_name })} ${t('delete.keepsOrder', { number: toDelete.zahara_po_number })}`
            : t('delete.message', { name: toDelete?.equipment_name ?? '' })
        }
        confirmLabel={t('delete.confirm')}
        destructive
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && onDelete(toDelete)}
      />
      <ConfirmDialog
        open={bulk !== null}
        title={bulk === 'delete' ? t('bulk.deleteTitle') : t('bulk.statusTitle')}
        message={
          bulk === 'delete'
            ? [
                t('bulk.deleteMessage', { count }),
                ...ordersOfSelection.map((number) => t('delete.keepsOrder', { number })),
              ].join(' ')
            : t('bulk.statusMessage', { count, status: bulk ? statusLabel(bulk) : '' })
        }
        confirmLabel={bulk === 'delete' ? t('bulk.deleteConfirm', { count }) : t('bulk.statusConfirm')}
        destructive={bulk === 'delete'}
        busy={bulkDelete.isPending || bulkStatus.isPending}
        onCancel={() => setBulk(null)}
        onConfirm={runBulk}
      />
    </>
  );
}
