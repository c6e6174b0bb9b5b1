import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eventRetentionMs, parseConfig, serviceEnvSchema, type ServiceEnv } from '@planted/config';
import { Database } from '@planted/db';
import { createLogger, type Logger } from '@planted/logging';
import { connectNats, natsCredentials } from '@planted/messaging';
import { ensureEventStream, type EventStreamDefinition } from './event-stream';
import { PgSeenAssertions } from './nats/seen-assertions';
import type { DbSchema, ServiceDefinition } from './service-definition';
import { StartupError, startupProblem } from './startup-error';

/** What `node main.js migrate [--wait]` does; see serviceCommand. */
export type MigrateMode = 'apply' | 'wait';

export interface MigrateOptions {
  mode: MigrateMode;
  /** How long `wait` waits for the migrations to be applied by someone else. Default 600 s. */
  timeoutMs?: number;
  /** How often `wait` looks. Default 2 s. */
  pollMs?: number;
  logger?: Logger;
  env?: Record<string, string | undefined>;
}

/**
 * The `created_at` drizzle records for the last migration in the folder (its journal's
 * `when`): the migrations are all applied once the service's `__drizzle_migrations` holds it.
 */
export function latestMigrationMillis(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

async function appliedMillis(database: Database<DbSchema>, schemaName: string): Promise<number> {
  try {
    const { rows } = await database.pool.query<{ latest: string | null }>(
      `select max(created_at)::text as latest from "${schemaName}"."__drizzle_migrations"`,
    );
    return Number(rows[0]?.latest ?? 0);
  } catch (err) {
    // No schema or table yet: nothing applied.
    if (['42P01', '3F000'].includes((err as { code?: string }).code ?? '')) return 0;
    throw err;
  }
}

/**
 * Migrations apart from serving, for a Kubernetes Job and the pods that wait for it:
 * `apply` applies the service's migrations (under the advisory lock Database.migrate takes,
 * so two runs never interleave) and creates the kit's own table, then returns; `wait`
 * applies nothing and returns once the database holds the last migration this build ships
 * (an init container, so a new version's pods start only after its Job has migrated).
 */
export async function migrateService<C extends ServiceEnv, S extends DbSchema>(
  definition: ServiceDefinition<C, S>,
  options: MigrateOptions,
): Promise<void> {
  // Only what migrating needs (DATABASE_URL, DB_APP_ROLE, LOG_LEVEL): a migration Job is not
  // given the service's API keys and signing keys.
  const config = parseConfig(serviceEnvSchema(definition.name, { httpPort: 0 }), options.env ?? process.env);
  const logger = options.logger ?? createLogger(definition.name, { level: config.LOG_LEVEL });
  const { schemaName, migrationsFolder } = definition.database;
  const database = new Database<DbSchema>({
    url: config.DATABASE_URL,
    schemaName,
    appRole: config.DB_APP_ROLE,
    schema: definition.database.schema,
    poolSize: 1,
    logger,
  });
  try {
    if (options.mode === 'apply') {
      await database.migrate(migrationsFolder);
      await new PgSeenAssertions(database.pool, schemaName).ensureTable();
      logger.info({ schema: schemaName }, `${definition.name} migrations applied`);
      if (config.NATS_USER) await makeEventStream(definition, config, logger);
      return;
    }
    const expected = latestMigrationMillis(migrationsFolder);
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    let announced = false;
    for (;;) {
      let applied = 0;
      try {
        applied = await appliedMillis(database, schemaName);
      } catch (err) {
        // PostgreSQL not reachable yet: keep waiting until the deadline.
        logger.debug({ err }, 'migration check failed');
      }
      if (applied >= expected) {
        logger.info({ schema: schemaName }, `${definition.name} migrations are applied`);
        return;
      }
      if (Date.now() >= deadline)
        throw new StartupError(
          `the migrations of this build are not applied (run its migration Job: node main.js migrate)`,
        );
      if (!announced) {
        logger.info({ schema: schemaName }, `${definition.name} waits for its migrations to be applied`);
        announced = true;
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2000));
    }
  } finally {
    await database.close();
  }
}

/**
 * The service's event stream, made or brought up to date by the migration step's NATS user
 * (STREAMS_NATS_USER): on a bus with credentials the serving processes may only read it.
 */
async function makeEventStream(
  definition: { name: string; events: EventStreamDefinition },
  config: ServiceEnv,
  logger: Logger,
) {
  const nc = await connectNats(
    config.NATS_URL,
    `${definition.name}-migrate`,
    logger,
    natsCredentials(config),
  );
  try {
    const name = await ensureEventStream(
      nc,
      definition.events,
      config.NATS_SUBJECT_PREFIX,
      eventRetentionMs(config),
      config.NATS_STREAM_REPLICAS,
    );
    logger.info({ stream: name }, `${definition.name} event stream is up to date`);
  } finally {
    await nc.close();
  }
}

/**
 * `node main.js migrate` (apply, then exit) and `node main.js migrate --wait` (wait until
 * they are applied, then exit), for the command line: exit code 0 when done, 1 with one
 * line on stderr otherwise. MIGRATE_WAIT_SECONDS bounds the wait (default 600).
 */
export async function runMigrateCommand<C extends ServiceEnv, S extends DbSchema>(
  definition: ServiceDefinition<C, S>,
  args: string[],
): Promise<void> {
  const mode: MigrateMode = args.includes('--wait') ? 'wait' : 'apply';
  const waitSeconds = Number(process.env.MIGRATE_WAIT_SECONDS ?? 600);
  try {
    await migrateService(definition, {
      mode,
      timeoutMs: (Number.isFinite(waitSeconds) && waitSeconds > 0 ? waitSeconds : 600) * 1000,
    });
    process.exit(0);
  } catch (err) {
    process.stderr.write(`${startupProblem(definition.name, err) ?? `${definition.name}: ${String(err)}`}\n`);
    process.exit(1);
  }
}

/**
 * A service's main.ts: `node main.js` serves; `node main.js migrate [--wait]` only migrates
 * (see runMigrateCommand).
 */
export function serviceCommand(args: string[] = process.argv.slice(2)): 'serve' | 'migrate' {
  return args[0] === 'migrate' ? 'migrate' : 'serve';
}
