import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { claimScheduledRun } from '@planted/db';
import type { Logger } from '@planted/logging';
import { CONFIG, DATABASE, LOGGER } from '@planted/service-kit';
import type { BillingConfig } from '../config';
import type { BillingDatabase } from '../db/database';
import { scheduledRuns } from '../db/schema';
import { SubscriptionsService } from './subscriptions.service';

export const RENEWAL_CHECK_JOB = 'renewal-check';

/**
 * Every BILLING_RENEWAL_CHECK_SECONDS, asks Stripe about subscriptions whose period is over
 * or whose downgrade is scheduled: a missed webhook still ends (or renews) them. Every
 * replica's timer fires, and one of them per interval runs the check (scheduled_runs), so N
 * replicas ask Stripe once, not N times. A replica that dies during its run leaves the next
 * interval's to another; applying a subscription's state is idempotent and locks its row.
 */
@Injectable()
export class RenewalCheck implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.BILLING_RENEWAL_CHECK_SECONDS;
    if (seconds === 0) return;
    this.timer = setInterval(() => {
      this.running ??= this.run().finally(() => (this.running = undefined));
    }, seconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One tick: runs the check when this replica gets this interval's run. Answers whether it ran. */
  async tick(): Promise<boolean> {
    const intervalMs = this.config.BILLING_RENEWAL_CHECK_SECONDS * 1000;
    const mine = await this.database.withSystem((tx) =>
      // Under the subject prefix: systems sharing one database (test runs) each run their own.
      claimScheduledRun(
        tx,
        scheduledRuns,
        `${this.config.NATS_SUBJECT_PREFIX}:${RENEWAL_CHECK_JOB}`,
        intervalMs,
      ),
    );
    if (!mine) return false;
    const changed = await this.subscriptions.checkRenewals();
    if (changed > 0) this.logger.info({ changed }, 'renewal check brought subscriptions up to date');
    return true;
  }

  private async run(): Promise<void> {
    try {
      await this.tick();
    } catch (err) {
      this.logger.warn({ err }, 'renewal check failed; it runs again at its next interval');
    }
  }
}
