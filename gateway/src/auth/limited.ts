import type { ErrorCode } from '@planted/contracts';
import type { RouteContext, RouteStep } from '../routes/route-kit';
import { failsWith, type AttemptLimiter, type CallQuota, type Limiters } from './attempt-limiter';

/**
 * A route step that counts the call's failures (the given codes) against one of the
 * attempt limiters, keyed by who tries (`source`) and what they try (`account`).
 */
type LimiterName = { [K in keyof Limiters]: Limiters[K] extends AttemptLimiter ? K : never }[keyof Limiters];

export function limited<Input>(
  limiter: LimiterName,
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

type QuotaName = { [K in keyof Limiters]: Limiters[K] extends CallQuota ? K : never }[keyof Limiters];

/** A route step that counts every call against one of the call quotas, keyed as given. */
export function quota<Input>(
  name: QuotaName,
  key: (input: Input, context: RouteContext) => string,
): RouteStep<Input> {
  return {
    errors: ['RATE_LIMITED'],
    run: async (input, context, deps, next) => {
      await deps.limiters[name].take(key(input, context));
      return next();
    },
  };
}
