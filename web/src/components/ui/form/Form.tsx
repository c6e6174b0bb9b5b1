import type { ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormReadOnlyContext } from './read-only';
import { applyServerError } from './server-errors';

export interface FormProps<TInput extends FieldValues, TOutput extends FieldValues> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Runs with the parsed values; a rejection is shown on the form (see applyServerError). */
  onSubmit: (values: TOutput) => Promise<unknown> | void;
  /** The screen's message when the server sends no `error` text (spec §8). */
  errorFallback: string;
  /** Called before each submit, e.g. to hide an earlier notice. */
  onSubmitStart?: () => void;
  /** Also list every detail of a failed answer above the form (spec §8 equipment and supplier saves). */
  listDetails?: boolean;
  /** Lets a button outside the <form> (a dialog's actions) submit it with form={id}. */
  id?: string;
  /** Every field shown and none changed (a viewer's form); offer no submit button with it. */
  readOnly?: boolean;
  'aria-label': string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}

/** A <form> that validates with the form's schema and maps a failed submit onto its fields. */
export function Form<TInput extends FieldValues, TOutput extends FieldValues>({
  form,
  onSubmit,
  errorFallback,
  onSubmitStart,
  listDetails = false,
  id,
  readOnly = false,
  children,
  sx,
  ...rest
}: FormProps<TInput, TOutput>) {
  const fields = Object.keys(form.getValues());
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerError(error, form.setError, { fields, fallback: errorFallback, listDetails });
    }
  });
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        id={id}
        noValidate
        sx={sx}
        aria-label={rest['aria-label']}
        onSubmit={(event) => {
          onSubmitStart?.();
          form.clearErrors('root');
          void submit(event);
        }}
      >
        <FormReadOnlyContext.Provider value={readOnly}>{children}</FormReadOnlyContext.Provider>
      </Box>
    </FormProvider>
  );
}
