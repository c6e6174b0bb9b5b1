import { Autocomplete, Box, IconButton, Link, TextField, Tooltip } from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../components/ui/form/field-message';
import { searchFinds } from '../../../lib/search-text';

export interface PickerOption {
  id: string;
  label: string;
  /** A second line in the list (category, city…). */
  detail?: string | null;
}

/**
 * A searchable choice of equipment, supplier or site bound to a field of the hire form, with the
 * button that opens its quick-add modal. `limit` caps the options listed (spec §9: the equipment
 * dropdown shows at most 10 items); typing narrows them.
 */
export function EntityPicker({
  name,
  id,
  label,
  options,
  loading,
  failed = false,
  onRetry,
  limit,
  addLabel,
  onAdd,
  testId,
}: {
  name: string;
  id: string;
  label: string;
  options: readonly PickerOption[];
  loading: boolean;
  /** The list could not be loaded (none is shown): said so, with a retry, rather than 'nothing found: add it'. */
  failed?: boolean;
  onRetry?: () => void;
  limit?: number;
  /** The quick-add button's name and action; none for a user who may not add such a record. */
  addLabel?: string;
  onAdd?: () => void;
  testId: string;
}) {
  const { t } = useTranslation(['hires', 'forms']);
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const message = fieldMessage(t, fieldState.error);
  const value = options.find((option) => option.id === field.value) ?? null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, mt: 2, mb: 1 }}>
      <Autocomplete
        id={id}
        fullWidth
        options={options as PickerOption[]}
        value={value}
        loading={loading}
        loadingText={t('form.loadingOptions')}
        noOptionsText={
          failed ? t('form.optionsFailed') : onAdd ? t('form.noOptions') : t('form.nothingFound')
        }
        getOptionLabel={(option) => option.label}
        // Two items or suppliers may share a name: each row is keyed by its id (MUI keys by the
        // label otherwise, and React then leaves rows of an earlier search in the list).
        getOptionKey={(option) => option.id}
        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
        filterOptions={(all, state) => {
          // Any case, accents folded, a postcode without its space (searchFinds).
          const matching = all.filter((option) =>
            searchFinds(state.inputValue, [`${option.label} ${option.detail ?? ''}`]),
          );
          return limit ? matching.slice(0, limit) : matching;
        }}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
              <Box>{option.label}</Box>
              {option.detail && (
                <Box sx={{ typography: 'caption', color: 'text.secondary' }}>{option.detail}</Box>
              )}
            </Box>
          );
        }}
        onChange={(_, chosen) => field.onChange(chosen?.id ?? '')}
        onBlur={field.onBlur}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            name={field.name}
            inputRef={field.ref}
            error={Boolean(message) || failed}
            helperText={
              message ??
              (failed ? (
                <span data-testid={`${testId}-failed`}>
                  {t('form.optionsFailed')}{' '}
                  {onRetry && (
                    <Link component="button" type="button" onClick={onRetry}>
                      {t('form.retryOptions')}
                    </Link>
                  )}
                </span>
              ) : undefined)
            }
            inputProps={{ ...params.inputProps, 'data-testid': testId }}
          />
        )}
      />
      {onAdd && addLabel && (
        <Tooltip title={addLabel}>
          <IconButton
            aria-label={addLabel}
            onClick={onAdd}
            sx={{ mt: 1 }}
            data-testid={`${testId}-quick-add`}
          >
            <AddCircleOutlineIcon />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
