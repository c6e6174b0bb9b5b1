import type { ReactNode } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from './field-message';
import { useFormReadOnly } from './read-only';

/** A MUI select bound to a field of the surrounding <Form>. Kept apart: MUI's Select is heavy. */
export function FormSelectField({
  name,
  id,
  label,
  options,
  testId,
}: {
  name: string;
  id: string;
  label: string;
  options: readonly { value: string; label: ReactNode }[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  // In a read-only form the value is shown and the list does not open.
  const readOnly = useFormReadOnly();
  const { field, fieldState } = useController({ name, control });
  const message = fieldMessage(t, fieldState.error);
  return (
    <TextField
      id={id}
      select
      label={label}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message}
      slotProps={{
        input: { readOnly },
        select: { SelectDisplayProps: { 'data-testid': testId } as object },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
