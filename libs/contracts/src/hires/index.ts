export * from './customer-stats';
