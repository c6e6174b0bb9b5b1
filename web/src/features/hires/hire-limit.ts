import { ApiError } from '../../lib/api-client';
import { HIRE_LIMIT_MESSAGE } from './schemas';

/**
 * Spec §4 Hire limit: the server refuses a creation or reactivation past the plan's maximum with
 * 403 (or 402) and the code HIRE_LIMIT_REACHED when the gateway sends codes, else its message.
 */
export function isHireLimitError(error: unknown): boolean {
  if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 402)) return false;
  return error.code === 'HIRE_LIMIT_REACHED' || error.serverMessage === HIRE_LIMIT_MESSAGE;
}
