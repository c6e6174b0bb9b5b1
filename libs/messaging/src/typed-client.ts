import { randomUUID } from 'node:crypto';
import { createInbox, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';
import {
  ServiceError,
  toFieldErrors,
  type ReplyOf,
  type RequestOf,
  type RequestSubject,
  type TypedClient,
} from '@planted/contracts';
import { currentRequestId, currentSessionToken, REQUEST_ID_HEADER } from '@planted/logging';
import {
  currentTraceparent,
  endSpan,
  SpanKind,
  startSpan,
  TRACEPARENT_HEADER,
  tracingEnabled,
} from '@planted/observability';
import { currentIdempotencyKey, IDEMPOTENCY_KEY_HEADER, OutcomeUnknownError } from './idempotency';
import { prefixed } from './nats-connection';
import {
  GATEWAY_ASSERTION_HEADER,
  SESSION_TOKEN_HEADER,
  type GatewayAssertionSigner,
} from './trust/bus-proof';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A request's NATS headers, written as nats.js writes a MsgHdrs set one key at a time
 * (`NATS/1.0\r\n<key>: <value>\r\n…\r\n\r\n`, values trimmed, CR and LF refused),
 * straight into that text: publish() only asks headers for encode(), and MsgHdrs' set()
 * looks its keys up in an array it builds per call. The keys are this module's constants.
 */
export class RequestHeaders {
  private text = 'NATS/1.0';

  set(key: string, value: string): void {
    if (/[\r\n]/.test(value)) throw new Error('invalid header value - \\r and \\n are not allowed.');
    this.text += `\r\n${key}: ${value.trim()}`;
  }

  encode(): Uint8Array {
    return encoder.encode(`${this.text}\r\n\r\n`);
  }
}

interface Pending {
  resolve(data: Uint8Array): void;
  reject(err: ServiceError): void;
  timer: NodeJS.Timeout;
  subject: string;
}

/** Texts up to this long are their own key in CheckedReplies; longer ones are keyed by a sample. */
const WHOLE_KEY_CHARS = 256;
/** Characters of a long text in its key: this many from its start, middle and end each. */
const SAMPLE_CHARS = 64;
/** Texts kept under one key at most (replies that share length and sample are told apart whole). */
const MAX_PER_KEY = 8;

/**
 * A short key for a reply text. V8 hashes a string over its whole length (about a
 * nanosecond a character) every time a new string is looked up, so keying a map by a
 * 12 KB page of hires cost 15 µs a lookup: a tenth of the gateway's time on that route.
 * A long text is keyed by its length and three slices, and found by comparing it whole
 * with the few kept under that key (a comparison of equal texts is a memcmp).
 */
function replyKey(text: string): string {
  const length = text.length;
  if (length <= WHOLE_KEY_CHARS) return text;
  const middle = (length - SAMPLE_CHARS) >> 1;
  return `${length}|${text.slice(0, SAMPLE_CHARS)}|${text.slice(middle, middle + SAMPLE_CHARS)}|${text.slice(length - SAMPLE_CHARS)}`;
}

interface CheckedReply {
  readonly response: string;
  readonly json: string;
}

/**
 * Reply texts already checked against their subject's schema, with the JSON of what the
 * schema answered for each; the first kept are dropped first. A reply byte for byte the
 * same as one checked before is the same reply: the check's answer is known.
 */
export class CheckedReplies {
  /** By subject, then by replyKey: the replies kept under that key. */
  private readonly bySubject = new Map<string, Map<string, CheckedReply[]>>();
  /** What was kept, in the order it was kept. */
  private readonly kept: Array<{ subject: string; key: string; reply: CheckedReply; weight: number }> = [];
  private oldest = 0;
  private chars = 0;

  /** capacity: characters of replies and answers kept (UTF-16 units: about twice the bytes). */
  constructor(private readonly capacity = 8_000_000) {}

  get(subject: string, response: string): string | undefined {
    const same = this.bySubject.get(subject)?.get(replyKey(response));
    if (!same) return undefined;
    for (const reply of same) if (reply.response === response) return reply.json;
    return undefined;
  }

  set(subject: string, response: string, json: string): void {
    const weight = response.length + json.length;
    if (weight > this.capacity) return;
    const key = replyKey(response);
    let entries = this.bySubject.get(subject);
    const same = entries?.get(key);
    if (same && (same.length >= MAX_PER_KEY || same.some((reply) => reply.response === response))) return;
    if (!entries) this.bySubject.set(subject, (entries = new Map()));
    const reply = { response, json };
    if (same) same.push(reply);
    else entries.set(key, [reply]);
    this.kept.push({ subject, key, reply, weight });
    this.chars += weight;
    while (this.chars > this.capacity) this.drop(this.kept[this.oldest++]);
    // Drops the references to what went, now and then, not on every eviction.
    if (this.oldest > 1024 && this.oldest * 2 > this.kept.length) {
      this.kept.splice(0, this.oldest);
      this.oldest = 0;
    }
  }

  /** Replies kept. */
  get size(): number {
    return this.kept.length - this.oldest;
  }

  private drop(entry: { subject: string; key: string; reply: CheckedReply; weight: number }): void {
    const entries = this.bySubject.get(entry.subject)!;
    const same = entries.get(entry.key)!;
    if (same.length === 1) entries.delete(entry.key);
    else same.splice(same.indexOf(entry.reply), 1);
    this.chars -= entry.weight;
  }
}

/**
 * The `response` of a reply in the envelope a Nest service writes for a request answered
 * with a value (`{"response":…,"isDisposed":true,"id":"<token>"}`, keys in that order), as
 * text; undefined for anything else (errors, other writers), which is then read in full.
 */
function responseText(reply: string, token: string): string | undefined {
  const head = '{"response":';
  const tail = `,"isDisposed":true,"id":"${token}"}`;
  if (!reply.startsWith(head) || !reply.endsWith(tail) || reply.length <= head.length + tail.length)
    return undefined;
  return reply.slice(head.length, reply.length - tail.length);
}

export interface SendOptions {
  timeoutMs?: number;
  /**
   * The payload is already the output of the subject's request schema (the gateway's route
   * kit parsed the client's part with that very schema and added the verified actor): it
   * leaves as it is instead of being parsed a second time. The service parses it on arrival
   * as always.
   */
  parsed?: boolean;
}

/** Told how each request sent ended and how long its answer took (metrics). */
export interface RequestObserver {
  /** outcome: 'ok', or the error code of the failure. */
  requested(subject: string, outcome: string, ms: number): void;
}

export interface NatsTypedClientExtras {
  observer?: RequestObserver;
  /** Scope of the client spans (the gateway or the calling service) when tracing is on. */
  traceScope?: string;
}

/** nats.js keeps the options a connection was opened with (its own JetStream code reads inboxPrefix there). */
type NatsConnectionWithOptions = NatsConnection & { options?: { inboxPrefix?: string } };

/**
 * Request-reply over NATS speaking the @nestjs/microservices packet format
 * ({pattern, data, id} out, {err, response, isDisposed, id} back). The payload is
 * parsed before it leaves and the reply after it comes back. The current request id
 * travels in a header. A subject nobody serves fails at once (UNAVAILABLE), not after
 * the timeout; a timeout, or a connection lost while waiting, is an OutcomeUnknownError.
 * The current Idempotency-Key travels in a header too.
 *
 * Each request carries the proof its subject's caller kind asks for (see CallerKind): for
 * a 'user' subject the session token of the current request context (so a service calling
 * another for a user forwards the token it was called with), for a 'gateway' subject an
 * assertion from `assertionSigner` (only the gateway has one).
 *
 * Replies come back on one wildcard inbox subscription per client, matched to their
 * request by the last token of the reply subject: what nc.request() does too, without the
 * two Error objects (with stack traces) it builds for every request just in case.
 */
export class NatsTypedClient implements TypedClient {
  private inbox: { prefix: string; subscription: Subscription } | undefined;
  private readonly pending = new Map<string, Pending>();
  private nextToken = 0;
  private readonly checked = new CheckedReplies();

  constructor(
    private readonly nc: NatsConnection,
    private readonly subjectPrefix: string,
    private readonly defaultTimeoutMs: number,
    private readonly assertionSigner?: GatewayAssertionSigner,
    private readonly extras: NatsTypedClientExtras = {},
  ) {}

  send<S extends RequestSubject>(
    subject: S,
    payload: RequestOf<S>,
    options: SendOptions = {},
  ): Promise<ReplyOf<S>> {
    return this.observed(subject.name, (traceparent) =>
      this.exchange(subject, payload, options, traceparent).then(({ reply }) =>
        this.readReply(subject, reply),
      ),
    );
  }

  /**
   * Runs one request as a client span (its traceparent travels in the request's headers,
   * so the handler's span is its child) and reports its outcome and time to the observer.
   */
  private observed<T>(name: string, work: (traceparent?: string) => Promise<T>): Promise<T> {
    const { observer, traceScope } = this.extras;
    const span = tracingEnabled()
      ? startSpan(traceScope ?? 'nats', `send ${name}`, {
          kind: SpanKind.CLIENT,
          attributes: { 'messaging.system': 'nats', 'messaging.destination.name': name },
        })
      : undefined;
    if (!observer && !span) return work();
    const started = performance.now();
    return work(currentTraceparent(span)).then(
      (result) => {
        observer?.requested(name, 'ok', performance.now() - started);
        endSpan(span);
        return result;
      },
      (err: unknown) => {
        const code = err instanceof ServiceError ? err.code : 'INTERNAL';
        observer?.requested(name, code, performance.now() - started);
        endSpan(span, err);
        throw err;
      },
    );
  }

  /**
   * What `send` answers, as JSON text (for a caller that only writes it on, such as the
   * gateway answering HTTP): the reply checked against the subject's schema as `send` does,
   * and what the schema answered serialized. A reply text the same as one checked before
   * for the subject (a repeated search) is answered from CheckedReplies, without being
   * parsed and checked again: same text, same result.
   */
  sendForJson<S extends RequestSubject>(
    subject: S,
    payload: RequestOf<S>,
    options: SendOptions = {},
  ): Promise<string> {
    return this.observed(subject.name, async (traceparent) => {
      const { reply, token } = await this.exchange(subject, payload, options, traceparent);
      const response = responseText(reply, token);
      if (response !== undefined) {
        const known = this.checked.get(subject.name, response);
        if (known !== undefined) return known;
      }
      const json = JSON.stringify(this.readReply(subject, reply));
      if (response !== undefined) this.checked.set(subject.name, response, json);
      return json;
    });
  }

  /** Sends the request (parsed, with its proof) and answers the reply's text and the request's token. */
  private exchange<S extends RequestSubject>(
    subject: S,
    payload: RequestOf<S>,
    options: SendOptions,
    traceparent?: string,
  ): Promise<{ reply: string; token: string }> {
    let body: string;
    const hdrs = new RequestHeaders();
    try {
      body = JSON.stringify(options.parsed ? payload : this.parsed(subject, payload));
      hdrs.set(REQUEST_ID_HEADER, currentRequestId() ?? randomUUID());
      if (traceparent) hdrs.set(TRACEPARENT_HEADER, traceparent);
      const idempotencyKey = currentIdempotencyKey();
      if (idempotencyKey) hdrs.set(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
      if (subject.caller === 'user') {
        const token = currentSessionToken();
        if (!token)
          throw new ServiceError('UNAUTHENTICATED', `No session token to call ${subject.name} with`);
        hdrs.set(SESSION_TOKEN_HEADER, token);
      } else if (subject.caller === 'gateway') {
        if (!this.assertionSigner)
          throw new ServiceError(
            'INTERNAL',
            `Only the gateway may call ${subject.name}: no assertion signer`,
          );
        const signing = this.assertionSigner.sign(subject.name, body);
        return signing.then((assertion) => {
          hdrs.set(GATEWAY_ASSERTION_HEADER, assertion);
          return this.sendRequest(subject.name, body, hdrs, options);
        });
      }
    } catch (err) {
      return Promise.reject(err as Error);
    }
    return this.sendRequest(subject.name, body, hdrs, options);
  }

  private sendRequest(
    name: string,
    body: string,
    hdrs: RequestHeaders,
    options: SendOptions,
  ): Promise<{ reply: string; token: string }> {
    const token = (this.nextToken++).toString(36);
    return this.request(name, body, hdrs, options.timeoutMs ?? this.defaultTimeoutMs, token).then((raw) => ({
      reply: decoder.decode(raw),
      token,
    }));
  }

  /** The payload parsed with the subject's schema (what leaves), or VALIDATION_FAILED thrown. */
  private parsed<S extends RequestSubject>(subject: S, payload: RequestOf<S>): unknown {
    const parsed = subject.request.safeParse(payload);
    if (!parsed.success) {
      const details = toFieldErrors(parsed.error);
      throw new ServiceError('VALIDATION_FAILED', details[0]?.msg ?? 'Invalid request', details);
    }
    return parsed.data;
  }

  /** The reply's answer parsed with the subject's schema, or the service's error thrown. */
  private readReply<S extends RequestSubject>(subject: S, text: string): ReplyOf<S> {
    let reply: { err?: unknown; response?: unknown };
    try {
      reply = JSON.parse(text) as typeof reply;
    } catch {
      throw new ServiceError('INTERNAL', `Malformed reply from ${subject.name}`);
    }
    if (reply.err !== undefined && reply.err !== null) {
      if (ServiceError.isBody(reply.err)) throw ServiceError.fromBody(reply.err);
      throw new ServiceError('INTERNAL', typeof reply.err === 'string' ? reply.err : 'Internal error');
    }
    const result = subject.response.safeParse(reply.response);
    if (!result.success) {
      throw new ServiceError('INTERNAL', `Malformed reply from ${subject.name}`);
    }
    return result.data as ReplyOf<S>;
  }

  private request(
    name: string,
    body: string,
    hdrs: RequestHeaders,
    timeoutMs: number,
    token: string,
  ): Promise<Uint8Array> {
    if (this.nc.isClosed()) {
      return Promise.reject(new ServiceError('UNAVAILABLE', `${name} failed: the NATS connection is closed`));
    }
    const inbox = this.ensureInbox();
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(new OutcomeUnknownError(`${name} timed out`));
      }, timeoutMs);
      this.pending.set(token, { resolve, reject, timer, subject: name });
      try {
        this.nc.publish(
          prefixed(this.subjectPrefix, name),
          // The payload goes out as the very bytes a gateway assertion's digest covers.
          encoder.encode(`{"pattern":${JSON.stringify(name)},"data":${body},"id":"${token}"}`),
          // publish() asks its headers for encode() alone (see RequestHeaders).
          { reply: inbox.prefix + token, headers: hdrs as unknown as MsgHdrs },
        );
      } catch (err) {
        this.settle(token)?.reject(
          new ServiceError('UNAVAILABLE', `${name} failed: ${(err as Error).message}`),
        );
      }
    });
  }

  private ensureInbox(): { prefix: string } {
    if (!this.inbox) {
      // Under the connection's own inbox prefix (natsCredentials): the only inbox its NATS user may read.
      const prefix = `${createInbox((this.nc as NatsConnectionWithOptions).options?.inboxPrefix)}.`;
      const subscription = this.nc.subscribe(`${prefix}*`, {
        callback: (err, msg) => {
          if (!err) this.onReply(prefix, msg);
        },
      });
      this.inbox = { prefix, subscription };
      void this.nc.closed().then(() => this.failAll('the NATS connection closed'));
    }
    return this.inbox;
  }

  private onReply(prefix: string, msg: Msg): void {
    const pending = this.settle(msg.subject.slice(prefix.length));
    if (!pending) return; // timed out meanwhile
    // nats-server answers a request nobody subscribes to with a 503 status at once.
    if (msg.headers?.hasError && msg.headers.code === 503) {
      pending.reject(new ServiceError('UNAVAILABLE', `No service answers ${pending.subject}`));
    } else {
      pending.resolve(msg.data);
    }
  }

  private settle(token: string): Pending | undefined {
    const pending = this.pending.get(token);
    if (pending) {
      this.pending.delete(token);
      clearTimeout(pending.timer);
    }
    return pending;
  }

  private failAll(reason: string): void {
    for (const token of [...this.pending.keys()]) {
      const pending = this.settle(token);
      // The request had left: the service may have carried it out.
      pending?.reject(new OutcomeUnknownError(`${pending.subject} failed: ${reason}`));
    }
  }
}
