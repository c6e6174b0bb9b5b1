/** Injection tokens of what the kit builds before Nest starts; a service's modules inject them. */
export const CONFIG = Symbol('SERVICE_CONFIG');
export const LOGGER = Symbol('SERVICE_LOGGER');
export const DATABASE = Symbol('SERVICE_DATABASE');
export const OUTBOX_TABLE = Symbol('SERVICE_OUTBOX_TABLE');
export const OUTBOX_RELAY = Symbol('SERVICE_OUTBOX_RELAY');
/**
 * A TypedClient over the service's NATS connection, for the few calls one service makes to
 * another for the user it is serving ('user' subjects forward the request's session token,
 * so the callee's admission sees the same verified user).
 */
export const BUS = Symbol('SERVICE_BUS');
