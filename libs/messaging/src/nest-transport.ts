import type { RpcExceptionFilter } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { NatsContext, ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { MessageHandler } from '@nestjs/microservices';
import { NO_MESSAGE_HANDLER } from '@nestjs/microservices/constants';
import { isObservable, tap, throwError } from 'rxjs';
import { ServiceError, type ServiceErrorBody } from '@planted/contracts';
import {
  currentRequestId,
  REQUEST_ID_HEADER,
  runWithRequestId,
  slowRequestMs,
  type Logger,
} from '@planted/logging';
import type { Msg, MsgHdrs, NatsConnection } from 'nats';
import {
  endSpan,
  runInSpan,
  SpanKind,
  startSpan,
  TRACEPARENT_HEADER,
  tracingEnabled,
} from '@planted/observability';
import { IDEMPOTENCY_KEY_HEADER, runWithIdempotencyKey } from './idempotency';
import { coalesceWrites, prefixed } from './nats-connection';
import { ReplySerializer } from './reusable-reply';

/** What a request gets whose answer is too large for the bus to carry. */
const ANSWER_TOO_LARGE = new ServiceError(
  'VALIDATION_FAILED',
  'The answer is too large to send. Ask for fewer items (a smaller limit).',
);

/** What a message gets that is not a request at all (not JSON, or not Nest's packet). */
const MALFORMED_REQUEST = new ServiceError('VALIDATION_FAILED', 'Malformed request');

/** Told when each request starts and how it ended (for metrics and graceful shutdown). */
export interface HandlerObserver {
  started(subject: string): void;
  /** outcome: 'ok', or the error code the service answered with; ms: how long it took. */
  finished(subject: string, outcome: string, ms?: number): void;
}

/** What an admission step sees of a request before any handler runs. */
export interface IncomingRequest {
  /** The subject without the prefix, e.g. 'identity.auth.login.v1'. */
  subject: string;
  /** The payload as it arrived (not yet parsed with the subject's schema). */
  data: unknown;
  headers: { get(name: string): string } | undefined;
}

export interface PrefixedNatsServerExtras {
  /** Logs each failed request (info) and each handled one (debug), with its duration. */
  logger?: Logger;
  /** Scope of the handler spans (the service's name) when tracing is on. */
  traceScope?: string;
  observer?: HandlerObserver;
  /**
   * Runs for every request, inside its request id, before Nest's pipes and the handler.
   * Throwing a ServiceError refuses the request: the caller gets its {code, message} and
   * the handler never runs. Anything else thrown answers INTERNAL.
   */
  admit?: (request: IncomingRequest) => void | Promise<void>;
}

/**
 * A request handler Nest would run with nothing around it but the pipe that parses its
 * payload (no guards, interceptors, other pipes or filters of its own): the handler bound
 * to its instance, with that parse. PrefixedNatsServer calls it directly, without Nest's
 * per-request pipeline (execution context, guards, interceptors and pipes consumers, each
 * an async step), and hands what it throws to the same exception filter Nest would.
 */
export type DirectHandler = (data: unknown) => unknown;

/**
 * A header's value as MsgHdrs.get(name) answers it (exact name, first value, '' when
 * absent), read from nats.js's map of them without the array of keys get() builds per call.
 */
export function headerValue(headers: MsgHdrs | undefined, name: string): string {
  if (!headers) return '';
  const map = (headers as { headers?: unknown }).headers;
  if (!(map instanceof Map)) return headers.get(name);
  const values = map.get(name) as string[] | string | undefined;
  if (!values) return '';
  return (Array.isArray(values) ? values[0] : values) ?? '';
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Queue group used when none is configured; subjects differ per service, so one name serves all. */
export const DEFAULT_QUEUE_GROUP = 'planted';

/**
 * Nest's NATS server with every subject under a prefix (one per test run or
 * environment), so several systems can share one NATS server without answering
 * each other's requests. Handlers always subscribe in a queue group (`options.queue`,
 * else DEFAULT_QUEUE_GROUP): without one every replica would run each request, and a
 * create would happen once per replica.
 *
 * Every handler runs inside the caller's request id (the NATS header), so service logs
 * carry it, and inside the caller's Idempotency-Key when it sent one, and is timed, logged and reported to the observer.
 * Answers marked with reusableReply are written from the bytes kept with them (ReplySerializer). This wraps the handler
 * itself rather than being a Nest interceptor: an interceptor costs an rxjs pipeline and
 * several AsyncResource bindings per request, which were a tenth of a busy service's CPU.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly slowMs = slowRequestMs();
  private direct: { handlers: ReadonlyMap<string, DirectHandler>; filter: RpcExceptionFilter } | undefined;
  constructor(
    options: NatsOptions['options'],
    private readonly subjectPrefix: string,
    private readonly extras: PrefixedNatsServerExtras = {},
  ) {
    super({
      ...options,
      queue: options?.queue ?? DEFAULT_QUEUE_GROUP,
      serializer: options?.serializer ?? new ReplySerializer(),
    });
  }

  /**
   * Handlers to call directly (see DirectHandler), by subject, instead of through Nest's
   * pipeline; `filter` answers what they throw, as the global exception filter does on
   * Nest's path. Set before the server listens (Nest adds its handlers then).
   */
  serveDirectly(handlers: ReadonlyMap<string, DirectHandler>, filter: RpcExceptionFilter): void {
    this.direct = { handlers, filter };
  }

  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler = false,
    extras: Record<string, unknown> = {},
  ): void {
    const name = typeof pattern === 'string' ? pattern : JSON.stringify(pattern);
    const direct = isEventHandler ? undefined : this.direct?.handlers.get(name);
    const target = direct ? this.directly(direct, this.direct!.filter) : callback;
    const handler = ((data: unknown, ctx?: NatsContext) =>
      this.runHandler(name, target, data, ctx)) as MessageHandler;
    super.addHandler(prefixed(this.subjectPrefix, name), handler, isEventHandler, extras);
  }

  /**
   * A direct handler as Nest's proxy would answer: its value (or promise of one), or what
   * the exception filter makes of what it throws (an Observable erroring with {code, message}).
   */
  private directly(direct: DirectHandler, filter: RpcExceptionFilter): MessageHandler {
    const caught = (err: unknown, data: unknown, ctx?: NatsContext) => {
      const host = new ExecutionContextHost([data, ctx]);
      host.setType('rpc');
      return filter.catch(err, host);
    };
    return ((data: unknown, ctx?: NatsContext) => {
      let result: unknown;
      try {
        result = direct(data);
      } catch (err) {
        return caught(err, data, ctx);
      }
      return isPromiseLike(result)
        ? result.then(undefined, (err: unknown) => caught(err, data, ctx))
        : result;
    }) as MessageHandler;
  }

  private runHandler(subject: string, callback: MessageHandler, data: unknown, ctx?: NatsContext) {
    const headers = ctx?.getHeaders?.() as MsgHdrs | undefined;
    const requestId = headerValue(headers, REQUEST_ID_HEADER) || undefined;
    // A child of the caller's span (its traceparent header), when tracing is on.
    const span = tracingEnabled()
      ? startSpan(this.extras.traceScope ?? 'nats', subject, {
          kind: SpanKind.SERVER,
          parent: headerValue(headers, TRACEPARENT_HEADER) || undefined,
          attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject },
        })
      : undefined;
    return runWithRequestId(requestId, () =>
      runInSpan(span, () => this.serve(subject, callback, data, ctx, headers, span)),
    );
  }

  /**
   * Admission, then the handler, inside the request's context; its outcome timed, logged and
   * reported. Synchronous as far as it can be: a promise (and a microtask) only where the
   * admission or the handler is asynchronous.
   */
  private serve(
    subject: string,
    callback: MessageHandler,
    data: unknown,
    ctx: NatsContext | undefined,
    headers: MsgHdrs | undefined,
    span: ReturnType<typeof startSpan>,
  ): unknown {
    const { logger, observer } = this.extras;
    // Written into the outcome logs explicitly: they may run after this returns, when
    // Nest subscribes to an error's observable outside this context.
    const id = currentRequestId();
    const started = performance.now();
    observer?.started(subject);
    const finish = (error?: unknown) => {
      const elapsed = performance.now() - started;
      const ms = Math.round(elapsed);
      if (error === undefined) {
        observer?.finished(subject, 'ok', elapsed);
        endSpan(span);
        // A success is one line at debug; at info only when it was slow (errors always are).
        if (ms >= this.slowMs) logger?.info({ requestId: id, subject, ms }, 'handled slowly');
        else logger?.debug({ requestId: id, subject, ms }, 'handled');
      } else {
        // Nest's exception filter has already turned the error into {code, message}.
        const code =
          typeof (error as { code?: unknown })?.code === 'string'
            ? (error as { code: string }).code
            : 'INTERNAL';
        observer?.finished(subject, code, elapsed);
        endSpan(span, error);
        logger?.info({ requestId: id, subject, code, ms }, 'handled with error');
      }
    };
    const refused = (err: unknown) => {
      const body: ServiceErrorBody =
        err instanceof ServiceError ? err.toBody() : { code: 'INTERNAL', message: 'Internal error' };
      if (!(err instanceof ServiceError)) logger?.error({ err, requestId: id, subject }, 'admission failed');
      finish(body);
      return throwError(() => body);
    };
    const answered = (result: unknown) => {
      if (!isObservable(result)) {
        finish();
        return result;
      }
      return result.pipe(tap({ error: (err: unknown) => finish(err), complete: () => finish() }));
    };
    const failed = (err: unknown): never => {
      finish(err);
      throw err;
    };
    const handle = () => {
      const idempotencyKey = headerValue(headers, IDEMPOTENCY_KEY_HEADER) || undefined;
      let result: unknown;
      try {
        result = runWithIdempotencyKey(idempotencyKey, () => callback(data, ctx));
      } catch (err) {
        return failed(err);
      }
      return isPromiseLike(result) ? result.then(answered, failed) : answered(result);
    };
    let admitted: void | Promise<void>;
    try {
      admitted = this.extras.admit?.({
        subject,
        data,
        headers: headers && { get: (name: string) => headerValue(headers, name) },
      });
    } catch (err) {
      return refused(err);
    }
    // Awaited only when asynchronous: a microtask per request is not free on a busy service.
    return admitted ? admitted.then(handle, refused) : handle();
  }

  /**
   * Nest's handleMessage, except that an answer given as a value (every handler's success)
   * is published at once as the one packet Nest's rxjs pipeline would write for it
   * (`{response, isDisposed: true, id}`), without building that pipeline and a tick for
   * each request. An Observable (an error from the exception filter, a refusal) still goes
   * through Nest's send(), so errors are written as before.
   */
  override async handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    // Whatever arrives, nothing escapes: nats.js drops the promise this returns, so a rejection
    // would be unhandled, and an unhandled rejection ends the process. Anyone allowed to publish
    // on the subject (or the server itself: a JetStream heartbeat has an empty body) could
    // otherwise stop the service with one malformed message (BA-1).
    try {
      return await this.handleParsedMessage(channel, natsMsg);
    } catch (err) {
      this.extras.logger?.error({ err, subject: channel }, 'request not handled');
      return undefined;
    }
  }

  private async handleParsedMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    const natsCtx = new NatsContext([natsMsg.subject, natsMsg.headers as never]);
    const message = await this.decodeRequest(channel, natsMsg);
    if (!message) {
      // Not a request of ours (not JSON, not {id, data}, no id): refused in words when it
      // asked for an answer, dropped otherwise. Requests here are never events (events
      // travel on JetStream), so Nest's event path is not taken.
      this.extras.logger?.warn(
        { subject: channel, bytes: natsMsg.data?.length ?? 0, status: natsMsg.headers?.code },
        'malformed request refused',
      );
      if (natsMsg.reply)
        this.getPublisher(
          natsMsg as never,
          '',
          natsCtx,
        )({ err: MALFORMED_REQUEST.toBody(), isDisposed: true });
      return undefined;
    }
    const publish = this.getPublisher(natsMsg as never, message.id, natsCtx);
    const handler = this.getHandlerByPattern(channel);
    if (!handler) return publish({ id: message.id, status: 'error', err: NO_MESSAGE_HANDLER });
    const reply = (result: unknown) => {
      if (isObservable(result)) return this.send(result, publish);
      try {
        publish({ response: result, isDisposed: true });
      } catch (err) {
        // An answer the bus cannot carry (past the server's max_payload) is refused in words.
        // Thrown from here, nothing would catch it, and the unhandled rejection ends the process.
        this.extras.logger?.error({ err, subject: channel, requestId: currentRequestId() }, 'reply not sent');
        try {
          publish({ err: ANSWER_TOO_LARGE.toBody(), isDisposed: true });
        } catch (again) {
          this.extras.logger?.error({ err: again, subject: channel }, 'error reply not sent either');
        }
      }
    };
    // No tick of its own for an answer given synchronously (Nest's hook only calls it).
    const run = () => {
      const result: unknown = handler(message.data, natsCtx);
      return isPromiseLike(result) ? result.then(reply) : reply(result);
    };
    return this.onProcessingStartHook(this.transportId!, natsCtx, run as () => Promise<unknown>);
  }

  /** The request as Nest's packet ({pattern, data, id}), or undefined when it is not one. */
  private async decodeRequest(
    channel: string,
    natsMsg: Msg,
  ): Promise<{ id: string; data?: unknown } | undefined> {
    let decoded: unknown;
    try {
      decoded = this.deserializer.deserialize(natsMsg.data, { channel, replyTo: natsMsg.reply });
      if (decoded instanceof Promise) decoded = await decoded;
    } catch {
      return undefined;
    }
    if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) return undefined;
    const id = (decoded as { id?: unknown }).id;
    return typeof id === 'string' || typeof id === 'number'
      ? { id: String(id), data: (decoded as { data?: unknown }).data }
      : undefined;
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
