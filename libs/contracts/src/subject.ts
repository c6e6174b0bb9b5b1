import type { z } from 'zod';
import type { ErrorCode } from './errors';

/**
 * A request-reply subject: its versioned name and the schemas of its payload and reply.
 * Both ends parse with these schemas, so a handler only ever sees valid, typed data.
 */
/**
 * Who may call a request subject, and so what proof a request carries (checked by the
 * service kit's admission before any handler runs, attached by the typed client):
 * - 'user': acts for a signed-in user; carries the user's session token, and the payload's
 *   `actor` must be that token's user;
 * - 'gateway': only the gateway may call it (sign-in, registration, invitation links);
 *   carries a short-lived assertion the gateway signed for this subject and body;
 * - 'public': anyone on the bus; only for answers that are harmless to anyone (public keys).
 */
export const CALLER_KINDS = ['user', 'gateway', 'public'] as const;
export type CallerKind = (typeof CALLER_KINDS)[number];

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
  readonly caller: CallerKind;
  /**
   * 'member': a change to the company's records, which a viewer may not make (a 'user'
   * subject only). The service kit's admission refuses a viewer's token, whoever sends it on
   * the bus, and the gateway's route for it must be for members or admins. Unset: every
   * signed-in role (reads, and a user's own profile, password and language).
   */
  readonly access?: 'member';
  /**
   * The bus participants (services) that alone may publish it, when not every caller of
   * the serving service may: the bus permissions grant it to these and withhold it from
   * the rest (the gateway included). Unset: whoever calls the service.
   */
  readonly callers?: readonly string[];
}

/** A domain event: published through the outbox to JetStream, consumed idempotently. */
export interface EventSubject<P extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly name: string;
  readonly payload: P;
}

/** A request subject; its caller kind is declared here once, and both ends follow it. */
export function defineRequest<Req extends z.ZodType, Res extends z.ZodType>(
  name: string,
  request: Req,
  response: Res,
  options: {
    caller: CallerKind;
    access?: 'member';
    errors?: readonly ErrorCode[];
    callers?: readonly string[];
  },
): RequestSubject<Req, Res> {
  if (options.access && options.caller !== 'user')
    throw new Error(`${name}: only a 'user' subject can be for members`);
  return {
    kind: 'request',
    name,
    request,
    response,
    caller: options.caller,
    ...(options.access ? { access: options.access } : {}),
    errors: options.errors ?? [],
    ...(options.callers ? { callers: options.callers } : {}),
  };
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
