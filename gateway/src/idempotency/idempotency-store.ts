import { createHash, randomUUID } from 'node:crypto';
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

interface Done extends KeptAnswer {
  fingerprint: string;
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

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Whether an answer is the truth about the request, to be given again for its key. */
export function isKept(status: number): boolean {
  // 429 says "later", and 5xx says "not done or not known": a retry must really run.
  return status < 500 && status !== 429;
}

/**
 * Idempotency keys of creating routes in Redis, shared by every gateway replica.
 *
 * Layout: `<prefix>idem:<caller>:<sha256(key)>` where caller is `user:<userId>` for a
 * signed-in caller and `route:<operationId>` otherwise (keys of different users never
 * meet). The value is JSON: `{fingerprint, holder}` while in flight (SET NX, PX
 * IN_FLIGHT_TTL_SECONDS, renewed while the request runs), then `{fingerprint, status, body}`
 * for ANSWER_TTL_SECONDS.
 * fingerprint: sha-256 of the method, path and body, never the body itself (passwords).
 */
export class IdempotencyStore {
  private readonly inFlightTtlMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    options: IdempotencyStoreOptions = {},
  ) {
    this.inFlightTtlMs = options.inFlightTtlMs ?? IN_FLIGHT_TTL_SECONDS * 1000;
  }

  static fingerprint(method: string, url: string, body: unknown): string {
    return sha256(`${method} ${url}\n${JSON.stringify(body ?? null)}`);
  }

  redisKey(caller: string, key: string): string {
    return `${this.keyPrefix}idem:${caller}:${sha256(key)}`;
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
    // Twice at most: the key may expire between a failed SET NX and the GET.
    for (let attempt = 0; attempt < 2; attempt++) {
      const taken = await this.redis.set(redisKey, JSON.stringify(inFlight), 'PX', this.inFlightTtlMs, 'NX');
      if (taken === 'OK') return { kind: 'new', hold: this.hold(redisKey, holder, fingerprint) };
      const raw = await this.redis.get(redisKey);
      if (raw === null) continue;
      const found = JSON.parse(raw) as InFlight | Done;
      if (found.fingerprint !== fingerprint) throw new ServiceError('CONFLICT', IDEMPOTENCY.KEY_REUSED);
      if (!('status' in found)) throw new ServiceError('CONFLICT', IDEMPOTENCY.IN_FLIGHT);
      return { kind: 'replay', answer: { status: found.status, body: found.body } };
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
        const done: Done = { fingerprint, status, body };
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
