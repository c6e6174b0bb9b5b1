import { connect, type ConnectionOptions, type NatsConnection } from 'nats';
import type { Logger } from '@planted/logging';

export class NatsUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `Cannot reach NATS at ${url} (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Is nats-server running with JetStream? Start it with: nats-server -js',
    );
    this.name = 'NatsUnavailableError';
  }
}

/**
 * Connects with unlimited reconnects once up. The first connection must succeed within
 * `timeoutMs`, otherwise a NatsUnavailableError with a readable message is thrown.
 */
export async function connectNats(
  url: string,
  name: string,
  logger?: Logger,
  extra: Partial<ConnectionOptions> = {},
): Promise<NatsConnection> {
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: url.split(','),
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      timeout: 3000,
      ...extra,
    });
  } catch (err) {
    throw new NatsUnavailableError(url, err);
  }
  if (logger) {
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') {
          logger.warn({ nats: s.type, data: String(s.data) }, `NATS ${s.type}`);
        }
      }
    })().catch(() => undefined);
  }
  return nc;
}

export function prefixed(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}
