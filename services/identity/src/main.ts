import { DatabaseUnavailableError } from '@planted/db';
import { createLogger } from '@planted/logging';
import { NatsUnavailableError } from '@planted/messaging';
import { createIdentityApp } from './app';
import { loadIdentityConfig } from './config';
import { StartupError } from './core/startup-error';

/** Start-up failures the operator fixes outside the code: one readable line, no stack trace. */
function startupProblem(err: unknown): string | undefined {
  if (
    err instanceof NatsUnavailableError ||
    err instanceof DatabaseUnavailableError ||
    err instanceof StartupError
  ) {
    return err.message;
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES')
    return `Cannot listen for health checks: ${(err as Error).message}`;
  return undefined;
}

async function main(): Promise<void> {
  const config = loadIdentityConfig();
  const logger = createLogger('identity', { level: config.LOG_LEVEL });
  const app = createIdentityApp(config, { logger });

  try {
    await app.listen();
  } catch (err) {
    const problem = startupProblem(err);
    if (problem) process.stderr.write(`identity: ${problem}\n`);
    else logger.fatal({ err }, 'identity service failed to start');
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
