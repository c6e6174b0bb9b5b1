import { randomUUID } from 'node:crypto';
import { headers as natsHeaders, type NatsConnection, type NatsError } from 'nats';
import {
  ServiceError,
  toFieldErrors,
  type ReplyOf,
  type RequestOf,
  type RequestSubject,
  type TypedClient,
} from '@planted/contracts';
import { currentRequestId, REQUEST_ID_HEADER } from '@planted/logging';
import { prefixed } from './nats-connection';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Request-reply over NATS speaking the @nestjs/microservices packet format
 * ({pattern, data, id} out, {err, response, isDisposed, id} back). The payload is
 * parsed before it leaves and the reply after it comes back. The current request id
 * travels in a header. A subject nobody serves fails at once (UNAVAILABLE), not after
 * the timeout.
 */
export class NatsTypedClient implements TypedClient {
  constructor(
    private readonly nc: NatsConnection,
    private readonly subjectPrefix: string,
    private readonly defaultTimeoutMs: number,
  ) {}

  async send<S extends RequestSubject>(
    subject: S,
    payload: RequestOf<S>,
    options: { timeoutMs?: number } = {},
  ): Promise<ReplyOf<S>> {
    const parsed = subject.request.safeParse(payload);
    if (!parsed.success) {
      const details = toFieldErrors(parsed.error);
      throw new ServiceError('VALIDATION_FAILED', details[0]?.msg ?? 'Invalid request', details);
    }
    const hdrs = natsHeaders();
    hdrs.set(REQUEST_ID_HEADER, currentRequestId() ?? randomUUID());
    const packet = { pattern: subject.name, data: parsed.data, id: randomUUID() };
    let raw: Uint8Array;
    try {
      const msg = await this.nc.request(
        prefixed(this.subjectPrefix, subject.name),
        encoder.encode(JSON.stringify(packet)),
        {
          timeout: options.timeoutMs ?? this.defaultTimeoutMs,
          headers: hdrs,
        },
      );
      raw = msg.data;
    } catch (err) {
      const code = (err as NatsError).code;
      if (code === '503') throw new ServiceError('UNAVAILABLE', `No service answers ${subject.name}`);
      if (code === 'TIMEOUT') throw new ServiceError('UNAVAILABLE', `${subject.name} timed out`);
      throw new ServiceError('UNAVAILABLE', `${subject.name} failed: ${(err as Error).message}`);
    }
    let reply: { err?: unknown; response?: unknown };
    try {
      reply = JSON.parse(decoder.decode(raw)) as typeof reply;
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
}
