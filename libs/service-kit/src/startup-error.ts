import { ConfigError } from '@planted/config';
import { DatabaseUnavailableError } from '@planted/db';
import { NatsUnavailableError } from '@planted/messaging';

/** A start-up failure the operator fixes outside the code; runService prints its message as one line. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/**
 * What to print, prefixed with the service name, when start-up fails for a reason outside
 * the code (bad configuration, NATS or PostgreSQL unreachable, port taken); undefined for
 * anything else, which is logged with its stack as a bug.
 */
export function startupProblem(service: string, err: unknown): string | undefined {
  let problem: string | undefined;
  if (
    err instanceof NatsUnavailableError ||
    err instanceof DatabaseUnavailableError ||
    err instanceof StartupError ||
    err instanceof ConfigError
  ) {
    problem = err.message;
  } else {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'EADDRINUSE' || code === 'EACCES')
      problem = `Cannot listen for health checks: ${(err as Error).message}`;
  }
  return problem === undefined ? undefined : `${service}: ${problem}`;
}
