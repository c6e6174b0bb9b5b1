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
      // nats.js otherwise captures two stack traces (an Error for the caller's async trace and
      // the timeout's error, made in advance) on every request, JetStream's publishes and
      // acks included: the largest cost of the relay's publish in the hires service's profile.
      // A timed-out request still fails with NatsError TIMEOUT, without the caller's frames.
      noAsyncTraces: true,
      ...extra,
    });
  } catch (err) {
    throw new NatsUnavailableError(url, err);
  }
  if (!coalesceWrites(nc))
    logger?.warn('nats.js internals changed: socket writes are not coalesced per event-loop turn');
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

/** The user and password to connect with, when the configuration names them. */
export function natsCredentials(config: {
  NATS_USER?: string;
  NATS_PASSWORD?: string;
}): Partial<ConnectionOptions> {
  if (!config.NATS_USER) return {};
  return {
    user: config.NATS_USER,
    pass: config.NATS_PASSWORD ?? '',
    inboxPrefix: natsInboxPrefix(config.NATS_USER),
  };
}

/**
 * Where a NATS user's replies arrive (its requests' and JetStream's): its own inbox prefix,
 * the only inbox its permissions let it subscribe to. With one shared `_INBOX.>` any process
 * on the bus could read every reply, the session tokens of sign-in included.
 */
export function natsInboxPrefix(user: string): string {
  return `_INBOX_${user}`;
}

export function prefixed(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

/** The parts of nats.js's ProtocolHandler (nats 2.x) that coalesceWrites replaces or uses. */
interface ProtocolInternals {
  sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void;
  flushPending(): void;
  outbound: { fill(buf: Uint8Array, ...payloads: Uint8Array[]): void; size(): number };
  pendingLimit: number;
}

const commandEncoder = new TextEncoder();

/**
 * One socket write per turn of the event loop instead of one per message.
 *
 * nats.js flushes what was published in a microtask. Under load every incoming HTTP
 * request or NATS message runs in its own macrotask, so each request and each reply went
 * out in its own write() and woke nats-server for its own read(): on this 2-core machine
 * those system calls and wake-ups were the biggest cost of a NATS round trip. Here the
 * flush waits for setImmediate, after every I/O callback of the current turn has run,
 * so the messages of that turn leave in one write. At low load a message waits no more
 * than before (the turn is short); the size limit still flushes at once.
 *
 * Replaces sendCommand on this connection's protocol handler only. Answers false, and
 * changes nothing, when nats.js no longer has the expected shape.
 */
export function coalesceWrites(nc: NatsConnection): boolean {
  const protocol = (nc as unknown as { protocol?: Partial<ProtocolInternals> }).protocol;
  if (
    !protocol ||
    typeof protocol.sendCommand !== 'function' ||
    typeof protocol.flushPending !== 'function' ||
    typeof protocol.outbound?.fill !== 'function' ||
    typeof protocol.outbound?.size !== 'function' ||
    typeof protocol.pendingLimit !== 'number'
  ) {
    return false;
  }
  const handler = protocol as ProtocolInternals;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    handler.flushPending();
  };
  handler.sendCommand = (cmd, ...payloads) => {
    handler.outbound.fill(typeof cmd === 'string' ? commandEncoder.encode(cmd) : cmd, ...payloads);
    if (handler.outbound.size() >= handler.pendingLimit) {
      handler.flushPending();
    } else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return true;
}
