import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { IDEMPOTENCY, ServiceError } from '@planted/contracts';

/** How long an answer is kept with its key (design.md: the same key answers the first result). */
export const ANSWER_TTL_SECONDS = 24 * 60 * 60;

/**
 * How long a key stays "in flight" after its gateway last said it is still at work: while
 * the request runs the gateway renews the hold every third of this (however long the
 * request takes), so a gateway that dies mid-request lets the client retry within seconds.
 * The retry is safe: the key travels on to the service, which answers a request it has
 * already done with its first answer.
 */
export const IN_FLIGHT_TTL_SECONDS = 6;

export interface IdempotencyStoreOptions {
  /** IN_FLIGHT_TTL_SECONDS by default. */
  inFlightTtlMs?: number;
}

/** A kept answer: what the first request was answered. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

interface InFlight {
  fingerprint: string;
  /** Which request holds the key, so only it ends its hold. */
  holder: string;
}

/** A kept answer as Redis holds it: the body sealed (AES-256-GCM), never in clear. */
interface Done {
  fingerprint: string;
  status: number;
  /** base64 of iv (12 bytes), tag (16) and ciphertext of the body's JSON; its Redis key is the associated data. */
  sealed: string;
}

/** What `begin` found: go on (and `finish` later), or answer what the first request was answered. */
export type Begun = { kind: 'new'; hold: Hold } | { kind: 'replay'; answer: KeptAnswer };

export interface Hold {
  /** Keeps the answer for ANSWER_TTL_SECONDS, or lets the key go (5xx, 429) so a retry really retries. */
  finish(status: number, body: unknown): Promise<void>;
}

// Renews the in-flight marker of this holder only (not an answer, not another's hold).
const RENEW_IF_HELD = `
local current = redis.call('get', KEYS[1])
if not current then return 0 end
local ok, value = pcall(cjson.decode, current)
if not ok or value.holder ~= ARGV[1] or value.status ~= nil then return 0 end
redis.call('pexpire', KEYS[1], ARGV[2])
return 1`;

// Compare-and-set: a hold whose in-flight marker expired and was taken over changes nothing.
const SET_IF_HELD = `
local current = redis.call('get', KEYS[1])
if not current then return 0 end
local ok, value = pcall(cjson.decode, current)
if not ok or value.holder ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('del', KEYS[1]) else redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3]) end
return 1`;

/**
 * The store's two keys, derived (HKDF-SHA256) from a secret every gateway replica holds and
 * Redis does not (the gateway's assertion key: GatewayAssertionSigner.secretMaterial): one seals kept
 * answers, one keys the HMACs of fingerprints and of clients' keys.
 */
function storeKeys(secret: Uint8Array): { seal: Buffer; mac: Buffer } {
  const derive = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `planted idempotency ${purpose} v1`, 32));
  return { seal: derive('answers'), mac: derive('fingerprints') };
}

// Drops a kept answer that does not open, unless it changed meanwhile: 1 when it did.
const DELETE_IF_SAME = `
if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('del', KEYS[1]) return 1 end
return 0`;

/** An answer kept in clear by an earlier version: a status and no seal. */
function isUnsealedAnswer(raw: string): boolean {
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    return 'status' in value && typeof value.sealed !== 'string';
  } catch {
    return false;
  }
}

/** Whether an answer is the truth about the request, to be given again for its key. */
export function isKept(status: number): boolean {
  // 429 says "later", and 5xx says "not done or not known": a retry must really run.
  return status < 500 && status !== 429;
}

/**
 * Idempotency keys of creating routes in Redis, shared by every gateway replica.
 *
 * Layout: `<prefix>idem:<caller>:<hmac(key)>` where caller is `user:<userId>` for a
 * signed-in caller and `route:<operationId>` otherwise (keys of different users never
 * meet). The value is JSON: `{fingerprint, holder}` while in flight (SET NX, PX
 * IN_FLIGHT_TTL_SECONDS, renewed while the request runs), then `{fingerprint, status, sealed}`
 * for ANSWER_TTL_SECONDS.
 *
 * Nothing in Redis tells what a request or its answer held (audit AJ-1: an answer to a
 * sign-up carries its session token, others carry a company's records, and Redis is
 * reached by whoever reaches its port): the fingerprint is an HMAC of the method, path and
 * body, and the answer's body is sealed with AES-256-GCM, bound to its Redis key (moved
 * under another key by whoever can write to Redis, it does not open, and is dropped). After
 * the gateway's key changes, earlier answers are not found at all (the keys' names change
 * with it) and expire; a retry then runs again, and the service's own record of the key
 * answers it as the first time.
 */
export class IdempotencyStore {
  private readonly inFlightTtlMs: number;
  private readonly keys: { seal: Buffer; mac: Buffer };

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    /** A secret of at least 32 bytes every gateway replica shares, and Redis does not (the assertion key's, GatewayAssertionSigner.secretMaterial). */
    secret: Uint8Array,
    options: IdempotencyStoreOptions = {},
  ) {
    if (secret.byteLength < 32) throw new Error('The idempotency store needs a secret of at least 32 bytes');
    this.keys = storeKeys(secret);
    this.inFlightTtlMs = options.inFlightTtlMs ?? IN_FLIGHT_TTL_SECONDS * 1000;
  }

  /**
   * Deletes the answers an earlier version kept in clear (`{fingerprint, status, body}`, under
   * keys named by a plain digest that this version never looks up, so they would stay readable
   * until they expire: audit AL-1). Run once at start; answers sealed and keys in flight stay.
   * Resolves the number deleted.
   */
  async dropUnsealed(): Promise<number> {
    let dropped = 0;
    const stream = this.redis.scanStream({ match: `${this.keyPrefix}idem:*`, count: 500 });
    for await (const batch of stream as AsyncIterable<string[]>) {
      if (batch.length === 0) continue;
      const values = await this.redis.mget(...batch);
      for (const [i, raw] of values.entries()) {
        if (raw === null || !isUnsealedAnswer(raw)) continue;
        dropped += Number(await this.redis.eval(DELETE_IF_SAME, 1, batch[i], raw));
      }
    }
    return dropped;
  }

  /** What makes two requests the same: their method, path and body, as an HMAC (never the body itself: passwords). */
  fingerprint(method: string, url: string, body: unknown): string {
    return this.mac(`${method} ${url}\n${JSON.stringify(body ?? null)}`);
  }

  redisKey(caller: string, key: string): string {
    return `${this.keyPrefix}idem:${caller}:${this.mac(key)}`;
  }

  private mac(value: string): string {
    return createHmac('sha256', this.keys.mac).update(value).digest('hex');
  }

  private seal(redisKey: string, body: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.seal, iv);
    cipher.setAAD(Buffer.from(redisKey));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(body ?? null), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  /** The body sealed under redisKey, or undefined when it does not open with this store's key (or has no seal). */
  private open(redisKey: string, sealed: unknown): { body: unknown } | undefined {
    if (typeof sealed !== 'string') return undefined;
    try {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.keys.seal, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(redisKey));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      return { body: JSON.parse(text) as unknown };
    } catch {
      return undefined;
    }
  }

  /**
   * Takes the key for this request, or finds the answer of the first request with it.
   * Throws CONFLICT when the key came with another request, or while the first one is
   * still in flight.
   */
  async begin(caller: string, key: string, fingerprint: string): Promise<Begun> {
    const redisKey = this.redisKey(caller, key);
    const holder = randomUUID();
    const inFlight: InFlight = { fingerprint, holder };
    // Twice at most: the key may expire between a failed SET NX and the GET (or an answer
    // that does not open be dropped).
    for (let attempt = 0; attempt < 2; attempt++) {
      const taken = await this.redis.set(redisKey, JSON.stringify(inFlight), 'PX', this.inFlightTtlMs, 'NX');
      if (taken === 'OK') return { kind: 'new', hold: this.hold(redisKey, holder, fingerprint) };
      const raw = await this.redis.get(redisKey);
      if (raw === null) continue;
      const found = JSON.parse(raw) as InFlight | Done;
      if (found.fingerprint !== fingerprint) throw new ServiceError('CONFLICT', IDEMPOTENCY.KEY_REUSED);
      if (!('status' in found)) throw new ServiceError('CONFLICT', IDEMPOTENCY.IN_FLIGHT);
      const opened = this.open(redisKey, found.sealed);
      if (opened) return { kind: 'replay', answer: { status: found.status, body: opened.body } };
      await this.redis.eval(DELETE_IF_SAME, 1, redisKey, raw);
    }
    throw new ServiceError('CONFLICT', IDEMPOTENCY.IN_FLIGHT);
  }

  private hold(redisKey: string, holder: string, fingerprint: string): Hold {
    // A failed renewal (Redis away for a moment) is tried again at the next tick; if the
    // marker lapses meanwhile, a retry may run beside this request, and the service's own
    // record of the key still answers both the same.
    const renew = setInterval(() => {
      this.redis.eval(RENEW_IF_HELD, 1, redisKey, holder, this.inFlightTtlMs).catch(() => undefined);
    }, this.inFlightTtlMs / 3);
    renew.unref();
    return {
      finish: async (status, body) => {
        clearInterval(renew);
        const done: Done = { fingerprint, status, sealed: this.seal(redisKey, body) };
        await this.redis.eval(
          SET_IF_HELD,
          1,
          redisKey,
          holder,
          isKept(status) ? JSON.stringify(done) : '',
          ANSWER_TTL_SECONDS,
        );
      },
    };
  }
}
