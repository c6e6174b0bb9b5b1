export * from './subject';
export * from './errors';
export * from './text';
export * from './validation';
export * from './messages';
export * from './identity';
export * from './hires';
