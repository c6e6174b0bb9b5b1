import {
  DeliverPolicy,
  ErrorCode,
  type ConsumerMessages,
  type JetStreamManager,
  type NatsConnection,
  type NatsError,
} from 'nats';
import {
  revokes,
  sessionRevocationSchema,
  SessionsRevoked,
  type EventEnvelope,
  type SessionClaims,
  type SessionRevocation,
} from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { prefixed } from './nats-connection';
import { apiErrorCode, STREAM_NOT_FOUND, streamName } from './streams';
import { EVENT_SIGNATURE_HEADER, type EventSigner } from './trust/event-signature';

/** identity's event stream (its service definition's `events.name`), which carries SessionsRevoked. */
export const IDENTITY_EVENT_STREAM = 'IDENTITY';

const RETRY_MS = 2000;
const PRUNE_EVERY_MS = 60_000;

/**
 * nats.js's direct get (JetStreamManager's `direct`, there since nats.js 2.9 but left out of
 * its type): `last_by_subj` goes in the API subject, `$JS.API.DIRECT.GET.<stream>.<subject>`.
 */
function directApi(jsm: JetStreamManager): {
  getMessage(stream: string, query: { last_by_subj: string }): Promise<{ seq: number; time: Date }>;
} {
  const { direct } = jsm as Partial<Record<'direct', ReturnType<typeof directApi>>>;
  if (!direct) throw new Error('This nats.js has no direct get (JetStreamManager.direct)');
  return direct;
}

export interface SessionRevocationsOptions {
  nc: NatsConnection;
  subjectPrefix: string;
  /** How far back revocations are read at start: at least the longest token lifetime (JWT_TTL). */
  lookbackSeconds: number;
  logger: Logger;
  /** Checks each revocation's signature: one anybody on the bus made is ignored. */
  signer: EventSigner;
  /** How long start() waits to catch up before failing. Default 10 s. */
  startTimeoutMs?: number;
  now?: () => number;
}

/**
 * The sessions that ended before their tokens expired (logout, password change or reset,
 * role change, removal), kept in memory from identity's SessionsRevoked events so that a
 * token check answers `isRevoked` without a round trip. start() reads the events of the
 * last `lookbackSeconds` (so a process that starts after a revocation still knows it)
 * and resolves once caught up; afterwards new revocations arrive within milliseconds of
 * identity's commit. Entries are forgotten once every token they concern has expired.
 *
 * Used by SessionTokenVerifier, in the gateway and in every service (the service kit):
 * `await revocations.start()` at boot, then `revocations.isRevoked(claims)` on each request.
 */
export class SessionRevocations {
  /** `${userId}:${sessionId}` -> until when (epoch s) it matters. */
  private readonly sessions = new Map<string, number>();
  /** userId -> the latest "issued before validAfter is revoked" and until when it matters. */
  private readonly users = new Map<string, { validAfter: number; expiresAt: number }>();
  private messages?: ConsumerMessages;
  private retry?: NodeJS.Timeout;
  private pruner?: NodeJS.Timeout;
  private stopped = false;
  private readonly now: () => number;
  /** Callers of whenRevoked still waiting for their session's revocation to arrive. */
  private readonly waiting = new Set<{ claims: SessionClaims; done: (revoked: boolean) => void }>();

  constructor(private readonly options: SessionRevocationsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether the session of these (already verified) token claims has ended. */
  isRevoked(claims: SessionClaims): boolean {
    const seconds = Math.floor(this.now() / 1000);
    if (claims.sessionId) {
      const until = this.sessions.get(`${claims.userId}:${claims.sessionId}`);
      if (until !== undefined && until >= seconds) return true;
    }
    const user = this.users.get(claims.userId);
    return (
      user !== undefined &&
      user.expiresAt >= seconds &&
      revokes({ kind: 'user', userId: claims.userId, ...user }, claims)
    );
  }

  /**
   * Resolves true as soon as the session of these claims is known to have ended (at once
   * when it already is), or false after `timeoutMs` without that. The gateway waits so on
   * the routes that end the caller's session (logout, password change): identity commits
   * the revocation before it answers, but its event reaches this process a few milliseconds
   * later, and the same token must not be taken in between.
   */
  whenRevoked(claims: SessionClaims, timeoutMs: number): Promise<boolean> {
    if (this.isRevoked(claims)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        claims,
        done: (revoked: boolean) => {
          clearTimeout(timer);
          this.waiting.delete(waiter);
          resolve(revoked);
        },
      };
      const timer = setTimeout(() => waiter.done(false), timeoutMs);
      this.waiting.add(waiter);
    });
  }

  /** Records one revocation (what each event carries). */
  add(revocation: SessionRevocation): void {
    if (revocation.kind === 'session') {
      const key = `${revocation.userId}:${revocation.sessionId}`;
      this.sessions.set(key, Math.max(this.sessions.get(key) ?? 0, revocation.expiresAt));
    } else {
      const current = this.users.get(revocation.userId);
      this.users.set(revocation.userId, {
        validAfter: Math.max(current?.validAfter ?? 0, revocation.validAfter),
        expiresAt: Math.max(current?.expiresAt ?? 0, revocation.expiresAt),
      });
    }
    for (const waiter of this.waiting) if (this.isRevoked(waiter.claims)) waiter.done(true);
  }

  /** Forgets revocations whose tokens have all expired. */
  prune(): void {
    const seconds = Math.floor(this.now() / 1000);
    for (const [key, until] of this.sessions) if (until < seconds) this.sessions.delete(key);
    for (const [key, entry] of this.users) if (entry.expiresAt < seconds) this.users.delete(key);
  }

  get size(): number {
    return this.sessions.size + this.users.size;
  }

  /** Reads past revocations and resolves when caught up; keeps watching for new ones until stop(). */
  async start(): Promise<void> {
    this.pruner = setInterval(() => this.prune(), PRUNE_EVERY_MS);
    this.pruner.unref();
    const timeoutMs = this.options.startTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Session revocations: not caught up within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([this.watch(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiter of this.waiting) waiter.done(false);
    clearInterval(this.pruner);
    clearTimeout(this.retry);
    await this.messages?.close();
  }

  private get stream(): string {
    return streamName(this.options.subjectPrefix, IDENTITY_EVENT_STREAM);
  }

  private get subject(): string {
    return prefixed(this.options.subjectPrefix, SessionsRevoked.name);
  }

  /** Resolves once every revocation published before it was called has been read. */
  private async watch(): Promise<void> {
    const { nc, logger } = this.options;
    const since = this.now() - this.options.lookbackSeconds * 1000;
    const jsm = await nc.jetstreamManager();
    // identity's stream, and whether it answers direct gets (a deployment being upgraded may
    // not have allowed them yet). A direct get of a stream that is not there, or does not
    // answer them, gets no answer at all, only a timeout: so ask first.
    const stream = await jsm.streams.info(this.stream).catch((err: unknown) => {
      if (apiErrorCode(err) === STREAM_NOT_FOUND) return undefined;
      throw err;
    });
    if (!stream?.config.allow_direct) {
      // identity has not created its stream yet: nothing to catch up with; watch once it is there.
      logger.info({ stream: this.stream }, 'session revocations: no identity stream yet');
      this.retryLater(since);
      return;
    }
    let last: { seq: number; time: Date } | undefined;
    try {
      // A direct get with the subject in the API subject: the one read of identity's stream
      // by message that the bus's permissions allow everyone (see bus-permissions.ts).
      last = await directApi(jsm).getMessage(this.stream, { last_by_subj: this.subject });
    } catch (err) {
      if ((err as Partial<NatsError> | undefined)?.code !== ErrorCode.JetStream404NoMessages) throw err;
    }
    const caughtUpAt = last && last.time.getTime() >= since ? last.seq : 0;
    await this.consume(since, caughtUpAt);
  }

  private retryLater(since: number): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      this.consume(since, 0).catch((err: unknown) => {
        if (apiErrorCode(err) !== STREAM_NOT_FOUND)
          this.options.logger.warn({ err }, 'session revocations: cannot watch');
        this.retryLater(since);
      });
    }, RETRY_MS);
    this.retry.unref();
  }

  /** Starts the ordered consumer; resolves when the message with sequence `caughtUpAt` has been read. */
  private async consume(since: number, caughtUpAt: number): Promise<void> {
    const consumer = await this.options.nc.jetstream().consumers.get(this.stream, {
      filterSubjects: this.subject,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(since).toISOString(),
    });
    const messages = await consumer.consume();
    this.messages = messages;
    let caughtUp!: () => void;
    const ready = new Promise<void>((resolve) => (caughtUp = resolve));
    if (caughtUpAt === 0) caughtUp();
    void (async () => {
      for await (const message of messages) {
        try {
          if (!this.options.signer.verify(message.data, message.headers?.get(EVENT_SIGNATURE_HEADER))) {
            this.options.logger.error(
              { seq: message.seq },
              'session revocations: unsigned or forged event ignored',
            );
            if (message.seq >= caughtUpAt) caughtUp();
            continue;
          }
          const envelope = message.json<EventEnvelope>();
          const parsed = sessionRevocationSchema.safeParse(envelope.payload);
          if (parsed.success) this.add(parsed.data);
          else this.options.logger.warn({ seq: message.seq }, 'session revocations: unreadable event');
        } catch (err) {
          this.options.logger.warn({ err, seq: message.seq }, 'session revocations: unreadable event');
        }
        if (message.seq >= caughtUpAt) caughtUp();
      }
    })();
    return ready;
  }
}
