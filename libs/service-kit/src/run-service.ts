import { parseConfig, type ServiceEnv } from '@planted/config';
import { createLogger } from '@planted/logging';
import { createServiceApp } from './service-app';
import type { DbSchema, ServiceDefinition } from './service-definition';
import { startupProblem } from './startup-error';

/**
 * The whole of a service's main.ts: reads and checks the environment, starts the service,
 * and stops it gracefully on SIGINT or SIGTERM. Exit code 1, with one line on stderr
 * naming the problem, when the configuration is wrong or NATS, PostgreSQL or the HTTP
 * port is not available; 0 after a clean shutdown.
 */
export async function runService<C extends ServiceEnv, S extends DbSchema>(
  definition: ServiceDefinition<C, S>,
): Promise<void> {
  const { name } = definition;
  let config: C;
  try {
    config = parseConfig(definition.config, process.env) as C;
  } catch (err) {
    process.stderr.write(`${startupProblem(name, err) ?? `${name}: ${String(err)}`}\n`);
    process.exit(1);
  }
  const logger = createLogger(name, { level: config.LOG_LEVEL });
  const app = createServiceApp(definition, config, { logger });

  try {
    await app.listen();
  } catch (err) {
    const problem = startupProblem(name, err);
    if (problem) process.stderr.write(`${problem}\n`);
    else logger.fatal({ err }, `${name} service failed to start`);
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
