export {
  startLocalStripe,
  LOCAL_STRIPE_API_VERSION,
  type LocalStripe,
  type LocalStripeOptions,
} from './server';
export { DEFAULT_VAT_TAX_RATE_ID, defaultPrices, defaultPriceId } from './prices';
export { signatureHeader } from './webhooks';
export type { DeliveryAttempt } from './webhooks';
export type { PriceConfig } from './state';
export type { StripeEvent } from './model';
export { TEST_CARD } from './checkout-page';
export { DECLINED_TEST_CARD } from './billing';
