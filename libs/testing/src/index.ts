export * from './test-database';
export * from './wait';
