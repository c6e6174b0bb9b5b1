import type { Logger } from '@planted/logging';
import type { FileStorage } from './storage';

export const RETIRED_FILES = Symbol('RETIRED_FILES');

/**
 * Stored files that a newer upload replaced (an equipment image, a profile picture), deleted
 * once a grace period is over rather than at once: a page already on screen, an answer still
 * cached, or another service's read model that has not yet heard of the change may show the
 * old URL for a while, and would show a broken picture. A stopping gateway deletes what it
 * still holds, so nothing is left behind on a clean stop.
 */
export class RetiredFiles {
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly storage: FileStorage,
    /** 0 deletes at once. */
    private readonly graceMs: number,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  /** Deletes the file `key` after the grace period (at once when it is 0). */
  async retire(key: string): Promise<void> {
    if (this.graceMs <= 0) return this.remove(key);
    if (this.pending.has(key)) return;
    const timer = setTimeout(() => {
      this.pending.delete(key);
      void this.remove(key);
    }, this.graceMs);
    timer.unref();
    this.pending.set(key, timer);
  }

  /** How many files wait for their grace period to end. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Deletes every file still waiting, now (the gateway is stopping). */
  async flush(): Promise<void> {
    const keys = [...this.pending.keys()];
    for (const key of keys) clearTimeout(this.pending.get(key));
    this.pending.clear();
    for (const key of keys) await this.remove(key);
  }

  private async remove(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (err) {
      this.logger.warn({ err, key }, 'could not delete a replaced file');
    }
  }
}
