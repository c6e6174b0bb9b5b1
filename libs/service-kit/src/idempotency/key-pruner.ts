import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { quoteIdentifier } from '@planted/db';
import type { Logger } from '@planted/logging';
import type { IdempotentRequestsTable } from '@planted/messaging';

/** Rows deleted per statement, so no statement holds many locks for long. */
const PRUNE_BATCH = 1000;
/** Statements per turn: a first prune of a large table goes on at the next turns, a second apart. */
const PRUNE_BATCHES_PER_TURN = 10;

export interface IdempotencyKeyPrunerOptions {
  pool: Pool;
  table: IdempotentRequestsTable;
  /** How long a key is remembered (IDEMPOTENCY_KEY_HOURS); older rows are deleted. */
  keepMs: number;
  /** How often it looks for old keys. Default 10 minutes. */
  everyMs?: number;
  logger: Logger;
}

/**
 * Forgets Idempotency-Keys once they are older than a client could still retry with (as
 * Stripe forgets its keys after 24 hours): every creating request carries one, so without
 * this idempotent_requests keeps a row for every hire, site and supplier ever created. Rows
 * are found through idempotent_requests_created_idx; replicas pruning at once skip each
 * other's rows rather than wait for them.
 */
export class IdempotencyKeyPruner {
  private readonly statement: string;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly options: IdempotencyKeyPrunerOptions) {
    if (!(options.keepMs > 0)) throw new Error('IdempotencyKeyPruner: keepMs must be positive');
    const { schema, name } = getTableConfig(options.table);
    const table = schema ? `${quoteIdentifier(schema)}.${quoteIdentifier(name)}` : quoteIdentifier(name);
    this.statement = `delete from ${table} where (subject, caller, key) in (
        select subject, caller, key from ${table}
         where created_at < now() - make_interval(secs => $1::float8)
         limit ${PRUNE_BATCH}
         for update skip locked)`;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  /** Resolves once a prune under way, if any, has finished its statement. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  /** Deletes keys older than keepMs, a batch per statement, and answers how many. */
  async pruneOnce(maxBatches = Number.POSITIVE_INFINITY): Promise<number> {
    let deleted = 0;
    for (let batch = 1; ; batch++) {
      const result = await this.options.pool.query(this.statement, [this.options.keepMs / 1000]);
      const n = result.rowCount ?? 0;
      deleted += n;
      if (n < PRUNE_BATCH || batch >= maxBatches || this.stopping) return deleted;
    }
  }

  private async run(): Promise<void> {
    const everyMs = this.options.everyMs ?? 10 * 60 * 1000;
    let waitMs = everyMs;
    while (!this.stopping) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, waitMs);
      });
      clearTimeout(this.timer);
      this.wake = undefined;
      if (this.stopping) break;
      waitMs = everyMs;
      try {
        const deleted = await this.pruneOnce(PRUNE_BATCHES_PER_TURN);
        if (deleted >= PRUNE_BATCH * PRUNE_BATCHES_PER_TURN) waitMs = 1000;
        if (deleted > 0) this.options.logger.info({ deleted }, 'old idempotency keys deleted');
      } catch (err) {
        this.options.logger.warn({ err }, 'cannot delete old idempotency keys; will try again');
      }
    }
  }
}
