export * from './models';
export * from './fields';
export * from './login';
export * from './register';
export * from './profile';
export * from './invitations';
export * from './keys';
export * from './events';
