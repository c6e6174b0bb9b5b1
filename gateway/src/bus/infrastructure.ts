import { readFile } from 'node:fs/promises';
import { Redis } from 'ioredis';
import type { JSONWebKeySet } from 'jose';
import type { NatsConnection } from 'nats';
import {
  connectNats,
  GatewayAssertionSigner,
  loadPublicKeys,
  natsCredentials,
  NatsTypedClient,
  requireEventSigner,
  type RequestObserver,
  type EventSigner,
} from '@planted/messaging';
import type { Logger } from '@planted/logging';
import type { GatewayConfig } from '../config';

export class RedisUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `Cannot reach Redis at ${url} (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Set REDIS_URL, or start Redis: redis-server --daemonize yes',
    );
    this.name = 'RedisUnavailableError';
  }
}

const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Errors ioredis raises when Redis cannot be reached, as opposed to a command Redis refused. */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'MaxRetriesPerRequestError') return true;
  return /Stream isn't writeable|Command timed out|Connection is closed|ECONNREFUSED|ECONNRESET/.test(
    err.message,
  );
}

export interface GatewayInfrastructure {
  nc: NatsConnection;
  bus: NatsTypedClient;
  redis: Redis;
  /** Identity's public keys, pinned in the configuration (SESSION_PUBLIC_KEYS). */
  sessionKeys: JSONWebKeySet;
  /** Checks the signature of identity's session revocations (EVENT_SIGNING_SECRET). */
  eventSigner: EventSigner;
  /** Every replica's and nobody else's: what the idempotency store's keys are derived from. */
  gatewaySecret: Buffer;
  close(): Promise<void>;
}

/** The key the gateway signs its bus assertions with: GATEWAY_PRIVATE_KEY, else GATEWAY_KEY_FILE. */
async function loadAssertionSigner(config: GatewayConfig): Promise<GatewayAssertionSigner> {
  if (config.GATEWAY_PRIVATE_KEY)
    return GatewayAssertionSigner.fromPem(config.GATEWAY_PRIVATE_KEY, 'GATEWAY_PRIVATE_KEY');
  if (!config.GATEWAY_KEY_FILE)
    throw new Error(
      'No bus assertion key: set GATEWAY_PRIVATE_KEY (PKCS8 PEM) or GATEWAY_KEY_FILE (a path to one)',
    );
  let pem: string;
  try {
    pem = await readFile(config.GATEWAY_KEY_FILE, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read GATEWAY_KEY_FILE ${config.GATEWAY_KEY_FILE}: ${(err as Error).message}`);
  }
  return GatewayAssertionSigner.fromPem(pem, `GATEWAY_KEY_FILE (${config.GATEWAY_KEY_FILE})`);
}

/**
 * Loads the bus keys, connects to NATS and Redis, failing fast with a readable message
 * when a key is missing or either is down.
 */
export async function connectInfrastructure(
  config: GatewayConfig,
  logger: Logger,
  observer?: RequestObserver,
): Promise<GatewayInfrastructure> {
  const signer = await loadAssertionSigner(config);
  // Pinned: a key set fetched over NATS could come from any process on the bus.
  const sessionKeys = await loadPublicKeys(config, 'SESSION_PUBLIC_KEYS');
  if (!sessionKeys)
    throw new Error(
      "No session token keys: set SESSION_PUBLIC_KEYS (identity's public key, PEM or JWKS) or SESSION_PUBLIC_KEYS_FILE",
    );
  // A revocation anybody on the bus could have made would let them end any user's sessions.
  const eventSigner = await requireEventSigner(config);
  const nc = await connectNats(config.NATS_URL, 'gateway', logger, natsCredentials(config));
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    // While Redis is away a command fails at once (and a hung one after 500 ms) rather
    // than waiting in a queue: the caller answers 503 within a second (issue 8).
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  redis.on('error', (err) => logger.warn({ err: err.message }, 'Redis error'));
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    await nc.close();
    throw new RedisUnavailableError(config.REDIS_URL, err);
  }
  const bus = new NatsTypedClient(nc, config.NATS_SUBJECT_PREFIX, config.NATS_REQUEST_TIMEOUT_MS, signer, {
    observer,
    traceScope: 'gateway',
  });
  return {
    nc,
    bus,
    redis,
    sessionKeys,
    eventSigner,
    gatewaySecret: signer.secretMaterial(),
    async close() {
      await nc.drain().catch(() => undefined);
      // While NATS is away, nats.js's drain resolves yet leaves the connection dialling: only
      // closing stops the reconnect attempts, which would keep the process alive.
      if (!nc.isClosed()) await nc.close();
      redis.disconnect();
    },
  };
}
