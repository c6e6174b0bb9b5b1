import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { pgSchema } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { idempotentRequestsTable } from '@planted/messaging';
import { capturingLogger, indexPlanOf, testDatabaseUrl, uniqueName, waitFor } from '@planted/testing';
import { IdempotencyKeyPruner } from '../src';

const HOUR_MS = 60 * 60 * 1000;
const schemaName = uniqueName('keys');
const table = idempotentRequestsTable(pgSchema(schemaName));
const qualified = `"${schemaName}".idempotent_requests`;
const logLines: Record<string, unknown>[] = [];
const logger = capturingLogger('key-pruner-test', logLines);

let pool: Pool;

/** Records `count` keys of `subject`, made `hoursAgo` hours ago; answers their keys. */
async function recordKeys(subject: string, count: number, hoursAgo: number): Promise<string[]> {
  const { rows } = await pool.query<{ key: string }>(
    `insert into ${qualified} (subject, caller, key, request_hash, result, created_at)
     select $1, 'caller', gen_random_uuid()::text, 'hash', '{}'::jsonb, now() - make_interval(hours => $3)
       from generate_series(1, $2)
     returning key`,
    [subject, count, hoursAgo],
  );
  return rows.map((row) => row.key);
}

async function left(keys: string[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from ${qualified} where key = any($1::text[])`,
    [keys],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  pool = new Pool({ connectionString: testDatabaseUrl(), max: 3 });
  // The table exactly as drizzle-kit migrates it in each service.
  for (const statement of await generateMigration(
    generateDrizzleJson({}),
    generateDrizzleJson({ schema: pgSchema(schemaName), table }),
  ))
    await pool.query(statement);
});

afterAll(async () => {
  if (pool) {
    await pool.query(`drop schema if exists "${schemaName}" cascade`);
    await pool.end();
  }
});

describe('forgetting old Idempotency-Keys', () => {
  it('finds the keys to delete through an index, not by reading the keys it keeps', async () => {
    const plan = await indexPlanOf(
      pool,
      `select subject, caller, key from ${qualified}
        where created_at < now() - make_interval(secs => 86400) limit 1000 for update skip locked`,
    );
    expect(plan).toContain('idempotent_requests_created_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('deletes keys older than it keeps them, a batch at a time, and keeps the recent ones', async () => {
    const pruner = new IdempotencyKeyPruner({ pool, table, keepMs: 24 * HOUR_MS, logger });
    const old = await recordKeys('test.thing.create.v1', 1205, 25);
    const recent = await recordKeys('test.thing.create.v1', 3, 23);
    // A turn of its loop deletes a few batches at most (here one); the rest at the next.
    expect(await pruner.pruneOnce(1)).toBe(1000);
    expect(await pruner.pruneOnce()).toBe(205);
    expect(await left(old)).toBe(0);
    expect(await left(recent)).toBe(recent.length);
    expect(await pruner.pruneOnce()).toBe(0);
  });

  it('deletes them by itself while it runs, and stops when told to', async () => {
    const pruner = new IdempotencyKeyPruner({ pool, table, keepMs: 24 * HOUR_MS, everyMs: 50, logger });
    const old = await recordKeys('test.other.create.v1', 20, 48);
    pruner.start();
    try {
      await waitFor(async () => ((await left(old)) === 0 ? true : undefined));
      expect(
        logLines.some((line) => line.msg === 'old idempotency keys deleted' && line.deleted === 20),
      ).toBe(true);
    } finally {
      await pruner.stop();
    }
    // Stopped: nothing more is deleted.
    const later = await recordKeys('test.other.create.v1', 2, 48);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await left(later)).toBe(2);
  });
});
