export * from './customer-stats';
export * from './error-codes';
