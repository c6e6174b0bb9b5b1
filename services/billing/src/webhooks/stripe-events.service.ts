import { Inject, Injectable } from '@nestjs/common';
import { StripeEventReceived, type StripeEventPayload } from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { DATABASE, LOGGER, OutboxService } from '@planted/service-kit';
import type { BillingDatabase } from '../db/database';
import { stripeEvents } from '../db/schema';

/** The card-provider events billing acts on; the rest are acknowledged and dropped. */
export const HANDLED_STRIPE_EVENTS: readonly string[] = [
  'checkout.session.completed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
];

/**
 * The webhook's intake: each event id is taken in once (stripe_events), and in the same
 * transaction handed to billing's own consumer through the outbox, so the answer to Stripe
 * is quick and the change is applied, and retried, after it.
 */
@Injectable()
export class StripeEventsService {
  constructor(
    @Inject(DATABASE) private readonly database: BillingDatabase,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly outbox: OutboxService,
  ) {}

  async receive(event: StripeEventPayload): Promise<{ received: true; duplicate: boolean }> {
    const taken = await this.database.withSystem(async (tx) => {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ eventId: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ eventId: stripeEvents.eventId });
      if (inserted.length === 0) return false;
      if (HANDLED_STRIPE_EVENTS.includes(event.type))
        await this.outbox.record(tx, StripeEventReceived, { event }, null);
      return true;
    });
    if (taken) this.outbox.committed();
    this.logger.info({ eventId: event.id, type: event.type, duplicate: !taken }, 'Stripe event received');
    return { received: true, duplicate: !taken };
  }
}
