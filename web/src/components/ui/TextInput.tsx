import { forwardRef, type ChangeEvent, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { Box, FormControl, FormHelperText, InputLabel, OutlinedInput, Typography } from '@mui/material';

/*
 * Light-weight labelled inputs for the public screens. MUI's TextField always bundles its
 * Select (menu, popover, modal), which would add about 20 KB to what /login downloads; these
 * build the same outlined field from FormControl, InputLabel and OutlinedInput.
 */

interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  name?: string;
  type?: string;
  autoComplete?: string;
  /** A validation message: marks the field invalid and is read as its description. */
  error?: string;
  /** A hint shown when there is no error. */
  hint?: string;
  multiline?: boolean;
  minRows?: number;
  readOnly?: boolean;
  testId?: string;
  /** A number input's step and least value (the arrow keys move by the step). */
  step?: string;
  min?: string;
  /** The on-screen keyboard a phone shows ('decimal' for amounts typed as text). */
  inputMode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'text';
}

/** Input types the browser draws a pattern into while empty. */
const PATTERN_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

export function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  testId,
  readOnly,
  type,
  step,
  min,
  inputMode,
  ...rest
}: TextInputProps) {
  const helper = error || hint;
  const helperId = `${id}-helper`;
  // A date input always shows its own mm/dd/yyyy: its label sits above it, empty or not.
  const showsPattern = type !== undefined && PATTERN_TYPES.has(type);
  return (
    <FormControl fullWidth margin="normal" error={Boolean(error)}>
      <InputLabel htmlFor={id} shrink={showsPattern || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        type={type}
        notched={showsPattern || undefined}
        label={label}
        value={value}
        readOnly={readOnly}
        onChange={(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
          onChange?.(event.target.value)
        }
        inputProps={{
          'data-testid': testId,
          'aria-describedby': helper ? helperId : undefined,
          'aria-invalid': Boolean(error),
          step,
          min,
          inputMode,
        }}
        {...rest}
      />
      {helper && <FormHelperText id={helperId}>{helper}</FormHelperText>}
    </FormControl>
  );
}

const NativeSelectElement = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function NativeSelectElement(props, ref) {
    return <select ref={ref} {...props} />;
  },
);

/** An outlined native <select>: keyboard and screen-reader friendly, and tiny. */
export function NativeSelectInput({
  id,
  label,
  value,
  onChange,
  children,
  disabled,
  size = 'small',
  accessibleName,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** What a screen reader calls it when the visible label is not enough ('Role of Bob Smith' in a list of members). */
  accessibleName?: string;
  testId?: string;
}) {
  return (
    <FormControl size={size} sx={{ minWidth: 130 }} disabled={disabled}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputComponent={NativeSelectElement as never}
        inputProps={{
          children,
          'data-testid': testId,
          ...(accessibleName ? { 'aria-label': accessibleName } : {}),
        }}
        sx={{ '& select': { cursor: 'pointer' } }}
      />
    </FormControl>
  );
}

/** A labelled native checkbox (Remember me): MUI's Checkbox brings its icons and SwitchBase to /login. */
export function CheckboxInput({
  id,
  label,
  checked,
  onChange,
  name,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
}) {
  return (
    <Box
      component="label"
      htmlFor={id}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, cursor: 'pointer', py: 1 }}
    >
      <Box
        component="input"
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
        sx={{
          width: 18,
          height: 18,
          m: 0,
          accentColor: (theme) => theme.palette.primary.main,
          cursor: 'pointer',
        }}
      />
      <Typography component="span">{label}</Typography>
    </Box>
  );
}
