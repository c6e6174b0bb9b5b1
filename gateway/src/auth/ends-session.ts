import { currentSessionToken } from '@planted/logging';
import type { RouteContext, RouteStep } from '../routes/route-kit';

/** How long a route that ends its caller's session waits for the revocation to reach this gateway. */
export const SESSION_END_WAIT_MS = 2000;

/**
 * A route step for the routes that end the caller's own session (logout; a password change,
 * which ends them all): identity commits the revocation before it answers, and its event
 * reaches this gateway a few milliseconds later. The answer waits for it, so a request the
 * client sends right after the answer is already refused here (other gateways learn of it
 * as quickly, without such a wait). If the event is late past SESSION_END_WAIT_MS the
 * answer goes anyway: the session has ended in identity, and every gateway refuses the
 * token as soon as the event arrives.
 */
export function endsSession<Input>(
  /** Whether this call ended the session (when not every successful call does). */
  ended: (result: unknown, context: RouteContext) => boolean = () => true,
): RouteStep<Input> {
  return {
    errors: [],
    run: async (_input, context, deps, next) => {
      const token = currentSessionToken();
      const result = await next();
      if (token && ended(result, context)) await deps.verifier.untilEnded(token, SESSION_END_WAIT_MS);
      return result;
    },
  };
}
