export * from './nats-connection';
export * from './nest-transport';
export * from './nest-handlers';
export * from './typed-client';
export * from './streams';
export * from './consumer';
export * from './outbox/outbox-table';
export * from './outbox/outbox-relay';
