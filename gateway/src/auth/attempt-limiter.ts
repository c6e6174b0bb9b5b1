import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RATE_LIMIT_MESSAGES, waitText } from '@planted/contracts';
import { RateLimitedError } from '../errors/http-exception.filter';

export interface AttemptLimits {
  /** How long failures are remembered. */
  windowSeconds: number;
  /** Failures one source may make against one account before each try waits longer. */
  freeFailuresPerPair: number;
  /** Failures one source may make in a window, whatever the accounts. */
  perSource: number;
  /** Failures against one account in a window after which sources that failed on it must wait. */
  perAccount: number;
  /** The longest wait between tries of one source on one account. */
  maxBackoffSeconds: number;
  keyPrefix: string;
}

/** The longest a pair's try holds its lock (a gateway that dies mid-try frees it by then). */
const PAIR_LOCK_MS = 30_000;

const hash = (value: string) =>
  createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Limits guesses so that the attacker's failures slow the attacker, not the account's owner
 * (OWASP authentication guidance). Failures are counted per account and source together:
 * after a few, each further try from that source waits twice as long as the last. A source
 * spraying many accounts meets its own limit. When an account is under attack from many
 * sources, only sources that already failed on it are held back: the owner, signing in from
 * a device that has not failed, still gets in with the right password. Success clears the
 * pair. Counters live in Redis, shared by every gateway replica.
 */
export class AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly limits: AttemptLimits,
    private readonly message: (seconds: number) => string,
  ) {}

  private keys(source: string, account: string) {
    const base = `${this.limits.keyPrefix}rl:${this.name}:`;
    const accountId = hash(account);
    return {
      pair: `${base}pair:${accountId}:${source}`,
      source: `${base}source:${source}`,
      account: `${base}account:${accountId}`,
    };
  }

  /** Throws RateLimitedError (429 with Retry-After) when this source must wait before trying this account. */
  async check(source: string, account: string, now = Date.now()): Promise<void> {
    const keys = this.keys(source, account);
    const [pair, sourceFailures, sourceTtl, accountFailures, accountTtl] = await Promise.all([
      this.redis.hmget(keys.pair, 'failures', 'last'),
      this.redis.get(keys.source),
      this.redis.ttl(keys.source),
      this.redis.get(keys.account),
      this.redis.ttl(keys.account),
    ]);
    const pairFailures = Number(pair[0] ?? 0);
    const last = Number(pair[1] ?? 0);
    let wait = 0;
    const beyond = pairFailures - this.limits.freeFailuresPerPair;
    if (beyond >= 0) {
      const backoff = Math.min(2 ** beyond, this.limits.maxBackoffSeconds);
      wait = Math.max(wait, Math.ceil((last + backoff * 1000 - now) / 1000));
    }
    if (Number(sourceFailures ?? 0) >= this.limits.perSource) wait = Math.max(wait, sourceTtl);
    if (pairFailures > 0 && Number(accountFailures ?? 0) >= this.limits.perAccount) {
      // A source that failed on an attacked account waits a minute, doubling with its failures,
      // from its last failure; the wait ends sooner when the account's count lapses.
      const penalty = Math.min(this.limits.maxBackoffSeconds, 60 * 2 ** Math.min(pairFailures, 4));
      let left = Math.ceil((last + penalty * 1000 - now) / 1000);
      if (accountTtl > 0) left = Math.min(left, accountTtl);
      wait = Math.max(wait, left);
    }
    if (wait > 0) throw new RateLimitedError(this.message(wait), wait);
  }

  /** Counts a failed try (a wrong password, an email already in use, …). */
  async fail(source: string, account: string, now = Date.now()): Promise<void> {
    const keys = this.keys(source, account);
    const window = this.limits.windowSeconds;
    await this.redis
      .multi()
      .hincrby(keys.pair, 'failures', 1)
      .hset(keys.pair, 'last', String(now))
      .expire(keys.pair, window)
      .incr(keys.source)
      .expire(keys.source, window, 'NX')
      .incr(keys.account)
      .expire(keys.account, window, 'NX')
      .exec();
  }

  /** A success: this source knows the secret, so its failures on this account are forgotten. */
  async succeed(source: string, account: string): Promise<void> {
    await this.redis.del(this.keys(source, account).pair);
  }

  /**
   * Runs `attempt` between a check and the bookkeeping of its outcome, one at a time per source
   * and account: tries sent together would all pass the check before any failure was counted
   * (a burst of 15 wrong passwords got 8 guesses where 5 are free). A try while another of the
   * same pair runs waits a second (429); the lock lapses by itself if a gateway dies holding it.
   */
  async guard<T>(
    source: string,
    account: string,
    attempt: () => Promise<T>,
    isFailure: (err: unknown) => boolean,
  ) {
    const busy = `${this.keys(source, account).pair}:busy`;
    if ((await this.redis.set(busy, '1', 'PX', PAIR_LOCK_MS, 'NX')) !== 'OK')
      throw new RateLimitedError(this.message(1), 1);
    try {
      await this.check(source, account);
      try {
        const result = await attempt();
        await this.succeed(source, account);
        return result;
      } catch (err) {
        if (isFailure(err)) await this.fail(source, account);
        throw err;
      }
    } finally {
      await this.redis.del(busy);
    }
  }
}

/**
 * At most `limit` calls per key in a fixed window, whatever their outcome: for calls that cost
 * something each time (an email sent from our address, a paid AI call), which failures-only
 * counting (AttemptLimiter) would let through without end.
 */
export class CallQuota {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowSeconds: number,
    private readonly keyPrefix: string,
  ) {}

  /** Counts one call; throws RateLimitedError (429 with Retry-After) past the limit. */
  async take(key: string): Promise<void> {
    const counter = `${this.keyPrefix}quota:${this.name}:${hash(key)}`;
    const results = await this.redis
      .multi()
      .incr(counter)
      .expire(counter, this.windowSeconds, 'NX')
      .ttl(counter)
      .exec();
    const count = Number(results?.[0]?.[1] ?? 0);
    const ttl = Math.max(1, Number(results?.[2]?.[1] ?? this.windowSeconds));
    if (count > this.limit) throw new RateLimitedError(tooManyAttempts(ttl), ttl);
  }
}

/** Invitation emails (new and resent) one company may send in an hour. */
export const INVITATION_EMAILS_PER_HOUR = 30;
/**
 * Invitation emails one address may be sent in an hour, whichever companies invite it: with
 * the company quota alone, several companies (registered in a minute) could each mail one
 * address 30 times an hour (audit AW-2).
 */
export const INVITATIONS_PER_RECIPIENT_PER_HOUR = 5;
/** Times one invitation may be sent again in an hour. */
export const RESENDS_PER_INVITATION_PER_HOUR = 5;
/** AI descriptions one user may ask for in an hour. */
export const DESCRIPTIONS_PER_HOUR = 30;

export { waitText };

export const tooManyLoginAttempts = RATE_LIMIT_MESSAGES.TOO_MANY_LOGIN_ATTEMPTS;

export const tooManyAttempts = RATE_LIMIT_MESSAGES.TOO_MANY_ATTEMPTS;

export interface Limiters {
  /** Wrong passwords at sign-in, per email and source address. */
  login: AttemptLimiter;
  /** Wrong current passwords, per user and source address. */
  changePassword: AttemptLimiter;
  /** Registrations refused because the email has an account, per source address. */
  register: AttemptLimiter;
  /** Invitations refused because the email has an account, per inviting user. */
  invite: AttemptLimiter;
  /** Profile email changes refused because the email has an account, per user. */
  profileEmail: AttemptLimiter;
  /** Reset emails asked for, per email and source address: every request counts. */
  forgotPassword: AttemptLimiter;
  /** Reset tokens refused, per source address. */
  resetPassword: AttemptLimiter;
  /** Invitation emails sent (new and resent), per company. */
  invitationEmails: CallQuota;
  /** New invitations, per invited address (every company's). */
  invitationRecipients: CallQuota;
  /** Invitations sent again, per invitation. */
  invitationResends: CallQuota;
  /** AI descriptions asked for, per user. */
  descriptions: CallQuota;
}

export const LIMITERS = Symbol('LIMITERS');

export function createLimiters(
  redis: Redis,
  config: { windowSeconds: number; perIp: number; perEmail: number; keyPrefix: string },
): Limiters {
  const base = { windowSeconds: config.windowSeconds, maxBackoffSeconds: 900, keyPrefix: config.keyPrefix };
  return {
    login: new AttemptLimiter(
      redis,
      'login',
      { ...base, freeFailuresPerPair: 5, perSource: config.perIp, perAccount: config.perEmail },
      tooManyLoginAttempts,
    ),
    changePassword: new AttemptLimiter(
      redis,
      'change-password',
      { ...base, freeFailuresPerPair: 5, perSource: 20, perAccount: 10 },
      tooManyAttempts,
    ),
    // An "email already in use" answer tells whether an address has an account: a source
    // may hear it only a few times per window.
    register: new AttemptLimiter(
      redis,
      'register',
      { ...base, freeFailuresPerPair: 3, perSource: 10, perAccount: 10 },
      tooManyAttempts,
    ),
    invite: new AttemptLimiter(
      redis,
      'invite',
      { ...base, freeFailuresPerPair: 3, perSource: 10, perAccount: 10 },
      tooManyAttempts,
    ),
    profileEmail: new AttemptLimiter(
      redis,
      'profile-email',
      { ...base, freeFailuresPerPair: 3, perSource: 10, perAccount: 10 },
      tooManyAttempts,
    ),
    // Each request may send an email: a few per address from one source, and few overall.
    forgotPassword: new AttemptLimiter(
      redis,
      'forgot-password',
      { ...base, freeFailuresPerPair: 3, perSource: 20, perAccount: 5 },
      tooManyAttempts,
    ),
    resetPassword: new AttemptLimiter(
      redis,
      'reset-password',
      { ...base, freeFailuresPerPair: 10, perSource: 20, perAccount: 1000 },
      tooManyAttempts,
    ),
    invitationEmails: new CallQuota(
      redis,
      'invitation-emails',
      INVITATION_EMAILS_PER_HOUR,
      3600,
      config.keyPrefix,
    ),
    invitationRecipients: new CallQuota(
      redis,
      'invitation-recipients',
      INVITATIONS_PER_RECIPIENT_PER_HOUR,
      3600,
      config.keyPrefix,
    ),
    invitationResends: new CallQuota(
      redis,
      'invitation-resends',
      RESENDS_PER_INVITATION_PER_HOUR,
      3600,
      config.keyPrefix,
    ),
    descriptions: new CallQuota(redis, 'descriptions', DESCRIPTIONS_PER_HOUR, 3600, config.keyPrefix),
  };
}

/** True for a ServiceError with one of these codes. */
export const failsWith =
  (...codes: string[]) =>
  (err: unknown): boolean =>
    typeof err === 'object' && err !== null && codes.includes((err as { code?: string }).code ?? '');
