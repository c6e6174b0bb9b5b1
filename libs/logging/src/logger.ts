import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

/** Header used on HTTP and NATS to carry the request id from the gateway into services. */
export const REQUEST_ID_HEADER = 'x-request-id';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId || randomUUID() }, fn);
}

export function newRequestId(): string {
  return randomUUID();
}

/** JSON logger; every line written inside a request carries that request's id. */
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
