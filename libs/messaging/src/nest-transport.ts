import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { MessageHandler } from '@nestjs/microservices';
import { prefixed } from './nats-connection';

/**
 * Nest's NATS server with every subject under a prefix (one per test run or
 * environment), so several systems can share one NATS server without answering
 * each other's requests. Handlers subscribe in a queue group per service, so running
 * more replicas spreads the load.
 */
export class PrefixedNatsServer extends ServerNats {
  constructor(
    options: NatsOptions['options'],
    private readonly subjectPrefix: string,
  ) {
    super(options ?? {});
  }

  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler = false,
    extras: Record<string, unknown> = {},
  ): void {
    const name = typeof pattern === 'string' ? pattern : JSON.stringify(pattern);
    super.addHandler(prefixed(this.subjectPrefix, name), callback, isEventHandler, extras);
  }
}
