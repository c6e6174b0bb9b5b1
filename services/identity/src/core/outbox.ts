import { Inject, Injectable, Optional } from '@nestjs/common';
import type { EventPayloadOf, EventSubject } from '@planted/contracts';
import { addToOutbox } from '@planted/messaging';
import type { IdentityTx } from '../db/database';
import { outbox } from '../db/schema';
import { OUTBOX_RELAY } from './tokens';

/** The part of the outbox relay a service needs: a nudge after a commit that wrote events. */
export interface RelayNudge {
  notify(): void;
}

/** Domain events written in the transaction of the change they describe (transactional outbox). */
@Injectable()
export class OutboxService {
  constructor(@Optional() @Inject(OUTBOX_RELAY) private readonly relay?: RelayNudge | null) {}

  record<E extends EventSubject>(
    tx: IdentityTx,
    event: E,
    payload: EventPayloadOf<E>,
    customerId: string,
  ): Promise<string> {
    return addToOutbox(tx, outbox, event, payload, { customerId });
  }

  /** Call after the commit: the relay publishes now instead of at its next poll. */
  committed(): void {
    this.relay?.notify();
  }
}
