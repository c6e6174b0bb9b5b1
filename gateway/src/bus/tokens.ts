export const BUS = Symbol('BUS');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const REDIS = Symbol('REDIS');
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const LOGGER = Symbol('LOGGER');
