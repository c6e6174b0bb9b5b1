import type { ErrorCode } from '@planted/contracts';
import type { RouteContext, RouteStep } from '../routes/route-kit';
import { failsWith, type Limiters } from './attempt-limiter';

/**
 * A route step that counts the call's failures (the given codes) against one of the
 * attempt limiters, keyed by who tries (`source`) and what they try (`account`).
 */
export function limited<Input>(
  limiter: keyof Limiters,
  key: (input: Input, context: RouteContext) => { source: string; account: string },
  ...failures: ErrorCode[]
): RouteStep<Input> {
  return {
    errors: ['RATE_LIMITED'],
    run: (input, context, deps, next) => {
      const { source, account } = key(input, context);
      return deps.limiters[limiter].guard(source, account, next, failsWith(...failures));
    },
  };
}
