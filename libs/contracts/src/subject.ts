import type { z } from 'zod';
import type { ErrorCode } from './errors';

/**
 * A request-reply subject: its versioned name and the schemas of its payload and reply.
 * Both ends parse with these schemas, so a handler only ever sees valid, typed data.
 */
export interface RequestSubject<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly name: string;
  readonly request: Req;
  readonly response: Res;
  /**
   * The codes the serving side may answer with besides the ones every subject can
   * (VALIDATION_FAILED, UNAVAILABLE, INTERNAL): the gateway documents their statuses.
   */
  readonly errors: readonly ErrorCode[];
}

/** A domain event: published through the outbox to JetStream, consumed idempotently. */
export interface EventSubject<P extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly name: string;
  readonly payload: P;
}

export function defineRequest<Req extends z.ZodType, Res extends z.ZodType>(
  name: string,
  request: Req,
  response: Res,
  options: { errors?: readonly ErrorCode[] } = {},
): RequestSubject<Req, Res> {
  return { kind: 'request', name, request, response, errors: options.errors ?? [] };
}

export function defineEvent<P extends z.ZodType>(name: string, payload: P): EventSubject<P> {
  return { kind: 'event', name, payload };
}

export type RequestOf<S extends RequestSubject> = z.input<S['request']>;
export type ParsedRequestOf<S extends RequestSubject> = z.output<S['request']>;
export type ReplyOf<S extends RequestSubject> = z.output<S['response']>;
export type EventPayloadOf<E extends EventSubject> = z.output<E['payload']>;

/** Envelope of every event on the bus. `id` is also the JetStream Nats-Msg-Id. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  customerId: string | null;
  payload: T;
}

/**
 * A typed client: `send(subject, payload)` only compiles with that subject's payload,
 * and resolves with its parsed reply, or rejects with a ServiceError.
 */
export interface TypedClient {
  send<S extends RequestSubject>(
    subject: S,
    payload: RequestOf<S>,
    options?: { timeoutMs?: number },
  ): Promise<ReplyOf<S>>;
}
