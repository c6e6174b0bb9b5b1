import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_CATEGORIES, QUICK_ADD_POWER_TYPES, QUICK_ADD_UNITS } from '@planted/domain';
import { FormModal } from '../../../components/ui/FormModal';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormSelectField } from '../../../components/ui/form/FormSelectField';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useTranslateApiError } from '../../../lib/use-error-text';
import type { Equipment, Supplier } from '../api/get-options';
import { useCreateEquipment, useCreateSupplier, type QuickEquipment } from '../api/quick-add';
import { quickEquipmentSchema, quickSupplierSchema } from '../schemas';
import { byLabel } from '../../../lib/by-label';

const SELECT = { '& .MuiTextField-root': { width: '100%', mt: 2, mb: 1 } } as const;

function Actions({ onClose, testId }: { onClose: () => void; testId: string }) {
  const { t } = useTranslation(['hires', 'common']);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
      <Button onClick={onClose}>{t('common:cancel')}</Button>
      <SubmitButton pendingLabel={t('common:saving')} testId={testId}>
        {t('quickAdd.save')}
      </SubmitButton>
    </Box>
  );
}

/**
 * Spec §2, §3, §5: the hire form's quick-add equipment, on top of it: name, category, a unit of
 * the quick-add list, power (no Hydraulic) and a description, all but power required.
 */
export function QuickAddEquipmentModal({
  initialName,
  onClose,
  onCreated,
}: {
  initialName?: string;
  onClose: () => void;
  onCreated: (equipment: Equipment) => void;
}) {
  const { t, i18n } = useTranslation(['hires', 'equipment', 'forms', 'common']);
  const translateError = useTranslateApiError();
  const create = useCreateEquipment();
  const form = useZodForm(quickEquipmentSchema, {
    defaultValues: {
      name: initialName ?? '',
      category: '',
      unit_of_measure: '',
      power: '',
      description: '',
    } as never,
  });
  const title = t('quickAdd.equipmentTitle');
  return (
    <FormModal
      open
      dirty={form.formState.isDirty}
      title={title}
      onClose={onClose}
      testId="quick-equipment-modal"
    >
      <Form
        form={form}
        aria-label={title}
        errorFallback={t('equipment:form.saveFailed')}
        listDetails
        onSubmit={async (fields) => {
          const { equipment } = await create
            .mutateAsync(fields as unknown as QuickEquipment)
            .catch((error: unknown) => {
              throw translateError(error);
            });
          onCreated(equipment);
        }}
      >
        <FormError testId="quick-equipment-error" />
        <FormTextField
          id="quick-equipment-name"
          name="name"
          label={t('equipment:form.name')}
          testId="quick-equipment-name"
        />
        <Box sx={SELECT}>
          <FormSelectField
            id="quick-equipment-category"
            name="category"
            label={t('equipment:form.category')}
            testId="quick-equipment-category"
            options={byLabel(
              EQUIPMENT_CATEGORIES.map((value) => ({
                value,
                label: t(`equipment:categories.${value}`),
              })),
              i18n.language,
            )}
          />
          <FormSelectField
            id="quick-equipment-unit"
            name="unit_of_measure"
            label={t('equipment:form.unit')}
            testId="quick-equipment-unit"
            options={QUICK_ADD_UNITS.map((value) => ({ value, label: t(`quickAdd.units.${value}`) }))}
          />
          <FormSelectField
            id="quick-equipment-power"
            name="power"
            label={t('equipment:form.power')}
            testId="quick-equipment-power"
            options={QUICK_ADD_POWER_TYPES.map((value) => ({ value, label: t(`equipment:power.${value}`) }))}
          />
        </Box>
        <FormTextField
          id="quick-equipment-description"
          name="description"
          label={t('equipment:form.description')}
          multiline
          minRows={3}
          testId="quick-equipment-description"
        />
        <Actions onClose={onClose} testId="quick-equipment-save" />
      </Form>
    </FormModal>
  );
}

/** The hire form's quick-add supplier: the shared basic information (spec §5 Supplier). */
export function QuickAddSupplierModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (supplier: Supplier) => void;
}) {
  const { t } = useTranslation(['hires', 'suppliers', 'forms', 'common']);
  const translateError = useTranslateApiError();
  const create = useCreateSupplier();
  const form = useZodForm(quickSupplierSchema, {
    defaultValues: { name: '', contact_email: '', contact_phone: '', address: '' } as never,
  });
  const title = t('quickAdd.supplierTitle');
  return (
    <FormModal
      open
      dirty={form.formState.isDirty}
      title={title}
      onClose={onClose}
      testId="quick-supplier-modal"
    >
      <Form
        form={form}
        aria-label={title}
        errorFallback={t('suppliers:form.saveFailed')}
        listDetails
        onSubmit={async (fields) => {
          const { supplier } = await create.mutateAsync(fields).catch((error: unknown) => {
            throw translateError(error);
          });
          onCreated(supplier);
        }}
      >
        <FormError testId="quick-supplier-error" />
        <FormTextField
          id="quick-supplier-name"
          name="name"
          label={t('quickAdd.supplierName')}
          testId="quick-supplier-name"
        />
        <FormTextField
          id="quick-supplier-email"
          name="contact_email"
          type="email"
          label={t('quickAdd.supplierEmail')}
          testId="quick-supplier-email"
        />
        <FormTextField
          id="quick-supplier-phone"
          name="contact_phone"
          type="tel"
          label={t('quickAdd.supplierPhone')}
          testId="quick-supplier-phone"
        />
        <FormTextField
          id="quick-supplier-address"
          name="address"
          label={t('quickAdd.supplierAddress')}
          multiline
          minRows={2}
          testId="quick-supplier-address"
        />
        <Actions onClose={onClose} testId="quick-supplier-save" />
      </Form>
    </FormModal>
  );
}
