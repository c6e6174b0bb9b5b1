import { Inject, Injectable, Optional } from '@nestjs/common';
import type { EventPayloadOf, EventSubject } from '@planted/contracts';
import { addToOutbox, type OutboxTable } from '@planted/messaging';
import { OUTBOX_RELAY, OUTBOX_TABLE } from './tokens';

/** The part of the outbox relay a service needs: a nudge after a commit that wrote events. */
export interface RelayNudge {
  notify(): void;
}

/** Domain events written in the transaction of the change they describe (transactional outbox). */
@Injectable()
export class OutboxService {
  constructor(
    @Inject(OUTBOX_TABLE) private readonly table: OutboxTable,
    @Optional() @Inject(OUTBOX_RELAY) private readonly relay?: RelayNudge | null,
  ) {}

  /** tx: the service's transaction (withTenant, withSystem) that makes the change. */
  record<E extends EventSubject>(
    tx: object,
    event: E,
    payload: EventPayloadOf<E>,
    /** The company the event is about; null for an event about no company. */
    customerId: string | null,
  ): Promise<string> {
    return addToOutbox(tx, this.table, event, payload, { customerId });
  }

  /** Call after the commit: the relay publishes now instead of at its next poll. */
  committed(): void {
    this.relay?.notify();
  }
}
