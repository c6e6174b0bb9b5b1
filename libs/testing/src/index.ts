export * from './test-database';
export * from './wait';
export * from './fake-oidc-provider';
export * from './fake-smtp';
