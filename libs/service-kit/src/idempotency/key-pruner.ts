import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import { quoteIdentifier } from '@planted/db';
import type { Logger } from '@planted/logging';
import { PRUNE_BATCH, pruneInBatches, PruneLoop, type IdempotentRequestsTable } from '@planted/messaging';

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
  private readonly loop: PruneLoop;

  constructor(private readonly options: IdempotencyKeyPrunerOptions) {
    if (!(options.keepMs > 0)) throw new Error('IdempotencyKeyPruner: keepMs must be positive');
    const { schema, name } = getTableConfig(options.table);
    const table = schema ? `${quoteIdentifier(schema)}.${quoteIdentifier(name)}` : quoteIdentifier(name);
    this.statement = `delete from ${table} where (subject, caller, key) in (
        select subject, caller, key from ${table}
         where created_at < now() - make_interval(secs => $1::float8)
         limit ${PRUNE_BATCH}
         for update skip locked)`;
    this.loop = new PruneLoop({
      prune: (maxBatches) => this.pruneOnce(maxBatches),
      everyMs: options.everyMs ?? 10 * 60 * 1000,
      logger: options.logger,
      what: 'old idempotency keys',
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Resolves once a prune under way, if any, has finished its statement. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Deletes keys older than keepMs, a batch per statement, and answers how many. */
  pruneOnce(maxBatches = Number.POSITIVE_INFINITY): Promise<number> {
    return pruneInBatches(
      async () => (await this.options.pool.query(this.statement, [this.options.keepMs / 1000])).rowCount ?? 0,
      maxBatches,
      () => this.loop.isStopping,
    );
  }
}
