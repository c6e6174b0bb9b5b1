import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { MessageHandler } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { coalesceWrites, prefixed } from './nats-connection';

/** Queue group used when none is configured; subjects differ per service, so one name serves all. */
export const DEFAULT_QUEUE_GROUP = 'planted';

/**
 * Nest's NATS server with every subject under a prefix (one per test run or
 * environment), so several systems can share one NATS server without answering
 * each other's requests. Handlers always subscribe in a queue group (`options.queue`,
 * else DEFAULT_QUEUE_GROUP): without one every replica would run each request, and a
 * create would happen once per replica.
 */
export class PrefixedNatsServer extends ServerNats {
  constructor(
    options: NatsOptions['options'],
    private readonly subjectPrefix: string,
  ) {
    super({ ...options, queue: options?.queue ?? DEFAULT_QUEUE_GROUP });
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

  /** Nest's own connection, with socket writes coalesced as connectNats does. */
  override async createNatsClient(): Promise<NatsConnection> {
    const nc = (await super.createNatsClient()) as NatsConnection;
    coalesceWrites(nc);
    return nc;
  }

  /**
   * Nest first tries JSON.parse on every incoming subject, which throws (and builds a stack
   * trace) for every plain subject such as ours. Only a JSON pattern starts with '{'.
   */
  override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }
}
