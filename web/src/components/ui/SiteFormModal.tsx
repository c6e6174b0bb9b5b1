import { Box, Button, Grid } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SITE_COUNTRY_CODES, SITE_STATUSES } from '@planted/domain';
import type { Site, SiteFields } from '../../lib/sites';
import { useSaveSite } from '../../lib/sites';
import { useTranslateApiError } from '../../lib/use-error-text';
import { FormModal } from './FormModal';
import { Form } from './form/Form';
import { FormError } from './form/FormError';
import { FormSelectField } from './form/FormSelectField';
import { FormTextField } from './form/FormTextField';
import { SubmitButton } from './form/SubmitButton';
import { useZodForm, type Schema } from './form/use-zod-form';

// Selects have no margin of their own; this lines them up with the text fields beside them.
const SELECT_CELL = { '& .MuiTextField-root': { width: '100%', mt: 2, mb: 1 } } as const;

function defaultsOf(site: Site | null) {
  return {
    name: site?.name ?? '',
    address_line_1: site?.address_line_1 ?? '',
    address_line_2: site?.address_line_2 ?? '',
    city: site?.city ?? '',
    county: site?.county ?? '',
    postcode: site?.postcode ?? '',
    country: site?.country ?? 'GB',
    job_number: site?.job_number ?? '',
    status: site?.status ?? 'active',
  };
}

/**
 * Add or edit a site (spec §2 Sites, §5 Site): Site Management's modal, and the hire form's
 * quick-add site on top of the hire form. The schema is the contract's (passed in from the
 * feature's schemas.ts, where the contracts' values are imported).
 */
export function SiteFormModal<S extends Schema>({
  schema,
  site,
  onClose,
  onSaved,
  quickAdd = false,
}: {
  schema: S;
  /** Null when adding. */
  site: Site | null;
  onClose: () => void;
  /** After a successful save, with the saved site and the server's message. */
  onSaved: (site: Site, message: string) => void;
  /** The hire form's quick-add: no status (a new site is active). */
  quickAdd?: boolean;
}) {
  const { t } = useTranslation(['sites', 'forms', 'common']);
  const translateError = useTranslateApiError();
  const save = useSaveSite();
  const form = useZodForm(schema, { defaultValues: defaultsOf(site) as never });
  const title = site ? t('form.editTitle') : quickAdd ? t('form.quickAddTitle') : t('form.addTitle');
  const formId = quickAdd ? 'quick-site-form' : 'site-form';

  return (
    <FormModal
      dirty={form.formState.isDirty}
      open
      title={title}
      onClose={onClose}
      maxWidth="md"
      testId={quickAdd ? 'quick-site-modal' : 'site-modal'}
    >
      <Form
        form={form}
        id={formId}
        aria-label={title}
        errorFallback={t('form.saveFailed')}
        onSubmit={async (fields) => {
          const answer = await save
            .mutateAsync({ id: site?.id, fields: fields as unknown as SiteFields })
            .catch((error: unknown) => {
              // Spec §8: a site save failure is logged; the form also says what the server said.
              console.error('Failed to save site', error);
              throw translateError(error);
            });
          onSaved(answer.site, answer.message);
        }}
      >
        <FormError testId="site-form-error" />
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField id={`${formId}-name`} name="name" label={t('form.name')} testId="site-name" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              id={`${formId}-job-number`}
              name="job_number"
              label={t('form.jobNumber')}
              testId="site-job-number"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              id={`${formId}-address-1`}
              name="address_line_1"
              label={t('form.addressLine1')}
              autoComplete="address-line1"
              testId="site-address-line-1"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              id={`${formId}-address-2`}
              name="address_line_2"
              label={t('form.addressLine2')}
              autoComplete="address-line2"
              testId="site-address-line-2"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              id={`${formId}-city`}
              name="city"
              label={t('form.city')}
              autoComplete="address-level2"
              testId="site-city"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              id={`${formId}-county`}
              name="county"
              label={t('form.county')}
              testId="site-county"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              id={`${formId}-postcode`}
              name="postcode"
              label={t('form.postcode')}
              autoComplete="postal-code"
              testId="site-postcode"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={SELECT_CELL}>
            <FormSelectField
              id={`${formId}-country`}
              name="country"
              label={t('form.country')}
              testId="site-country"
              options={SITE_COUNTRY_CODES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
            />
          </Grid>
          {!quickAdd && (
            <Grid size={{ xs: 12, sm: 6 }} sx={SELECT_CELL}>
              <FormSelectField
                id={`${formId}-status`}
                name="status"
                label={t('form.status')}
                testId="site-status"
                options={SITE_STATUSES.map((status) => ({
                  value: status,
                  label: t(`common:siteStatus.${status}`),
                }))}
              />
            </Grid>
          )}
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <SubmitButton pendingLabel={t('common:saving')} testId="site-save">
            {site ? t('form.save') : t('form.add')}
          </SubmitButton>
        </Box>
      </Form>
    </FormModal>
  );
}
