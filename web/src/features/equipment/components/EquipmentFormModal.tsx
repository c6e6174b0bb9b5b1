import { useEffect, useState, type ClipboardEvent } from 'react';
import { Alert, Box, Button, CircularProgress, FormControlLabel, Grid, Stack, Switch } from '@mui/material';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_CATEGORIES, POWER_TYPES, UNITS_OF_MEASURE, type EquipmentCategory } from '@planted/domain';
import { FormModal } from '../../../components/ui/FormModal';
import { SimilarEntries } from '../../../components/ui/SimilarEntries';
import { Form } from '../../../components/ui/form/Form';
import { FormError } from '../../../components/ui/form/FormError';
import { FormSelectField } from '../../../components/ui/form/FormSelectField';
import { FormTextField } from '../../../components/ui/form/FormTextField';
import { SubmitButton } from '../../../components/ui/form/SubmitButton';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { useToast } from '../../../components/ui/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTranslateApiError } from '../../../lib/use-error-text';
import { useGenerateDescription } from '../api/generate-description';
import type { Equipment } from '../api/get-equipment';
import { useSimilarEquipment } from '../api/get-similar-equipment';
import { useSaveEquipment } from '../api/save-equipment';
import { equipmentImageProblem, type ImageSource } from '../image-rules';
import { equipmentFormSchema } from '../schemas';
import { ImageUploader, type PickedImage } from './ImageUploader';
import { byLabel } from '../../../lib/by-label';

const FORM_ID = 'equipment-form';

/**
 * The main form's unit for a stored one: the hire form's quick-add stores labels ('Per Day'),
 * which are the main form's units in other words ('per_day'); a unit the main form has no
 * word for ('Per Metre') is kept, and offered as it is (unitOptions).
 */
function formUnit(stored: string): string {
  const known = UNITS_OF_MEASURE.find((unit) => unit === stored.toLowerCase().replace(/\s+/g, '_'));
  return known ?? stored;
}

function unitOptions(t: (key: string) => string, current: string) {
  const options: { value: string; label: string }[] = UNITS_OF_MEASURE.map((value) => ({
    value,
    label: t(`units.${value}`),
  }));
  if (current && !options.some((option) => option.value === current))
    options.push({ value: current, label: current });
  return options;
}

function defaultsOf(item: Equipment | null) {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    // Blank until chosen: the schema answers 'Category is required'.
    category: (item?.category ?? '') as EquipmentCategory,
    unit_of_measure: formUnit(item?.unit_of_measure ?? ''),
    power: item?.power ?? '',
  };
}

/** The first image file of a paste, if the clipboard holds one. */
function pastedImage(event: ClipboardEvent<HTMLDivElement>): File | null {
  for (const item of Array.from(event.clipboardData?.items ?? [])) {
    if (item.kind === 'file') {
      const file = item.getAsFile();
      if (file) return file;
    }
  }
  return event.clipboardData?.files?.[0] ?? null;
}

/**
 * Add or edit equipment (spec §2, §5, §8): name, category, unit of measure, power, description
 * with the AI button, and the image. Mounted per item, so the form starts from that item.
 */
export function EquipmentFormModal({
  item,
  onClose,
  onShowExisting,
}: {
  /** Null when adding. */
  item: Equipment | null;
  onClose: () => void;
  /** Adding: the admin chose an existing near-duplicate instead; the screen shows it. */
  onShowExisting: (name: string) => void;
}) {
  const { t, i18n } = useTranslation(['equipment', 'forms', 'common']);
  const toast = useToast();
  const translateError = useTranslateApiError();
  const save = useSaveEquipment();
  const describe = useGenerateDescription();
  const form = useZodForm(equipmentFormSchema, { defaultValues: defaultsOf(item) });
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [removeCurrent, setRemoveCurrent] = useState(false);
  // Editing: whether the item is offered to every company and for new hires (spec §3 is_active).
  const [active, setActive] = useState(item?.is_active !== false);
  const [aiNotice, setAiNotice] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);

  const [name, category, unit, power] = useWatch({
    control: form.control,
    name: ['name', 'category', 'unit_of_measure', 'power'],
  });
  const [nameText, categoryText, unitText, powerText] = [name, category, unit, power].map((value) =>
    typeof value === 'string' ? value.trim() : '',
  );
  // Spec §5: the AI button needs name, category, unit and power filled.
  const canDescribe = Boolean(nameText && categoryText && unitText && powerText);
  const settledName = useDebouncedValue(nameText);
  const similar = useSimilarEquipment(settledName, item === null);

  const pick = (file: File, source: ImageSource) => {
    const problem = equipmentImageProblem(file);
    if (problem) {
      setImageProblem(t(problem));
      return;
    }
    setImageProblem(null);
    setPicked({ file, source, previewUrl: URL.createObjectURL(file) });
  };
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.previewUrl);
    },
    [picked],
  );

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = pastedImage(event);
    if (!file) return; // text pastes into the fields as usual
    event.preventDefault();
    pick(file, 'paste');
  };

  const onGenerate = () => {
    setAiNotice(null);
    describe.mutate(
      { name: nameText, category: categoryText, unit_of_measure: unitText, power: powerText },
      {
        onSuccess: ({ description, fallback }) => {
          if (description)
            form.setValue('description', description, { shouldDirty: true, shouldValidate: true });
          if (fallback) setAiNotice({ severity: 'info', text: t('form.aiFallbackUsed') });
        },
        onError: () => setAiNotice({ severity: 'error', text: t('form.aiFailed') }),
      },
    );
  };

  const title = item ? t('form.editTitle') : t('form.addTitle');
  return (
    <FormModal
      open
      // A picked image, a removed one or the Active switch are changes too (kept outside the form).
      dirty={
        form.formState.isDirty || picked !== null || removeCurrent || active !== (item?.is_active !== false)
      }
      title={title}
      onClose={onClose}
      maxWidth="md"
      onPaste={onPaste}
      testId="equipment-modal"
    >
      <Form
        form={form}
        id={FORM_ID}
        aria-label={title}
        errorFallback={t('form.saveFailed')}
        listDetails
        onSubmit={async (fields) => {
          await save
            .mutateAsync({
              id: item?.id,
              fields,
              image: picked?.file ?? null,
              removeImage: removeCurrent,
              isActive: item ? active : undefined,
            })
            .catch((error: unknown) => {
              throw translateError(error);
            });
          toast.success(item ? t('form.updated') : t('form.created'));
          onClose();
        }}
      >
        <FormError testId="equipment-form-error" />
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField id="equipment-name" name="name" label={t('form.name')} testId="equipment-name" />
            {item === null && (
              <SimilarEntries
                entries={similar.data}
                testId="equipment-similar"
                describe={(entry) =>
                  entry.category ? t(`categories.${entry.category}`, { defaultValue: entry.category }) : null
                }
                action={(entry) => (
                  <Button size="small" onClick={() => onShowExisting(entry.name)}>
                    {t('form.showExisting')}
                  </Button>
                )}
              />
            )}
            <FormSelectField
              id="equipment-category"
              name="category"
              label={t('form.category')}
              testId="equipment-category"
              options={byLabel(
                EQUIPMENT_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })),
                i18n.language,
              )}
            />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              // The selects have no margin of their own: stacked on a phone, they need the gap too.
              spacing={2}
              sx={{ '& > *': { flex: 1 } }}
            >
              <FormSelectField
                id="equipment-unit"
                name="unit_of_measure"
                label={t('form.unit')}
                testId="equipment-unit"
                options={unitOptions(t, defaultsOf(item).unit_of_measure)}
              />
              <FormSelectField
                id="equipment-power"
                name="power"
                label={t('form.power')}
                testId="equipment-power"
                options={POWER_TYPES.map((value) => ({ value, label: t(`power.${value}`) }))}
              />
            </Stack>
            <FormTextField
              id="equipment-description"
              name="description"
              label={t('form.description')}
              multiline
              minRows={4}
              testId="equipment-description"
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                size="small"
                startIcon={describe.isPending ? <CircularProgress size={16} /> : <AutoAwesomeIcon />}
                onClick={onGenerate}
                disabled={!canDescribe || describe.isPending}
                data-testid="equipment-generate-description"
              >
                {describe.isPending ? t('form.generating') : t('form.generate')}
              </Button>
              {!canDescribe && (
                <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                  {t('form.generateNeeds')}
                </Box>
              )}
            </Box>
            {aiNotice && (
              <Alert severity={aiNotice.severity} sx={{ mt: 1 }} data-testid="equipment-ai-notice">
                {aiNotice.text}
              </Alert>
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ImageUploader
              picked={picked}
              problem={imageProblem}
              currentImageUrl={item?.image_url ?? null}
              removeCurrent={removeCurrent}
              onRemoveCurrentChange={setRemoveCurrent}
              onPick={pick}
              onClear={() => setPicked(null)}
              onUnreadable={() => {
                // A text file named .jpg, or a broken image: refused when picked, not on save.
                setPicked(null);
                setImageProblem(t('common:validation.IMAGE_NOT_IMAGE'));
              }}
            />
            {item && (
              <FormControlLabel
                sx={{ mt: 2 }}
                control={
                  <Switch
                    checked={active}
                    onChange={(event) => setActive(event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'equipment-active' } as object }}
                  />
                }
                label={t('form.active')}
              />
            )}
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <SubmitButton pendingLabel={t('common:saving')} testId="equipment-save">
            {item ? t('form.save') : t('form.add')}
          </SubmitButton>
        </Box>
      </Form>
    </FormModal>
  );
}
