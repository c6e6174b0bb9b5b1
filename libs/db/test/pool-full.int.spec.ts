import { testDatabaseUrl, uniqueName } from '@planted/testing';
import { Database } from '../src/database';
import { databaseUnavailable } from '../src/db-errors';

// Issue 8, item 6: a full pool answers quickly (the caller gets 503) instead of queueing
// everyone behind one greedy request.
describe('a full connection pool', () => {
  const database = new Database({
    url: testDatabaseUrl(),
    schemaName: uniqueName('poolfull'),
    appRole: 'planted_poolfull',
    schema: {},
    poolSize: 1,
    acquireTimeoutMs: 300,
  });
  afterAll(() => database.close());

  it('refuses a request that cannot get a connection in time, as "database unavailable"', async () => {
    const held = await database.pool.connect();
    try {
      const started = Date.now();
      const err = await database.ping().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeDefined();
      expect(databaseUnavailable(err)).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      held.release();
    }
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('does not take a query the database refused for an outage', () => {
    expect(databaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(databaseUnavailable(new Error('syntax error'))).toBe(false);
    expect(
      databaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
  });
});
