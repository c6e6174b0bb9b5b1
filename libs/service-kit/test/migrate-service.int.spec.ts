import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { Client } from 'pg';
import { eventRetentionMs } from '@planted/config';
import { natsCredentials } from '@planted/messaging';
import { createDatabase, dropDatabase, TestNatsServer, uniqueName } from '@planted/testing';
import {
  ensureEventStream,
  latestMigrationMillis,
  migrateService,
  natsAuthorizationConfig,
  serviceCommand,
  StartupError,
} from '../src';
import { kitTestService, NoteCreate, NoteCreated } from './kit-test-service/kit-test.service';

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

  it("makes the service's event stream as the migration step's NATS user, as the service wants it (BA-2)", async () => {
    const subjectsOf = () => ({ requests: [NoteCreate.name], events: [NoteCreated.name] });
    const passwords = {
      maker: `p${randomBytes(8).toString('hex')}`,
      'kit-test': `p${randomBytes(8).toString('hex')}`,
    };
    const server = await TestNatsServer.start({
      config: natsAuthorizationConfig(
        [
          { user: 'maker', calls: [], makesStreams: ['KIT_TEST'] },
          { user: 'kit-test', serves: 'kit-test', stream: 'KIT_TEST', calls: [], subjectsOf },
        ],
        passwords,
      ),
    });
    try {
      const nats = { NATS_URL: server.url, NATS_SUBJECT_PREFIX: '' };
      await migrateService(kitTestService, {
        mode: 'apply',
        env: { ...env(), ...nats, NATS_USER: 'maker', NATS_PASSWORD: passwords.maker },
      });
      // The service, which may only read its stream, finds it as it wants it: no write at all.
      const service = { ...nats, NATS_USER: 'kit-test', NATS_PASSWORD: passwords['kit-test'] };
      const nc = await connect({ servers: server.url, ...natsCredentials(service), reconnect: false });
      try {
        const retention = eventRetentionMs({ EVENT_RETENTION_DAYS: 30 });
        await expect(ensureEventStream(nc, kitTestService.events, '', retention, 1)).resolves.toBe(
          'KIT_TEST',
        );
        const info = await (await nc.jetstreamManager()).streams.info('KIT_TEST');
        expect(info.config.subjects).toEqual([NoteCreated.name]);
      } finally {
        await nc.close();
      }
    } finally {
      await server.dispose();
    }
  });
});
