import type { IncomingRequest } from '@planted/messaging';

/**
 * The admission step: every request to every service passes here, inside its request id,
 * before Nest's pipes and before any handler runs (ServiceNatsServer calls it for each
 * subject it serves). Throwing a ServiceError refuses the request: the caller gets that
 * code and message, the handler never runs, and /metrics counts the refusal.
 *
 * Today every request is admitted. Actor verification goes here (the next issue): the
 * caller's session token checked with identity's public keys, or, for the few subjects
 * only the gateway may call, the gateway's short-lived signed assertion. Keeping it in
 * this one place means no handler can forget it.
 */
export function admitRequest(_request: IncomingRequest): void {}
