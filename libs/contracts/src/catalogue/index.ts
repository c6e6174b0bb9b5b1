export * from './fields';
export * from './models';
export * from './equipment';
export * from './suppliers';
export * from './events';
