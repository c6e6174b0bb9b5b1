import { useState } from 'react';
import { Box, Button, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/use-error-text';
import { validationKey } from '../../../lib/validation-text';
import { useLookupCode, type LookupKind, type LookupResult } from '../api/lookup-code';
import { lookupValueSchemas } from '../schemas';

/** The form fields one lookup fills: the code typed, and the id and description found. */
const FIELDS: Record<LookupKind, { code: string; id: string; description: string }> = {
  nominal: { code: 'nominal_code', id: 'nominal_code_id', description: 'nominal_description' },
  tax: { code: 'tax_code', id: 'tax_code_id', description: 'tax_description' },
  cost: { code: 'cost_code', id: 'cost_code_id', description: 'cost_description' },
  division: { code: 'division_code', id: 'division_code_id', description: 'division_description' },
};

/** What the line under the field says once a code is found. */
function describe(kind: LookupKind, found: LookupResult): string {
  if (kind === 'tax' && found.taxPercentage !== undefined)
    return `${found.description} (${found.taxPercentage}%)`;
  return found.description || found.name || '';
}

/**
 * A default code with its lookup button (spec §2 Accounting integration settings, §5): the code
 * (a division's name) is looked up in Zahara; what is found fills the id and description the
 * settings save, and shows under the field; a code typed anew must be looked up again.
 */
export function CodeLookupField({
  kind,
  apiKey,
  disabled,
}: {
  kind: LookupKind;
  /** A key typed but not saved, which the lookup tries; undefined uses the saved key. */
  apiKey: () => string | undefined;
  /** No API key yet (spec §5: lookups need one). */
  disabled: boolean;
}) {
  const { t } = useTranslation(['zahara', 'forms']);
  const errorText = useErrorText();
  const fields = FIELDS[kind];
  const { control, setValue, getValues } = useFormContext();
  const { field } = useController({ name: fields.code, control });
  const lookup = useLookupCode();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(() => {
    const description = getValues(fields.description) as string | null | undefined;
    if (!description) return null;
    const percentage =
      kind === 'tax' ? (getValues('tax_percentage') as number | null | undefined) : undefined;
    return {
      ok: true,
      text: describe(kind, { id: 0, code: null, description, taxPercentage: percentage ?? undefined }),
    };
  });

  const forget = () => {
    setValue(fields.id, null);
    setValue(fields.description, null);
    if (kind === 'tax') setValue('tax_percentage', null);
  };

  const run = () => {
    const parsed = lookupValueSchemas[kind].safeParse(field.value ?? '');
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      const key = validationKey(message);
      setResult({ ok: false, text: key ? t(key) : message });
      return;
    }
    setResult(null);
    lookup.mutate(
      { kind, value: parsed.data, apiKey: apiKey() },
      {
        onSuccess: (found) => {
          const text = describe(kind, found);
          // A division is looked up by its name, which is what the field keeps.
          setValue(fields.code, kind === 'division' ? (found.name ?? parsed.data) : found.code, {
            shouldDirty: true,
          });
          setValue(fields.id, found.id, { shouldDirty: true });
          setValue(fields.description, found.description, { shouldDirty: true });
          if (kind === 'tax') setValue('tax_percentage', found.taxPercentage ?? null, { shouldDirty: true });
          setResult({ ok: true, text });
        },
        onError: (error) => {
          forget();
          setResult({ ok: false, text: errorText(error, t(`lookup.${kind}.failed`)) });
        },
      },
    );
  };

  const id = `zahara-${kind}`;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'flex-start' },
        gap: 1,
        mt: 2,
      }}
    >
      <TextField
        id={id}
        label={t(`lookup.${kind}.label`)}
        name={field.name}
        value={(field.value as string | null | undefined) ?? ''}
        onChange={(event) => {
          field.onChange(event.target.value);
          forget();
          setResult(null);
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
        onKeyDown={(event) => {
          // Enter looks the code up rather than saving the whole form.
          if (event.key === 'Enter') {
            event.preventDefault();
            if (!disabled) run();
          }
        }}
        error={result !== null && !result.ok}
        // Always present, so that screen readers hear what the lookup found.
        helperText={result?.text ?? t(`lookup.${kind}.hint`)}
        slotProps={{
          formHelperText: {
            role: 'status',
            sx: result?.ok ? { color: 'success.main', fontWeight: 600 } : undefined,
            ...({ 'data-testid': `${id}-result` } as object),
          },
          htmlInput: { 'data-testid': `${id}-code`, maxLength: 100 },
        }}
        sx={{ flexGrow: 1 }}
      />
      <Button
        variant="outlined"
        startIcon={<SearchIcon />}
        onClick={run}
        disabled={disabled || lookup.isPending}
        sx={{ mt: { sm: 1 }, minHeight: 40, whiteSpace: 'nowrap' }}
        aria-label={t(`lookup.${kind}.button`)}
        data-testid={`${id}-lookup`}
      >
        {lookup.isPending ? t('lookup.looking') : t('lookup.button')}
      </Button>
    </Box>
  );
}
