import { createContext, useContext } from 'react';

/**
 * A whole <Form> shown and not changed (a viewer's): every field of it is read-only, and a
 * select does not open. Set by Form's `readOnly`; a field's own `readOnly` adds to it.
 */
export const FormReadOnlyContext = createContext(false);

/** Whether the surrounding <Form> is read-only. */
export function useFormReadOnly(): boolean {
  return useContext(FormReadOnlyContext);
}
