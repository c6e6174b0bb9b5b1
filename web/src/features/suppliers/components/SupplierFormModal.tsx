import { Alert, Box, Button, Divider, Grid, Stack, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import LockIcon from '@mui/icons-material/Lock';
import { useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_CHECK_METHODS, PREFERRED_ORDER_METHODS } from '@planted/domain';
import { FormModal } from '../../../components/ui/FormModal';
import { SimilarEntries } from '../../../components/ui/SimilarEntries';
import { TextInput } from '../../../components/ui/TextInput';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormSelectField } from '../../../components/ui/form/FormSelectField';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import { useAccountingActive } from '../../../lib/accounting';
import { useSession } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useErrorText, useTranslateApiError } from '../../../lib/use-error-text';
import type { Supplier } from '../api/get-suppliers';
import { useSimilarSuppliers } from '../api/get-similar-suppliers';
import { useExportSupplier } from '../api/export-supplier';
import { useSaveSupplier } from '../api/save-supplier';
import { useAddNote } from '../api/timeline';
import { supplierDetailsFormSchema, supplierFormSchema } from '../schemas';
import { SupplierTimeline } from './SupplierTimeline';
import { useCanChange } from '../../../lib/session';
import { ViewerNotice } from '../../../components/ui/ViewerNotice';

function defaultsOf(supplier: Supplier | null) {
  return {
    name: supplier?.name ?? '',
    contact_phone: supplier?.contact_phone ?? '',
    address: supplier?.address ?? '',
    contact_email: supplier?.contact_email ?? '',
    details: {
      contact_name: supplier?.customer_contact_name ?? '',
      contact_email: supplier?.customer_contact_email ?? '',
      phone: supplier?.customer_phone ?? '',
      preferred_order_method: supplier?.preferred_order_method ?? '',
      availability_check_method: supplier?.availability_check_method ?? '',
    },
  };
}

/**
 * Basic information the user may not change, shown but not editable (spec §2, §6): another
 * customer created it, or (their own company's) only administrators change it.
 */
function ReadOnlyBasics({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation('suppliers');
  return (
    <>
      <Alert severity="info" icon={<LockIcon />} sx={{ my: 1 }} data-testid="supplier-read-only">
        {supplier.created_by_you ? t('form.readOnlyRole') : t('form.readOnly')}
      </Alert>
      <TextInput
        id="supplier-name-ro"
        label={t('form.name')}
        value={supplier.name}
        readOnly
        testId="supplier-name"
      />
      <TextInput
        id="supplier-phone-ro"
        label={t('form.officePhone')}
        value={supplier.contact_phone ?? ''}
        readOnly
      />
      <TextInput
        id="supplier-address-ro"
        label={t('form.address')}
        value={supplier.address ?? ''}
        readOnly
        multiline
      />
      <TextInput
        id="supplier-email-ro"
        label={t('form.contactEmail')}
        value={supplier.contact_email ?? ''}
        readOnly
      />
    </>
  );
}

/**
 * Add or edit a supplier (spec §2 Suppliers): left, the basic information (read-only for a
 * community supplier) and 'Your Communication Details', Cancel and Save; right, the Timeline
 * with Add Note. Mounted per supplier, so the form starts from that supplier.
 */
export function SupplierFormModal({
  supplier,
  canEditBasics,
  onClose,
  onOpenExisting,
}: {
  /** Null when adding. */
  supplier: Supplier | null;
  /** The caller may change the basic information: adding, or an admin of the creating company. */
  canEditBasics: boolean;
  onClose: () => void;
  /** Adding: the admin chose an existing near-duplicate instead. */
  onOpenExisting: (id: string) => void;
}) {
  // A viewer sees the company's details and notes, and changes none (the server refuses it).
  const canChange = useCanChange();
  const { t } = useTranslation(['suppliers', 'forms', 'common']);
  const toast = useToast();
  const translateError = useTranslateApiError();
  const save = useSaveSupplier();
  const errorText = useErrorText();
  const exporter = useExportSupplier();
  // Spec §2, §6: Export only when the accounting integration is configured, and for an
  // administrator (it adds the supplier to the company's Zahara, as matching does).
  const isAdmin = useSession().user?.role === 'admin';
  const canExport = useAccountingActive() && isAdmin && supplier !== null;
  const runExport = (id: string) =>
    exporter.mutate(id, {
      onSuccess: ({ supplier_name }) => toast.success(t('export.done', { name: supplier_name })),
      onError: (error) => toast.error(errorText(error, t('export.failed'))),
    });
  const addNote = useAddNote();
  const draftNote = useRef('');
  // Adding: the supplier once it exists, though its details failed (a retry saves to it).
  const createdId = useRef<string | undefined>(undefined);
  const form = useZodForm(canEditBasics ? supplierFormSchema : supplierDetailsFormSchema, {
    defaultValues: defaultsOf(supplier),
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const settledName = useDebouncedValue(typeof name === 'string' ? name.trim() : '');
  const similar = useSimilarSuppliers(settledName, supplier === null);

  const title = supplier === null ? t('form.addTitle') : canEditBasics ? t('form.editTitle') : supplier.name;
  const orderMethods = PREFERRED_ORDER_METHODS.map((value) => ({ value, label: t(`orderMethods.${value}`) }));
  const checkMethods = AVAILABILITY_CHECK_METHODS.map((value) => ({
    value,
    label: t(`checkMethods.${value}`),
  }));
  const none = { value: '', label: t('form.notSet') };

  return (
    <FormModal
      open
      dirty={form.formState.isDirty}
      title={title}
      onClose={onClose}
      maxWidth="lg"
      fullScreenOnPhone
      testId="supplier-modal"
    >
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Form
            form={form}
            aria-label={title}
            errorFallback={t('form.saveFailed')}
            listDetails
            readOnly={!canChange}
            onSubmit={async ({ details, ...basic }) => {
              // Saving unchanged details would only add a 'details updated' event to the timeline.
              const before = defaultsOf(supplier).details;
              const now = form.getValues('details') as Record<string, unknown>;
              const detailsChanged =
                supplier === null ||
                Object.entries(before).some(([key, value]) => (now[key] ?? '') !== value);
              await save
                .mutateAsync({
                  id: supplier?.id ?? createdId.current,
                  basic: canEditBasics ? basic : null,
                  details: detailsChanged ? details : null,
                  onCreated: (id) => {
                    createdId.current = id;
                  },
                })
                .catch((error: unknown) => {
                  throw translateError(error);
                });
              // A note typed in the timeline and not added goes with the save, not to waste.
              const note = draftNote.current.trim();
              if (supplier !== null && note) {
                await addNote.mutateAsync({ id: supplier.id, note }).catch((error: unknown) => {
                  throw translateError(error);
                });
                draftNote.current = '';
              }
              toast.success(supplier === null ? t('form.created') : t('form.updated'));
              onClose();
            }}
          >
            <FormError testId="supplier-form-error" />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('form.basicInfo')}
            </Typography>
            {canEditBasics || supplier === null ? (
              <>
                <FormTextField id="supplier-name" name="name" label={t('form.name')} testId="supplier-name" />
                {supplier === null && (
                  <SimilarEntries
                    entries={similar.data}
                    testId="supplier-similar"
                    action={(entry) => (
                      <Button size="small" onClick={() => onOpenExisting(entry.id)}>
                        {t('form.openExisting')}
                      </Button>
                    )}
                  />
                )}
                <FormTextField
                  id="supplier-phone"
                  name="contact_phone"
                  label={t('form.officePhone')}
                  type="tel"
                  testId="supplier-phone"
                />
                <FormTextField
                  id="supplier-address"
                  name="address"
                  label={t('form.address')}
                  multiline
                  minRows={2}
                  testId="supplier-address"
                />
                <FormTextField
                  id="supplier-email"
                  name="contact_email"
                  label={t('form.contactEmail')}
                  type="email"
                  testId="supplier-email"
                />
              </>
            ) : (
              <ReadOnlyBasics supplier={supplier} />
            )}
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('form.yourDetails')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('form.yourDetailsHint')}
            </Typography>
            <FormTextField
              id="supplier-contact-name"
              name="details.contact_name"
              label={t('form.contactName')}
              testId="supplier-contact-name"
            />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 1, sm: 2 }}
              sx={{ '& > *': { flex: 1 } }}
            >
              <FormTextField
                id="supplier-contact-email"
                name="details.contact_email"
                label={t('form.yourContactEmail')}
                type="email"
                testId="supplier-contact-email"
              />
              <FormTextField
                id="supplier-contact-phone"
                name="details.phone"
                label={t('form.yourContactPhone')}
                type="tel"
                testId="supplier-contact-phone"
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, '& > *': { flex: 1 } }}>
              <FormSelectField
                id="supplier-order-method"
                name="details.preferred_order_method"
                label={t('form.preferredOrderMethod')}
                options={[none, ...orderMethods]}
                testId="supplier-order-method"
              />
              <FormSelectField
                id="supplier-check-method"
                name="details.availability_check_method"
                label={t('form.availabilityCheckMethod')}
                options={[none, ...checkMethods]}
                testId="supplier-check-method"
              />
            </Stack>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3, flexWrap: 'wrap' }}>
              {canExport && (
                <Button
                  variant="outlined"
                  startIcon={<CloudUploadIcon />}
                  onClick={() => runExport(supplier.id)}
                  disabled={exporter.isPending}
                  sx={{ mr: { sm: 'auto' } }}
                  data-testid="supplier-export"
                >
                  {exporter.isPending ? t('export.running') : t('export.button')}
                </Button>
              )}
              <Button onClick={onClose}>{t('common:cancel')}</Button>
              {canChange && (
                <SubmitButton pendingLabel={t('common:saving')} testId="supplier-save">
                  {t('form.save')}
                </SubmitButton>
              )}
            </Box>
          </Form>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          {!canChange && <ViewerNotice />}
          <SupplierTimeline supplierId={supplier?.id ?? null} draft={draftNote} canAdd={canChange} />
        </Grid>
      </Grid>
    </FormModal>
  );
}
