import type { Socket } from 'node:net';
import {
  Catch,
  HttpException,
  NotFoundException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY, ServiceError } from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { OutcomeUnknownError } from '@planted/messaging';
import { isRedisUnavailable } from '../bus/infrastructure';
import { httpStatusFor } from './error-status';

export class RateLimitedError extends ServiceError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

export interface ErrorAnswer {
  status: number;
  body: { error: string; details?: { param: string; msg: string }[]; requestId?: string };
  headers?: Record<string, string>;
}

/** What a request is told while the service it needs is down or restarting. */
export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';

/**
 * Turns anything thrown while serving a request into the JSON error shape of design.md.
 * `read`: the request changes nothing (GET), so a reply that never came is simply a service
 * not answering, not an outcome to wonder about.
 */
export function toErrorAnswer(
  exception: unknown,
  requestId: string,
  logger: Logger,
  { read = false }: { read?: boolean } = {},
): ErrorAnswer {
  if (!(exception instanceof ServiceError) && isRedisUnavailable(exception)) {
    return toErrorAnswer(new ServiceError('UNAVAILABLE', (exception as Error).message), requestId, logger);
  }
  if (exception instanceof ServiceError) {
    const status = httpStatusFor(exception.code);
    // ZAHARA_UNAVAILABLE (502) is an outside system's failure worded for the user
    // ('Connection failed, please check your settings'): its message is shown, not hidden.
    if (status >= 500 && exception.code !== 'UNAVAILABLE' && exception.code !== 'ZAHARA_UNAVAILABLE') {
      logger.error({ code: exception.code, err: exception.message }, 'service failure');
      return { status, body: { error: 'Internal server error', requestId } };
    }
    if (exception instanceof OutcomeUnknownError) {
      logger.warn({ err: exception.message }, 'no reply from the service: outcome unknown');
      return { status, body: { error: read ? SERVICE_UNAVAILABLE : IDEMPOTENCY.OUTCOME_UNKNOWN, requestId } };
    }
    if (exception.code === 'UNAVAILABLE') {
      logger.warn({ err: exception.message }, 'dependency unavailable');
      return {
        status,
        body: { error: SERVICE_UNAVAILABLE, requestId },
      };
    }
    const body: ErrorAnswer['body'] = { error: exception.message };
    if (exception.details?.length) body.details = exception.details;
    if (exception instanceof RateLimitedError)
      return { status, body, headers: { 'retry-after': String(exception.retryAfterSeconds) } };
    return { status, body };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    const message =
      typeof res === 'string' ? res : ((res as { message?: unknown }).message ?? exception.message);
    return { status, body: { error: Array.isArray(message) ? message.join(', ') : String(message) } };
  }
  const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
  // A path segment longer than any id (Fastify's maxParamLength): no such record, as for any
  // other id that names nothing (Fastify's own answer was a 414 echoing the path).
  if (fastifyError.code === 'FST_ERR_MAX_PARAM_LENGTH') return { status: 404, body: { error: 'Not found' } };
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return { status: fastifyError.statusCode, body: { error: clientErrorMessage(fastifyError) } };
  }
  logger.error({ err: exception }, 'unhandled error');
  return { status: 500, body: { error: 'Internal server error', requestId } };
}

function clientErrorMessage(err: { statusCode?: number; code?: string; message?: string }): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Malformed JSON in request body';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid';
    default:
      if (err.statusCode === 400 && /JSON/i.test(err.message ?? '')) return 'Malformed JSON in request body';
      if (err.statusCode === 413) return 'Request body is too large';
      return err.message ?? 'Bad request';
  }
}

/** Answers a request with the error shape of design.md (the route kit, Fastify's own errors, Nest's filter). */
export function sendError(
  reply: FastifyReply,
  exception: unknown,
  requestId: string,
  logger: Logger,
): FastifyReply {
  const method = reply.request?.method;
  const answer = toErrorAnswer(exception, requestId, logger, { read: method === 'GET' || method === 'HEAD' });
  for (const [k, v] of Object.entries(answer.headers ?? {})) reply.header(k, v);
  return reply.status(answer.status).send(answer.body);
}

export type RouteNotFound = (request: FastifyRequest, reply: FastifyReply) => void;

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private routeNotFound?: RouteNotFound;

  constructor(private readonly logger: Logger) {}

  /** What to answer when no route matched (the web app's history fallback). */
  setRouteNotFound(handler: RouteNotFound): void {
    this.routeNotFound = handler;
  }

  catch(exception: unknown, host: ArgumentsHost): unknown {
    // GraphQL resolvers already turn errors into GraphQLErrors; hand them back to the driver.
    if (host.getType<string>() !== 'http') return exception;
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    // Controllers signal absence with ServiceError NOT_FOUND; Nest's own NotFoundException means no route matched.
    if (exception instanceof NotFoundException) {
      if (this.routeNotFound) this.routeNotFound(request, reply);
      else void reply.status(404).send({ error: 'Not found' });
      return undefined;
    }
    void sendError(reply, exception, String(request.id), this.logger);
    return undefined;
  }
}

const HEADERS_TOO_LARGE = JSON.stringify({ error: 'Request headers are too large' });
const BAD_REQUEST = JSON.stringify({ error: 'Bad request' });

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refuses before any route runs (headers
 * over Node's limit, a request that is not HTTP), answered in the API's error shape. A reset
 * connection has no one to answer.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, text, body] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE]
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', JSON.stringify({ error: 'The request took too long to arrive' })]
          : [400, 'Bad Request', BAD_REQUEST];
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
