import type { z } from 'zod';
import { ServiceError, toFieldErrors } from '@planted/contracts';

/** The answer to a JSON body that is not an object. */
export const NOT_AN_OBJECT = 'The request body must be a JSON object';

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
    // A JSON body that is an array, a string or a number: not the object of fields every route takes.
    if (result.error.issues.some((issue) => issue.path.length === 0 && issue.code === 'invalid_type'))
      throw new ServiceError('VALIDATION_FAILED', NOT_AN_OBJECT, [{ param: '_', msg: NOT_AN_OBJECT }]);
    const details = toFieldErrors(result.error);
    const badPath = details.find((detail) => pathParams.includes(detail.param));
    if (badPath) throw new ServiceError('NOT_FOUND', badPath.msg);
    throw new ServiceError('VALIDATION_FAILED', details[0]?.msg ?? 'Invalid request', details);
  }
  return result.data;
}
