import type { z } from 'zod';
import { ServiceError, toFieldErrors } from '@planted/contracts';

/** Parses request input with a contract schema; failures become 400 with the spec's messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const details = toFieldErrors(result.error);
    throw new ServiceError('VALIDATION_FAILED', details[0]?.msg ?? 'Invalid request', details);
  }
  return result.data;
}
