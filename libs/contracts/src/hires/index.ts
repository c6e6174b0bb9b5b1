export * from './customer-stats';
export * from './error-codes';
export * from './events';
export * from './fields';
export * from './models';
export * from './sites';
export * from './hires';
export * from './site-events';
