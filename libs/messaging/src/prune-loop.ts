import type { Logger } from '@planted/logging';
import { Sleeper } from './retry';

/** Rows a prune deletes per statement, so no statement holds many locks for long. */
export const PRUNE_BATCH = 1000;
/** Statements per turn: a first prune of a large table goes on at the next turns, a second apart. */
const PRUNE_BATCHES_PER_TURN = 10;

/**
 * Runs `deleteBatch` (one statement deleting at most PRUNE_BATCH rows, answering how many)
 * until a batch comes back short, `maxBatches` ran or `stopping()` says so; answers the total.
 */
export async function pruneInBatches(
  deleteBatch: () => Promise<number>,
  maxBatches = Number.POSITIVE_INFINITY,
  stopping: () => boolean = () => false,
): Promise<number> {
  let deleted = 0;
  for (let batch = 1; ; batch++) {
    const n = await deleteBatch();
    deleted += n;
    if (n < PRUNE_BATCH || batch >= maxBatches || stopping()) return deleted;
  }
}

export interface PruneLoopOptions {
  /** One turn: deletes up to `maxBatches` batches (pruneInBatches) and answers how many rows. */
  prune: (maxBatches: number) => Promise<number>;
  /** How often a turn runs. */
  everyMs: number;
  logger: Logger;
  /** Logged with each line, e.g. { consumer: 'hires-read-model' }. */
  context?: Record<string, unknown>;
  /** What is deleted, for the log: 'old processed_events'. */
  what: string;
}

/** The first turn comes this soon after start (or after everyMs if sooner): a replica restarted more often than everyMs still prunes. */
const FIRST_TURN_MS = 30_000;

/**
 * A housekeeping loop: a first turn shortly after start (out of start-up's way), then a turn
 * every `everyMs`, a second after a full turn (more is waiting); a failed turn is logged and
 * tried again at the next. Every replica runs one; the prunes skip each other's rows
 * (FOR UPDATE SKIP LOCKED) rather than wait for them.
 */
export class PruneLoop {
  private readonly sleeper = new Sleeper();
  private loop: Promise<void> | undefined;
  private stopping = false;

  constructor(private readonly options: PruneLoopOptions) {}

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  /** Resolves once a turn under way, if any, has finished its statement. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.sleeper.wake();
    await this.loop;
    this.loop = undefined;
  }

  /** Whether it is being stopped: a turn under way ends after its current statement. */
  get isStopping(): boolean {
    return this.stopping && this.loop !== undefined;
  }

  private async run(): Promise<void> {
    const { everyMs, logger, context, what } = this.options;
    let waitMs = Math.min(everyMs, FIRST_TURN_MS);
    while (!this.stopping) {
      await this.sleeper.sleep(waitMs);
      if (this.stopping) break;
      waitMs = everyMs;
      try {
        const deleted = await this.options.prune(PRUNE_BATCHES_PER_TURN);
        if (deleted >= PRUNE_BATCH * PRUNE_BATCHES_PER_TURN) waitMs = 1000;
        if (deleted > 0) logger.info({ ...context, deleted }, `${what} deleted`);
      } catch (err) {
        logger.warn({ ...context, err }, `cannot delete ${what}; will try again`);
      }
    }
  }
}
