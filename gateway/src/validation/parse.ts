import type { z } from 'zod';
import { ServiceError, toFieldErrors } from '@planted/contracts';

/**
 * Parses request input with a contract schema; failures become 400 with the spec's messages.
 * A path segment that fails its field (`/api/sites/not-an-id`) names nothing there is: 404
 * with the field's message ('Site not found'), as for a well-formed id of no record.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  pathParams: readonly string[] = [],
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const details = toFieldErrors(result.error);
    const badPath = details.find((detail) => pathParams.includes(detail.param));
    if (badPath) throw new ServiceError('NOT_FOUND', badPath.msg);
    throw new ServiceError('VALIDATION_FAILED', details[0]?.msg ?? 'Invalid request', details);
  }
  return result.data;
}
