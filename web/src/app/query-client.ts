import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** How often a screen whose data failed to load for a passing reason tries again by itself. */
export const RELOAD_AFTER_FAILURE_MS = 15_000;

/** A 4xx is an answer; anything else (a 5xx, no answer at all, status 0) may pass. */
const mayPass = (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * Client errors (4xx) are answers, not hiccups: they are not retried. A load that failed for
 * a passing reason (a service restarting, the network gone) is tried again every
 * RELOAD_AFTER_FAILURE_MS while its screen is open, so the screen recovers without Try Again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => mayPass(error) && failureCount < 1,
        refetchInterval: (query) =>
          query.state.status === 'error' && mayPass(query.state.error) ? RELOAD_AFTER_FAILURE_MS : false,
      },
      mutations: { retry: false },
    },
  });
}
