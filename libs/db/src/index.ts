export * from './database';
export * from './db-errors';
export * from './inline-params';
export * from './search-text';
export * from './read-model';
export * from './scheduled-runs';
export * from './timestamps';
