import { useMemo, useState } from 'react';
import { Alert, Box, Button, Grid } from '@mui/material';
import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_DROPDOWN_MAX, HIRE_STATUSES, PRICING_TERMS, SITE_COUNTRY_NAMES } from '@planted/domain';
import { FormModal } from '../../../components/ui/FormModal';
import { SiteFormModal } from '../../../components/ui/SiteFormModal';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormSelectField } from '../../../components/ui/form/FormSelectField';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/session';
import { useSites, type Site } from '../../../lib/sites';
import { useTranslateApiError } from '../../../lib/use-error-text';
import type { Hire } from '../api/get-hires';
import {
  useEquipmentOptions,
  useLatestPrices,
  useSupplierOptions,
  type Equipment,
  type Supplier,
} from '../api/get-options';
import { useSaveHire, type CreatedHire } from '../api/save-hire';
import { liveTotals, todayIso } from '../hire-totals';
import { isHireLimitError } from '../hire-limit';
import { hireFormSchema, quickSiteSchema } from '../schemas';
import { EntityPicker, type PickerOption } from './EntityPicker';
import { HireSummary } from './HireSummary';
import { QuickAddEquipmentModal, QuickAddSupplierModal } from './QuickAddModals';

const FORM_ID = 'hire-form';
const SELECT = { '& .MuiTextField-root': { width: '100%', mt: 2, mb: 1 } } as const;

/** What a link from the equipment screen (or the dashboard) fills in (spec §2 query params). */
export interface HirePrefill {
  equipment_id?: string;
  equipment_name?: string;
  supplier_id?: string;
  price_per_day?: string;
}

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function defaultsOf(hire: Hire | null, prefill: HirePrefill) {
  const perDay =
    prefill.price_per_day && Number.isFinite(Number(prefill.price_per_day)) ? prefill.price_per_day : '';
  return {
    equipment_id: hire?.equipment_id ?? prefill.equipment_id ?? '',
    supplier_id: hire?.supplier_id ?? prefill.supplier_id ?? '',
    site_id: hire?.site_id ?? '',
    price: hire ? money(hire.price) : perDay,
    // A latest price is a price per day.
    pricing_term: hire?.pricing_term ?? (perDay ? 'day' : ''),
    delivery_charge: hire ? money(hire.delivery_charge) : '',
    operator_cost: hire ? money(hire.operator_cost) : '',
    hire_start_date: hire?.hire_start_date ?? todayIso(),
    hire_end_date: hire?.hire_end_date ?? '',
    hire_status: hire?.hire_status ?? 'active',
    additional_details: hire?.additional_details ?? '',
  };
}

type QuickAdd = 'equipment' | 'supplier' | 'site' | null;

/** Fields a purchase order's lines do not carry. */
const NOT_ON_ORDER: ReadonlySet<string> = new Set(['hire_status', 'additional_details']);

/**
 * Add or edit a hire (spec §2 Hires, §5 Hire form): equipment, supplier and site each with a
 * quick-add modal on top, price and term, delivery and operator costs, dates, status when
 * editing, and the live summary and price comparison.
 */
export function HireFormModal({
  hire,
  prefill = {},
  onClose,
  onCreated,
  onLimitReached,
}: {
  /** Null when adding. */
  hire: Hire | null;
  prefill?: HirePrefill;
  onClose: () => void;
  onCreated: (answer: CreatedHire) => void;
  /** The server refused: the plan's active hire limit is reached (spec §4). */
  onLimitReached: () => void;
}) {
  const { t } = useTranslation(['hires', 'forms', 'common']);
  const toast = useToast();
  const translateError = useTranslateApiError();
  const isAdmin = useSession().user?.role === 'admin';
  const save = useSaveHire();
  const form = useZodForm(hireFormSchema, { defaultValues: defaultsOf(hire, prefill) as never });
  const [quickAdd, setQuickAdd] = useState<QuickAdd>(null);
  // Items added here show at once, before the lists are loaded again.
  const [added, setAdded] = useState<{ equipment: Equipment[]; suppliers: Supplier[]; sites: Site[] }>({
    equipment: [],
    suppliers: [],
    sites: [],
  });

  const equipment = useEquipmentOptions();
  const suppliers = useSupplierOptions();
  const sites = useSites();
  const prices = useLatestPrices(hire?.id);
  const equipmentId = useWatch({ control: form.control, name: 'equipment_id' }) as string;
  // A hire on a purchase order: the connector updates the order in Zahara after a change it
  // covers (not after a status or notes change), so the user hears that before saving one.
  const { dirtyFields } = useFormState({ control: form.control });
  const changesOrder =
    Boolean(hire?.zahara_po_number) && Object.keys(dirtyFields).some((field) => !NOT_ON_ORDER.has(field));

  const equipmentOptions = useMemo<PickerOption[]>(() => {
    // Inactive items are not offered for new hires (the hire's own item is kept, below).
    const offered = (equipment.data ?? []).filter((item) => item.is_active !== false);
    const list = dedupe([...added.equipment, ...offered]).map((item) => ({
      id: item.id,
      label: item.name,
      detail: item.category
        ? t(`equipment:categories.${item.category}`, { defaultValue: item.category })
        : null,
    }));
    // A link names an item the list may not hold (beyond the dropdown's limit).
    const linked = hire?.equipment_id ?? prefill.equipment_id;
    const linkedName = hire?.equipment_name ?? prefill.equipment_name;
    if (linked && linkedName && !list.some((option) => option.id === linked))
      list.unshift({ id: linked, label: linkedName, detail: null });
    return list;
  }, [added.equipment, equipment.data, hire, prefill.equipment_id, prefill.equipment_name, t]);
  const supplierOptions = useMemo<PickerOption[]>(() => {
    const list = dedupe([...added.suppliers, ...(suppliers.data ?? [])]).map((item) => ({
      id: item.id,
      label: item.name,
      detail: item.address,
    }));
    if (hire && hire.supplier_name && !list.some((option) => option.id === hire.supplier_id))
      list.unshift({ id: hire.supplier_id, label: hire.supplier_name, detail: null });
    return list;
  }, [added.suppliers, suppliers.data, hire]);
  const siteOptions = useMemo<PickerOption[]>(
    () =>
      dedupe([...added.sites, ...(sites.data ?? [])]).map((site) => ({
        id: site.id,
        label: site.job_number ? `${site.name} (${site.job_number})` : site.name,
        // A site no longer active says so, so a new hire is not put on a finished job by mistake.
        detail: [
          site.status !== 'active' ? t(`common:siteStatus.${site.status}`) : undefined,
          site.city,
          site.postcode,
          SITE_COUNTRY_NAMES[site.country],
        ]
          .filter(Boolean)
          .join(', '),
      })),
    [added.sites, sites.data, t],
  );

  const choose = (name: 'equipment_id' | 'supplier_id' | 'site_id', id: string) => {
    form.setValue(name, id as never, { shouldDirty: true, shouldValidate: true });
    setQuickAdd(null);
  };

  const title = hire ? t('form.editTitle') : t('form.addTitle');
  return (
    <FormModal
      open
      dirty={form.formState.isDirty}
      title={title}
      onClose={onClose}
      maxWidth="lg"
      fullScreenOnPhone
      testId="hire-modal"
    >
      <Form
        form={form}
        id={FORM_ID}
        aria-label={title}
        errorFallback={t('form.saveFailed')}
        onSubmit={async (fields) => {
          const totals = liveTotals(fields);
          const payload = {
            ...fields,
            hire_duration_days: totals?.hire_duration_days ?? 0,
            net_cost: totals?.net_cost ?? 0,
            vat_amount: totals?.vat_amount ?? 0,
            total_cost: totals?.total_cost ?? 0,
          };
          try {
            const answer = await save.mutateAsync({ id: hire?.id, fields: payload });
            if (hire) {
              toast.success(t('form.updated'));
              onClose();
            } else {
              onCreated(answer as CreatedHire);
            }
          } catch (error) {
            if (isHireLimitError(error)) {
              onLimitReached();
              return;
            }
            // Spec §8: a hire save failure is logged; the form also shows what the server said.
            console.error('Failed to save hire', error);
            throw translateError(error);
          }
        }}
      >
        <FormError testId="hire-form-error" />
        {changesOrder && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="hire-order-updated">
            {t('form.orderUpdated', { number: hire?.zahara_po_number })}
          </Alert>
        )}
        <Grid container columnSpacing={3}>
          <Grid size={{ xs: 12, md: 7 }}>
            <EntityPicker
              name="equipment_id"
              id="hire-equipment"
              label={t('form.equipment')}
              options={equipmentOptions}
              loading={equipment.isPending}
              failed={equipment.isError && !equipment.data}
              onRetry={() => void equipment.refetch()}
              limit={EQUIPMENT_DROPDOWN_MAX}
              // Only administrators add to the catalogue (spec §6); anyone may add a site.
              {...(isAdmin && { addLabel: t('quickAdd.equipment'), onAdd: () => setQuickAdd('equipment') })}
              testId="hire-equipment"
            />
            <EntityPicker
              name="supplier_id"
              id="hire-supplier"
              label={t('form.supplier')}
              options={supplierOptions}
              loading={suppliers.isPending}
              failed={suppliers.isError && !suppliers.data}
              onRetry={() => void suppliers.refetch()}
              {...(isAdmin && { addLabel: t('quickAdd.supplier'), onAdd: () => setQuickAdd('supplier') })}
              testId="hire-supplier"
            />
            <EntityPicker
              name="site_id"
              id="hire-site"
              label={t('form.site')}
              options={siteOptions}
              loading={sites.isPending}
              failed={sites.isError && !sites.data}
              onRetry={() => void sites.refetch()}
              addLabel={t('quickAdd.site')}
              onAdd={() => setQuickAdd('site')}
              testId="hire-site"
            />
            <Grid container columnSpacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                {/* Amounts are text with a decimal keypad, not number inputs: Chromium's number
                    input reads '12,5' as 125 without a word, a tenfold price (AY-2). The
                    contract reads '12,5' as 12.50 and refuses any other comma. */}
                <FormTextField
                  id="hire-price"
                  name="price"
                  inputMode="decimal"
                  label={t('form.price')}
                  testId="hire-price"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }} sx={SELECT}>
                <FormSelectField
                  id="hire-pricing-term"
                  name="pricing_term"
                  label={t('form.pricingTerm')}
                  testId="hire-pricing-term"
                  options={PRICING_TERMS.map((term) => ({ value: term, label: t(`terms.${term}`) }))}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  id="hire-delivery"
                  name="delivery_charge"
                  inputMode="decimal"
                  label={t('form.deliveryCharge')}
                  testId="hire-delivery"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  id="hire-operator"
                  name="operator_cost"
                  inputMode="decimal"
                  label={t('form.operatorCost')}
                  hint={t('form.operatorHint')}
                  testId="hire-operator"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  id="hire-start"
                  name="hire_start_date"
                  type="date"
                  label={t('form.startDate')}
                  testId="hire-start"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  id="hire-end"
                  name="hire_end_date"
                  type="date"
                  label={t('form.endDate')}
                  testId="hire-end"
                />
              </Grid>
              {hire && (
                <Grid size={{ xs: 12, sm: 6 }} sx={SELECT}>
                  <FormSelectField
                    id="hire-status"
                    name="hire_status"
                    label={t('form.status')}
                    testId="hire-status"
                    options={HIRE_STATUSES.map((status) => ({
                      value: status,
                      label: t(`common:hireStatus.${status}`),
                    }))}
                  />
                </Grid>
              )}
            </Grid>
            <FormTextField
              id="hire-details"
              name="additional_details"
              label={t('form.details')}
              multiline
              minRows={2}
              testId="hire-details"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <HireSummary latest={prices.data?.[equipmentId] ?? null} />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <SubmitButton pendingLabel={t('common:saving')} testId="hire-save">
            {hire ? t('form.save') : t('form.add')}
          </SubmitButton>
        </Box>
      </Form>

      {quickAdd === 'equipment' && (
        <QuickAddEquipmentModal
          onClose={() => setQuickAdd(null)}
          onCreated={(item) => {
            setAdded((current) => ({ ...current, equipment: [item, ...current.equipment] }));
            toast.success(t('quickAdd.equipmentCreated'));
            choose('equipment_id', item.id);
          }}
        />
      )}
      {quickAdd === 'supplier' && (
        <QuickAddSupplierModal
          onClose={() => setQuickAdd(null)}
          onCreated={(item) => {
            setAdded((current) => ({ ...current, suppliers: [item, ...current.suppliers] }));
            toast.success(t('quickAdd.supplierCreated'));
            choose('supplier_id', item.id);
          }}
        />
      )}
      {quickAdd === 'site' && (
        <SiteFormModal
          schema={quickSiteSchema}
          site={null}
          quickAdd
          onClose={() => setQuickAdd(null)}
          onSaved={(site) => {
            setAdded((current) => ({ ...current, sites: [site, ...current.sites] }));
            toast.success(t('quickAdd.siteCreated'));
            choose('site_id', site.id);
          }}
        />
      )}
    </FormModal>
  );
}

function dedupe<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}
