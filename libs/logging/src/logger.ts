import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { currentTraceIds } from '@planted/observability';

export type { Logger } from 'pino';

/** Header used on HTTP and NATS to carry the request id from the gateway into services. */
export const REQUEST_ID_HEADER = 'x-request-id';

interface RequestContext {
  requestId: string;
  /**
   * The verified session token of the user the request acts for (the gateway's bearer
   * token, or the token a service was called with): the typed client forwards it on every
   * call made for that user.
   */
  sessionToken?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId || randomUUID() }, fn);
}

export function currentSessionToken(): string | undefined {
  return storage.getStore()?.sessionToken;
}

/**
 * Records the verified session token in the current request context (the gateway's auth
 * guard, the service kit's admission). Outside any request context it does nothing.
 */
export function setSessionToken(token: string): void {
  const store = storage.getStore();
  if (store) store.sessionToken = token;
}

/** Runs fn in a request context that acts for the holder of `token` (tools and tests). */
export function runWithSessionToken<T>(token: string, fn: () => T): T {
  return storage.run({ requestId: currentRequestId() ?? randomUUID(), sessionToken: token }, fn);
}

export function newRequestId(): string {
  return randomUUID();
}

/**
 * JSON logger; every line written inside a request carries that request's id, and while
 * tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT) the trace_id and span_id of the active span.
 */
export function createLogger(
  service: string,
  options: LoggerOptions = {},
  destination?: DestinationStream,
): Logger {
  const opts: LoggerOptions = {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentRequestId();
      const trace = currentTraceIds();
      if (trace) return requestId ? { requestId, ...trace } : trace;
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'currentPassword',
        '*.currentPassword',
        'token',
        '*.token',
        'req.headers.authorization',
      ],
      censor: '[redacted]',
    },
    ...options,
  };
  return destination ? pino(opts, destination) : pino(opts);
}

/**
 * Binds a request id to the rest of the current asynchronous flow. For frameworks whose
 * hooks cannot wrap the handler in a callback (Fastify's onRequest).
 */
export function enterRequestContext(requestId: string): void {
  storage.enterWith({ requestId });
}

/**
 * From how many milliseconds a request that succeeded is logged at info ("slow"): below it a
 * successful request is logged at debug only. `LOG_SLOW_MS` sets it (default 1000).
 */
export function slowRequestMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.LOG_SLOW_MS);
  return Number.isFinite(ms) && ms >= 0 && env.LOG_SLOW_MS !== '' && env.LOG_SLOW_MS !== undefined
    ? ms
    : 1000;
}
