import type { Pool } from 'pg';
import type { SeenAssertions } from '@planted/messaging';

const TABLE = 'bus_seen_assertions';
const PRUNE_EVERY_MS = 60_000;

/**
 * The gateway assertions a service has accepted, in a small table of its own schema, so
 * every replica refuses an assertion any of them has used (a replay). Rows are kept until
 * the assertion expires (at most a minute) and pruned on the way.
 */
export class PgSeenAssertions implements SeenAssertions {
  private lastPrune = 0;
  private readonly table: string;

  constructor(
    private readonly pool: Pool,
    schemaName: string,
  ) {
    this.table = `"${schemaName}"."${TABLE}"`;
  }

  /** Creates the table when missing; run at start-up, after the service's migrations. */
  async ensureTable(): Promise<void> {
    try {
      await this.pool.query(
        `create table if not exists ${this.table} (jti text primary key, expires_at timestamptz not null)`,
      );
    } catch (err) {
      // Two replicas creating it at once: one wins, the other sees a duplicate type.
      if ((err as { code?: string }).code !== '23505') throw err;
    }
  }

  async claim(jti: string, expiresAt: Date): Promise<boolean> {
    const now = Date.now();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.pool.query(`delete from ${this.table} where expires_at < now()`);
    }
    const result = await this.pool.query(
      `insert into ${this.table} (jti, expires_at) values ($1, $2) on conflict do nothing`,
      [jti, expiresAt],
    );
    return result.rowCount === 1;
  }
}
