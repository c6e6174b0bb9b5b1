import { drizzle } from 'drizzle-orm/node-postgres';
import { pgSchema } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { testDatabaseUrl, uniqueName } from '@planted/testing';
import { claimScheduledRun, scheduledRunsTable } from '../src/scheduled-runs';

const schemaName = uniqueName('schedtest');
const table = scheduledRunsTable(pgSchema(schemaName));
let pool: Pool;

/** A replica: its own connection, as a replica in another process has. */
async function claimOnOwnConnection(job: string, intervalMs: number): Promise<boolean> {
  const client = await pool.connect();
  try {
    return await claimScheduledRun(drizzle(client), table, job, intervalMs);
  } finally {
    client.release();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  pool = new Pool({ connectionString: testDatabaseUrl(), max: 8 });
  await pool.query(`create schema "${schemaName}"`);
  await pool.query(
    `create table "${schemaName}"."scheduled_runs" (job text primary key, next_run_at timestamptz not null)`,
  );
});

afterAll(async () => {
  await pool?.query(`drop schema if exists "${schemaName}" cascade`);
  await pool?.end();
});

describe('claimScheduledRun (a scheduled job once per cluster per interval)', () => {
  it('gives a tick to one of many replicas claiming it at once, the first time and when due again', async () => {
    const first = await Promise.all(Array.from({ length: 6 }, () => claimOnOwnConnection('a', 400)));
    expect(first.filter(Boolean)).toHaveLength(1);
    // Not due again before its interval.
    expect(await claimOnOwnConnection('a', 400)).toBe(false);
    await sleep(400);
    const second = await Promise.all(Array.from({ length: 6 }, () => claimOnOwnConnection('a', 400)));
    expect(second.filter(Boolean)).toHaveLength(1);
    // Another job has its own schedule.
    expect(await claimOnOwnConnection('b', 400)).toBe(true);
  });

  it('runs once per interval with two replicas whose timers are offset, none skipped', async () => {
    const intervalMs = 300;
    const runs: number[] = [];
    const replica = (offsetMs: number) =>
      (async () => {
        await sleep(offsetMs);
        for (let tick = 0; tick < 6; tick++) {
          const started = Date.now();
          if (await claimOnOwnConnection('offset', intervalMs)) runs.push(Date.now());
          await sleep(intervalMs - (Date.now() - started));
        }
      })();
    const began = Date.now();
    await Promise.all([replica(0), replica(intervalMs / 2)]);
    const ticks = Math.floor((Date.now() - began) / intervalMs);
    // One run per interval in all: not one per replica, and not every other interval.
    expect(runs.length).toBeGreaterThanOrEqual(ticks - 1);
    expect(runs.length).toBeLessThanOrEqual(ticks + 1);
    for (let i = 1; i < runs.length; i++)
      expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(intervalMs * 0.8);
  });
});
