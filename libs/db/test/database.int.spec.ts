import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { testDatabaseUrl, uniqueName } from '@planted/testing';
import {
  Database,
  preparedQuery,
  preparedSql,
  executeAtCommit,
  runAtCommit,
  runBeforeNextStatement,
  type Tx,
} from '../src/database';

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

  describe('readAsTenant', () => {
    const notes = () => sql.raw(`"${schemaName}".notes`);

    it('shows only the tenant’s rows, with parameters written in as literals', async () => {
      const seenByA = await database.readAsTenant(
        a,
        async (tx) =>
          (await tx.execute(sql`select body from ${notes()} where body <> ${'zzz'} order by body`)).rows,
      );
      expect(seenByA).toEqual([{ body: 'a1' }, { body: 'a2' }]);
      const aAskedByB = await database.readAsTenant(
        b,
        async (tx) => (await tx.execute(sql`select body from ${notes()} where customer_id = ${a}`)).rows,
      );
      expect(aAskedByB).toEqual([]);
    });

    it('gives back every value exactly as a parameter would', async () => {
      const tricky = `O'Brien \\ $1 '); drop table x; --`;
      const row = await database.readAsTenant(
        a,
        async (tx) =>
          (await tx.execute(sql`select ${tricky}::text as s, ${7}::int as n, ${null}::text as z`)).rows[0],
      );
      expect(row).toEqual({ s: tricky, n: 7, z: null });
    });

    it('runs as the application role, refuses writes, and leaves nothing set on the connection', async () => {
      const single = new Database({ url: testDatabaseUrl(), schemaName, appRole, schema: {}, poolSize: 1 });
      try {
        const who = await single.readAsTenant(
          a,
          async (tx) => (await tx.execute(sql`select current_user as u`)).rows[0],
        );
        expect(who).toEqual({ u: appRole });
        await expect(
          single.readAsTenant(a, (tx) =>
            tx.execute(sql`insert into ${notes()} (customer_id, body) values (${a}, 'w')`),
          ),
        ).rejects.toHaveProperty('cause.message', expect.stringMatching(/read-only transaction/));
        const after = await single.pool.query(
          'select current_user as u, current_setting($1, true) as c, current_setting($2) as ro',
          ['app.customer_id', 'transaction_read_only'],
        );
        expect(after.rows[0].u).not.toBe(appRole);
        expect(after.rows[0].c ?? '').toBe('');
        expect(after.rows[0].ro).toBe('off');
        const count = await single.withSystem(
          async (tx) =>
            (await tx.execute(sql`select count(*)::int as n from ${notes()} where body = 'w'`)).rows[0],
        );
        expect(count).toEqual({ n: 0 });
      } finally {
        await single.close();
      }
    });

    it('applies the settings to every statement, not only the first', async () => {
      const bodies = await database.readAsTenant(b, async (tx) => {
        const first = await tx.execute(sql`select body from ${notes()}`);
        const second = await tx.execute(sql`select body from ${notes()}`);
        return [first.rows, second.rows];
      });
      expect(bodies).toEqual([[{ body: 'b1' }], [{ body: 'b1' }]]);
    });
  });

  describe('preparedQuery', () => {
    const notesTable = pgSchema(schemaName).table('notes', {
      id: uuid('id').primaryKey(),
      customerId: uuid('customer_id').notNull(),
      body: text('body').notNull(),
    });
    let builds = 0;
    const bodiesOf = preparedQuery((tx: Tx) => {
      builds++;
      return tx
        .select({ body: notesTable.body })
        .from(notesTable)
        .where(eq(notesTable.customerId, sql.placeholder('customerId')))
        .orderBy(notesTable.body)
        .prepare(`notes_by_customer_${schemaName}`);
    });

    it('is built once per connection and answers for each call’s own values and tenant', async () => {
      const single = new Database({ url: testDatabaseUrl(), schemaName, appRole, schema: {}, poolSize: 1 });
      try {
        const read = (tenant: string, customerId: string) =>
          single.readAsTenant(tenant, (tx) => bodiesOf(tx).execute({ customerId }));
        expect(await read(a, a)).toEqual([{ body: 'a1' }, { body: 'a2' }]);
        expect(await read(b, b)).toEqual([{ body: 'b1' }]);
        expect(await read(b, a)).toEqual([]); // row-level security still hides A from B
        expect(builds).toBe(1);
        const inTransaction = (tenant: string, customerId: string) =>
          single.withTenant(tenant, (tx) => bodiesOf(tx).execute({ customerId }));
        expect(await inTransaction(a, a)).toEqual([{ body: 'a1' }, { body: 'a2' }]);
        expect(await inTransaction(b, a)).toEqual([]);
        expect(builds).toBe(2); // the transaction object is another one of the same connection
        // PostgreSQL switches a prepared statement to a cached generic plan after five runs:
        // row-level security must still follow each transaction's tenant after that.
        for (let i = 0; i < 12; i++) {
          const tenant = i % 2 === 0 ? a : b;
          expect(await inTransaction(tenant, a)).toEqual(
            tenant === a ? [{ body: 'a1' }, { body: 'a2' }] : [],
          );
          expect(await single.withSystem((tx) => bodiesOf(tx).execute({ customerId: a }))).toHaveLength(2);
        }
      } finally {
        await single.close();
      }
    });

    it('inside readAsTenant is prepared once per connection and runs on one generic plan, tenant by tenant', async () => {
      const single = new Database({ url: testDatabaseUrl(), schemaName, appRole, schema: {}, poolSize: 1 });
      try {
        for (let i = 0; i < 8; i++) {
          const tenant = i % 2 === 0 ? a : b;
          expect(await single.readAsTenant(tenant, (tx) => bodiesOf(tx).execute({ customerId: a }))).toEqual(
            tenant === a ? [{ body: 'a1' }, { body: 'a2' }] : [],
          );
        }
        const [statement, ...others] = await single.readAsTenant(
          a,
          async (tx) =>
            (
              await tx.execute(
                sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements`,
              )
            ).rows,
        );
        expect(others).toEqual([]);
        expect(statement).toEqual({
          name: expect.stringMatching(/^planted_\d+_notes_by_customer_/),
          generic: 8,
          custom: 0,
        });
      } finally {
        await single.close();
      }
    });

    it('refuses a read object used after its read ended', async () => {
      let leaked: Tx | undefined;
      await database.readAsTenant(a, async (tx) => {
        leaked = tx;
      });
      await expect(bodiesOf(leaked!).execute({ customerId: a })).rejects.toHaveProperty(
        'cause.message',
        expect.stringMatching(/after the read ended/),
      );
    });
  });

  describe('withTenant in fewer round trips', () => {
    const notes = `"${schemaName}".notes`;
    const mine = preparedSql<{ body: string; u: string; x: string | null }>(
      `mine_${schemaName}`,
      sql`select body, current_user as u, current_setting('app.x', true) as x from ${sql.raw(notes)}
           where body <> ${sql.placeholder('not')} order by body`,
    );
    /** A one-connection Database whose messages to PostgreSQL are counted. */
    function counted() {
      const single = new Database({ url: testDatabaseUrl(), schemaName, appRole, schema: {}, poolSize: 1 });
      const messages: string[] = [];
      single.pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
          const config = args[0];
          messages.push(typeof config === 'string' ? config : (config as { text: string }).text);
          return query(...args);
        };
      });
      return { single, messages };
    }

    it('sends BEGIN and the settings with a first named statement, and nothing for an empty transaction', async () => {
      const { single, messages } = counted();
      try {
        await single.withTenant(a, async () => undefined);
        expect(messages).toEqual([]);
        for (const [tenant, bodies] of [
          [a, ['a1', 'a2']],
          [b, ['b1']],
          [a, ['a1', 'a2']],
        ] as const) {
          messages.length = 0;
          const rows = await single.withTenant(tenant, (tx) => mine(tx, { not: 'x' }));
          expect(rows.map((r) => r.body)).toEqual(bodies);
          expect(new Set(rows.map((r) => r.u))).toEqual(new Set([appRole]));
          // After the first time (its PREPARE), one message for BEGIN, settings and statement, one to commit.
          expect(messages.filter((m) => !m.includes('prepare '))).toEqual([
            expect.stringMatching(
              /^begin; set local app.customer_id = .*; set local role .*; execute "planted_\d+_mine_/,
            ),
            'commit',
          ]);
        }
      } finally {
        await single.close();
      }
    });

    it('runs a statement just before the next one, in its message, with its result to a callback', async () => {
      const { single, messages } = counted();
      try {
        await single.withTenant(a, (tx) => mine(tx, { not: 'x' })); // prepared
        messages.length = 0;
        let seen: unknown;
        const rows = await single.withTenant(a, (tx) => {
          runBeforeNextStatement(
            tx,
            `select set_config('app.x', 'before', true) as x`,
            (r) => (seen = r.rows),
          );
          return mine(tx, { not: 'a2' });
        });
        expect(rows).toEqual([{ body: 'a1', u: appRole, x: 'before' }]);
        expect(seen).toEqual([{ x: 'before' }]);
        expect(messages).toHaveLength(2);
      } finally {
        await single.close();
      }
    });

    it('writes statements given to runAtCommit with the COMMIT, and rolls everything back when one fails', async () => {
      const { single, messages } = counted();
      const insert = {
        name: `note_insert_${schemaName}`,
        text: `insert into ${notes} (customer_id, body) values ($1, $2)`,
      };
      const count = async (body: string) =>
        (await single.pool.query(`select count(*)::int as n from ${notes} where body = $1`, [body])).rows[0]
          .n;
      try {
        await single.withTenant(a, async (tx) => {
          expect(runAtCommit(tx, { ...insert, values: [a, 'deferred'] })).toBe(true);
          expect(await mine(tx, { not: 'x' })).toHaveLength(2); // not written yet
        });
        expect(messages.at(-1)).toMatch(/^execute "planted_\d+_note_insert_.*; commit$/);
        expect(await count('deferred')).toBe(1);
        // Another company's row: row-level security refuses it at the commit, and the first insert goes too.
        await expect(
          single.withTenant(a, async (tx) => {
            await tx.execute(sql.raw(`insert into ${notes} (customer_id, body) values ('${a}', 'undone')`));
            runAtCommit(tx, { ...insert, values: [b, 'refused'] });
          }),
        ).rejects.toThrow(/row-level security/);
        expect(await count('undone')).toBe(0);
        expect(await count('refused')).toBe(0);
        expect(runAtCommit({}, { ...insert, values: [a, 'x'] })).toBe(false);
        await single.pool.query(`delete from ${notes} where body = 'deferred'`);
      } finally {
        await single.close();
      }
    });

    it('executeAtCommit sends a Drizzle prepared statement with the COMMIT, its placeholders filled by name', async () => {
      const { single, messages } = counted();
      const notesTable = pgSchema(schemaName).table('notes', {
        id: uuid('id').primaryKey(),
        customerId: uuid('customer_id').notNull(),
        body: text('body').notNull(),
      });
      const insertNote = preparedQuery((tx: Tx) =>
        tx
          .insert(notesTable)
          .values({
            id: sql.placeholder('id'),
            customerId: sql.placeholder('customerId'),
            body: sql.placeholder('body'),
          })
          .prepare(`note_drizzle_insert_${schemaName}`),
      );
      const id = randomUUID();
      const other = randomUUID();
      const body = "it's deferred"; // a quote, written in as a literal
      try {
        await single.withTenant(a, async (tx) => {
          await executeAtCommit(tx, insertNote(tx), { id, customerId: a, body });
          expect(await mine(tx, { not: 'x' })).toHaveLength(2); // not written yet
        });
        expect(messages.at(-1)).toMatch(/^execute "planted_\d+_note_drizzle_insert_.*; commit$/);
        const written = async (noteId: string) =>
          (await single.pool.query(`select customer_id, body from ${notes} where id = $1`, [noteId])).rows;
        expect(await written(id)).toEqual([{ customer_id: a, body }]);
        // Outside withTenant/withSystem it is executed at once.
        const direct = single.db as unknown as Tx;
        await executeAtCommit(direct, insertNote(direct), { id: other, customerId: b, body: 'at once' });
        expect(await written(other)).toEqual([{ customer_id: b, body: 'at once' }]);
        await single.withTenant(a, async (tx) => {
          await expect(executeAtCommit(tx, { text: 'select 1' }, {})).rejects.toThrow(
            /not a statement prepared by Drizzle/,
          );
        });
      } finally {
        await single.pool.query(`delete from ${notes} where id = any($1::uuid[])`, [[id, other]]);
        await single.close();
      }
    });
  });

  describe('preparedSql', () => {
    const notes = () => sql.raw(`"${schemaName}".notes`);
    const echo = preparedSql<{ s: string; n: number; z: string | null; ids: string[] }>(
      `echo_${schemaName}`,
      sql`select ${sql.placeholder('s')}::text as s, ${sql.placeholder('n')}::int as n,
        ${sql.placeholder('z')}::text as z, ${sql.placeholder('ids')}::uuid[] as ids`,
    );
    const bodies = (name: string | undefined) =>
      preparedSql<{ body: string }>(
        name,
        sql`select body from ${notes()} where body <> ${sql.placeholder('not')} order by body`,
      );

    it('gives every value back exactly, by placeholder name, prepared or not', async () => {
      const tricky = `O'Brien \\ $1 '); drop table x; --`;
      const values = { s: tricky, n: 7, z: null, ids: [a, b] };
      const expected = [{ s: tricky, n: 7, z: null, ids: [a, b] }];
      expect(await database.readAsTenant(a, (tx) => echo(tx, values))).toEqual(expected);
      expect(await database.readAsTenant(a, (tx) => echo(tx, values))).toEqual(expected);
      expect(await database.withTenant(a, (tx) => echo(tx, values))).toEqual(expected);
    });

    it('follows the tenant of each read, named (generic plan) or not', async () => {
      for (const name of [`bodies_${schemaName}`, undefined]) {
        const read = bodies(name);
        for (let i = 0; i < 8; i++) {
          const tenant = i % 2 === 0 ? a : b;
          expect(await database.readAsTenant(tenant, (tx) => read(tx, { not: 'a2' }))).toEqual(
            tenant === a ? [{ body: 'a1' }] : [{ body: 'b1' }],
          );
        }
      }
    });

    it('runs several calls of one read at once, and refuses a write as any read does', async () => {
      const read = bodies(`bodies_at_once_${schemaName}`);
      const answers = await database.readAsTenant(b, (tx) =>
        Promise.all([read(tx, { not: 'x' }), read(tx, { not: 'b1' }), read(tx, { not: 'y' })]),
      );
      expect(answers).toEqual([[{ body: 'b1' }], [], [{ body: 'b1' }]]);
      const write = preparedSql(
        `write_${schemaName}`,
        sql`insert into ${notes()} (customer_id, body) values (${sql.placeholder('c')}, 'w') returning id`,
      );
      await expect(database.readAsTenant(a, (tx) => write(tx, { c: a }))).rejects.toHaveProperty(
        'cause.message',
        expect.stringMatching(/read-only transaction/),
      );
    });

    it('reports a statement PostgreSQL cannot prepare, and prepares it once it can', async () => {
      const single = new Database({ url: testDatabaseUrl(), schemaName, appRole, schema: {}, poolSize: 1 });
      const table = sql.raw(`"${schemaName}".later`);
      const read = preparedSql<{ n: number }>(
        `later_${schemaName}`,
        sql`select count(*)::int as n from ${table} where n > ${sql.placeholder('min')}`,
      );
      try {
        await expect(single.readAsTenant(a, (tx) => read(tx, { min: 0 }))).rejects.toHaveProperty(
          'cause.message',
          expect.stringMatching(/does not exist/),
        );
        await single.pool.query(`create table ${`"${schemaName}".later`} (n int)`);
        await single.pool.query(`grant select on ${`"${schemaName}".later`} to ${appRole}`);
        await single.pool.query(`insert into ${`"${schemaName}".later`} values (1), (2)`);
        expect(await single.readAsTenant(a, (tx) => read(tx, { min: 1 }))).toEqual([{ n: 1 }]);
      } finally {
        await single.close();
      }
    });
  });
});
