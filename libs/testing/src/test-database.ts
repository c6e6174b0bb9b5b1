import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { testKeyEnv } from './test-keys';

/** Server every test database is created on; the run's database name is unique to the run. */
export function adminDatabaseUrl(): string {
  return process.env.PLANTED_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function uniqueName(prefix: string): string {
  // Under `npm test` the run's id is in every name, so the run can delete what it left on the
  // shared NATS server (its JetStream streams) once it ends, and nothing of another run.
  const run = process.env.PLANTED_TEST_RUN_ID;
  return `${prefix}_${run ?? Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createDatabase(name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return withDatabase(adminDatabaseUrl(), name);
}

export async function dropDatabase(name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const client = new Client({ connectionString: adminDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** The database of this test run (created by the run's global setup). */
export function testDatabaseUrl(): string {
  const url = process.env.PLANTED_TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'PLANTED_TEST_DATABASE_URL is not set: run tests through `npm test` or a Jest config using the shared preset',
    );
  return url;
}

/**
 * Environment for a service started in-process by a test: the run's database, and a
 * NATS subject prefix and Redis key prefix of its own, so test files running in
 * parallel (and two runs on one machine) never answer each other; and the process's bus
 * keys (testKeyEnv), so the services and gateway a test starts trust each other.
 */
export function testServiceEnv(overrides: Record<string, string> = {}): Record<string, string | undefined> {
  const id = uniqueName('t');
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: testDatabaseUrl(),
    NATS_SUBJECT_PREFIX: id,
    REDIS_KEY_PREFIX: `${id}:`,
    ...testKeyEnv(),
    ...overrides,
  };
}

/**
 * The plan PostgreSQL would use for `query`, with sequential scans forbidden (a test's tables
 * are small enough that the planner would scan them anyway): to show that an index serves it.
 */
export async function indexPlanOf(
  pool: { connect(): Promise<{ query: Client['query']; release(): void }> },
  query: string,
): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`);
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback');
    client.release();
  }
}
