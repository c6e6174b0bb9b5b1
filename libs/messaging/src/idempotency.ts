import { AsyncLocalStorage } from 'node:async_hooks';
import { ServiceError } from '@planted/contracts';

/**
 * NATS header carrying the client's Idempotency-Key from the gateway into the service
 * (design.md, Contracts). The typed client sets it from the current key; the service's
 * NATS server runs the handler inside it, so a creating handler can find a request it
 * already carried out (see `idempotencyKeysTable` and the service kit's `Idempotency`).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

const storage = new AsyncLocalStorage<string>();

/** The Idempotency-Key of the request being served, if its caller sent one. */
export function currentIdempotencyKey(): string | undefined {
  return storage.getStore();
}

/** Runs `fn` with `key` as the current Idempotency-Key (no key: `fn` as it is). */
export function runWithIdempotencyKey<T>(key: string | undefined, fn: () => T): T {
  return key ? storage.run(key, fn) : fn();
}

/**
 * The caller gave up waiting for the reply (timeout, or the connection dropped after the
 * request left): the service may or may not have carried it out. Still UNAVAILABLE for
 * anyone who only reads codes; the gateway tells the client that a retry with the same
 * Idempotency-Key is safe. "No service answers" is not this: that request was never served.
 */
export class OutcomeUnknownError extends ServiceError {
  constructor(message: string) {
    super('UNAVAILABLE', message);
    this.name = 'OutcomeUnknownError';
  }
}
