import { z } from 'zod';

/**
 * Adds a confirmation field to a contract schema (the client-only rule of spec §5): required,
 * and equal to `field`. The match is checked even while other fields fail, so every message
 * shows after one submit.
 */
export function withConfirmation<S extends z.ZodObject, F extends keyof z.input<S> & string>(
  schema: S,
  options: { field: F; confirm: string; requiredMessage: string; mismatchMessage: string },
) {
  return schema
    .extend({ [options.confirm]: z.string().min(1, { error: options.requiredMessage }) })
    .check((ctx) => {
      const value = ctx.value as Record<string, unknown>;
      const confirm = value[options.confirm];
      if (typeof confirm === 'string' && confirm !== '' && confirm !== value[options.field]) {
        ctx.issues.push({
          code: 'custom',
          input: confirm,
          path: [options.confirm],
          message: options.mismatchMessage,
        });
      }
    });
}
