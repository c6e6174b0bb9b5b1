export * from './tracing';
export * from './sql-tracing';
export * from './metrics';
