export * from './nats-connection';
export * from './nest-transport';
export * from './nest-handlers';
export * from './typed-client';
export * from './outbox/outbox-table';
