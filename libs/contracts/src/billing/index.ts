export * from './error-codes';
export * from './events';
export * from './messages';
export * from './models';
export * from './subscriptions';
export * from './webhooks';
