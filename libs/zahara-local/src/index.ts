export * from './simulator';
export type {
  ActiveFailure,
  DropAfterCreateFailure,
  FailureScope,
  ServerErrorsFailure,
  SlowFailure,
  ZaharaFailures,
} from './failures';
export type * from './models';
export type { CreatableResource } from './router';
export { CREATABLE_RESOURCES } from './router';
export type { TenantSnapshot, StoredPurchaseOrder } from './tenant';
