/** Injection tokens of the things createIdentityApp builds before Nest starts. */
export const CONFIG = Symbol('IDENTITY_CONFIG');
export const LOGGER = Symbol('IDENTITY_LOGGER');
export const DATABASE = Symbol('IDENTITY_DATABASE');
export const SIGNING_KEY = Symbol('IDENTITY_SIGNING_KEY');
export const OUTBOX_RELAY = Symbol('IDENTITY_OUTBOX_RELAY');
