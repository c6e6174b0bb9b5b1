import { Client } from 'pg';
import { createDatabase, dropDatabase, uniqueName } from '@planted/testing';
import { latestMigrationMillis, migrateService, serviceCommand, StartupError } from '../src';
import { kitTestService } from './kit-test-service/kit-test.service';

jest.setTimeout(60_000);

// `node main.js migrate` (a Kubernetes migration Job, compose's <service>-migrate) and
// `node main.js migrate --wait` (the init container of the service's pods), on a database
// of their own so "nothing applied yet" is a state this test controls.
describe('migrateService', () => {
  const name = uniqueName('planted_migrate');
  let url: string;
  const env = () => ({ DATABASE_URL: url, LOG_LEVEL: 'silent' as const });

  beforeAll(async () => {
    url = await createDatabase(name);
  });
  afterAll(async () => {
    await dropDatabase(name);
  });

  async function query<T>(sql: string): Promise<T[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('reads `migrate` and `migrate --wait` from the command line, anything else serves', () => {
    expect(serviceCommand(['migrate'])).toBe('migrate');
    expect(serviceCommand(['migrate', '--wait'])).toBe('migrate');
    expect(serviceCommand([])).toBe('serve');
    expect(serviceCommand(['--port', '3'])).toBe('serve');
  });

  it('waits in vain while nothing is applied, then gives up naming the Job to run', async () => {
    const started = Date.now();
    await expect(
      migrateService(kitTestService, { mode: 'wait', timeoutMs: 400, pollMs: 50, env: env() }),
    ).rejects.toThrow(StartupError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await query(`select 1 from pg_namespace where nspname = 'kit_test'`)).toEqual([]);
  });

  it('lets a waiting pod go once the Job has applied every migration, and a second apply changes nothing', async () => {
    let waited = false;
    const waiting = migrateService(kitTestService, {
      mode: 'wait',
      timeoutMs: 30_000,
      pollMs: 50,
      env: env(),
    }).then(() => {
      waited = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waited).toBe(false);

    // Two Jobs at once (a retried Job beside the new one): the advisory lock serialises them.
    await Promise.all([
      migrateService(kitTestService, { mode: 'apply', env: env() }),
      migrateService(kitTestService, { mode: 'apply', env: env() }),
    ]);
    await waiting;
    expect(waited).toBe(true);

    const applied = await query<{ created_at: string }>(
      'select created_at::text from kit_test.__drizzle_migrations order by created_at',
    );
    expect(applied.map((row) => Number(row.created_at)).at(-1)).toBe(
      latestMigrationMillis(kitTestService.database.migrationsFolder),
    );
    const journalEntries = (await import(
      `${kitTestService.database.migrationsFolder}/meta/_journal.json`
    )) as {
      entries: unknown[];
    };
    expect(applied).toHaveLength(journalEntries.entries.length);
    // The kit's own table and the application role's grants are there before any pod starts.
    expect(
      await query(
        `select 1 from pg_tables where schemaname = 'kit_test' and tablename = 'bus_seen_assertions'`,
      ),
    ).toHaveLength(1);
    expect(
      await query(
        `select 1 from information_schema.role_table_grants where grantee = 'planted_kit_test' and table_schema = 'kit_test' and table_name = 'notes' and privilege_type = 'SELECT'`,
      ),
    ).toHaveLength(1);

    await migrateService(kitTestService, { mode: 'wait', timeoutMs: 1000, pollMs: 50, env: env() });
  });
});
