import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from './field-message';
import { useFormReadOnly } from './read-only';
import { TextInput } from '../TextInput';

/**
 * A text input bound to a field of the surrounding <Form>; its message is translated. A screen
 * whose schema uses the catalogue, site or hire messages lists 'forms' in its useTranslation,
 * so that namespace is loaded with the screen.
 */
export function FormTextField({
  name,
  id,
  label,
  type,
  autoComplete,
  multiline,
  minRows,
  hint,
  readOnly,
  testId,
  step,
  min,
  inputMode,
}: {
  name: string;
  id: string;
  label: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
  minRows?: number;
  hint?: string;
  /** Shown and submitted, not typed into (a value someone else vouched for). */
  readOnly?: boolean;
  testId?: string;
  /** A number input's step and least value (the arrow keys move by the step). */
  step?: string;
  min?: string;
  /** The on-screen keyboard a phone shows ('decimal' for amounts typed as text). */
  inputMode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'text';
}) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const formReadOnly = useFormReadOnly();
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
      id={id}
      name={field.name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      multiline={multiline}
      minRows={minRows}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldMessage(t, fieldState.error)}
      hint={hint}
      readOnly={readOnly || formReadOnly}
      testId={testId}
      step={step}
      min={min}
      inputMode={inputMode}
    />
  );
}
