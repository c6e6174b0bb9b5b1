import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from '@planted/logging';
import { CONFIG, LOGGER } from '@planted/service-kit';
import type { BillingConfig } from '../config';
import { SubscriptionsService } from './subscriptions.service';

/**
 * Every BILLING_RENEWAL_CHECK_SECONDS, asks Stripe about subscriptions whose period is over
 * or whose downgrade is scheduled: a missed webhook still ends (or renews) them. Replicas
 * may run it at once; applying a subscription's state is idempotent and locks its row.
 */
@Injectable()
export class RenewalCheck implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
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

  private async run(): Promise<void> {
    try {
      const changed = await this.subscriptions.checkRenewals();
      if (changed > 0) this.logger.info({ changed }, 'renewal check brought subscriptions up to date');
    } catch (err) {
      this.logger.warn({ err }, 'renewal check failed; it runs again at its next interval');
    }
  }
}
