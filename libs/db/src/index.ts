export * from './database';
export * from './inline-params';
