import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { testDatabaseUrl, uniqueName } from '@planted/testing';
import { Database } from '../src/database';

/**
 * The db library against the run's real PostgreSQL: migrations under an advisory lock,
 * the application role, and row-level security set per transaction.
 */
describe('Database (libs/db)', () => {
  const schemaName = uniqueName('dbtest');
  const appRole = 'planted_dbtest';
  let dir: string;
  let database: Database<Record<string, never>>;
  const a = randomUUID();
  const b = randomUUID();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'planted-db-'));
    mkdirSync(path.join(dir, 'meta'));
    writeFileSync(
      path.join(dir, 'meta', '_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'postgresql',
        entries: [{ idx: 0, version: '7', when: 1700000000000, tag: '0000_init', breakpoints: true }],
      }),
    );
    writeFileSync(
      path.join(dir, '0000_init.sql'),
      `create table "${schemaName}"."notes" (id uuid primary key default gen_random_uuid(), customer_id uuid not null, body text not null);
--> statement-breakpoint
alter table "${schemaName}"."notes" enable row level security;
--> statement-breakpoint
create policy tenant on "${schemaName}"."notes" as permissive for all to public
  using (current_setting('app.bypass_rls', true) = 'on' or customer_id = nullif(current_setting('app.customer_id', true), '')::uuid)
  with check (current_setting('app.bypass_rls', true) = 'on' or customer_id = nullif(current_setting('app.customer_id', true), '')::uuid);`,
    );
    database = new Database({ url: testDatabaseUrl(), schemaName, appRole, schema: {} });
  });

  afterAll(async () => {
    const pool = new Pool({ connectionString: testDatabaseUrl() });
    await pool.query(`drop schema if exists "${schemaName}" cascade`);
    await pool.end();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies migrations once, even when several replicas start together', async () => {
    await Promise.all([database.migrate(dir), database.migrate(dir), database.migrate(dir)]);
    const { rows } = await database.pool.query(
      `select count(*)::int as n from "${schemaName}"."__drizzle_migrations"`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('shows and accepts only the tenant’s rows inside withTenant', async () => {
    await database.withSystem(async (tx) => {
      await tx.execute(
        sql.raw(
          `insert into "${schemaName}".notes (customer_id, body) values ('${a}', 'a1'), ('${a}', 'a2'), ('${b}', 'b1')`,
        ),
      );
    });
    const seenByB = await database.withTenant(
      b,
      async (tx) => (await tx.execute(sql.raw(`select body from "${schemaName}".notes order by body`))).rows,
    );
    expect(seenByB).toEqual([{ body: 'b1' }]);
    const seenByA = await database.withTenant(
      a,
      async (tx) => (await tx.execute(sql.raw(`select body from "${schemaName}".notes order by body`))).rows,
    );
    expect(seenByA).toEqual([{ body: 'a1' }, { body: 'a2' }]);
  });

  it('refuses to write a row for another company inside withTenant', async () => {
    await expect(
      database.withTenant(b, (tx) =>
        tx.execute(
          sql.raw(`insert into "${schemaName}".notes (customer_id, body) values ('${a}', 'sneaky')`),
        ),
      ),
    ).rejects.toHaveProperty('cause.message', expect.stringMatching(/row-level security/));
    const updated = await database.withTenant(
      b,
      async (tx) =>
        (await tx.execute(sql.raw(`update "${schemaName}".notes set body = 'x' where customer_id = '${a}'`)))
          .rowCount,
    );
    expect(updated).toBe(0);
  });

  it('runs tenant transactions as the application role and resets after them', async () => {
    const role = await database.withTenant(
      a,
      async (tx) => (await tx.execute(sql`select current_user as u`)).rows[0],
    );
    expect(role).toEqual({ u: appRole });
    const after = await database.pool.query('select current_user as u, current_setting($1, true) as c', [
      'app.customer_id',
    ]);
    expect(after.rows[0].u).not.toBe(appRole);
    expect(after.rows[0].c ?? '').toBe('');
  });

  it('sees every company inside withSystem', async () => {
    const all = await database.withSystem(
      async (tx) =>
        (await tx.execute(sql.raw(`select count(*)::int as n from "${schemaName}".notes`))).rows[0],
    );
    expect(all).toEqual({ n: 3 });
  });
});
