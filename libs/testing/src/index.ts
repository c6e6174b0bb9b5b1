export * from './test-database';
export * from './wait';
export * from './free-port';
export * from './service-harness';
export * from './fake-oidc-provider';
export * from './fake-smtp';
export * from './test-keys';
export * from './test-nats-server';
