import { VALIDATION_MESSAGES as V } from '@planted/domain';
import { BillingCheckout, BillingCheckoutSuccess, checkoutInputSchema } from './subscriptions';
import { BILLING_MESSAGES } from './messages';

const actor = {
  userId: '00000000-0000-4000-8000-000000000001',
  customerId: '00000000-0000-4000-8000-000000000002',
  role: 'admin',
  email: 'a@example.com',
  name: 'A',
} as const;

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('checkout payload (spec §5 Checkout, §7 Subscriptions)', () => {
  it("defaults billingInterval to 'month', the interval the screen uses", () => {
    expect(checkoutInputSchema.parse({ priceId: 'price_teams_monthly' })).toEqual({
      priceId: 'price_teams_monthly',
      billingInterval: 'month',
    });
  });

  it.each([[{}], [{ priceId: '' }], [{ priceId: '   ' }], [{ priceId: null }]])(
    "answers a missing price id with 'Price ID not available for this plan' (%j)",
    (input) => {
      expect(messages(BillingCheckout.request.safeParse({ actor, ...input }))).toEqual([
        `priceId: ${V.PRICE_ID_NOT_AVAILABLE}`,
      ]);
    },
  );

  it('refuses an interval other than month or year', () => {
    expect(messages(checkoutInputSchema.safeParse({ priceId: 'p', billingInterval: 'week' }))).toEqual([
      `billingInterval: ${BILLING_MESSAGES.BILLING_INTERVAL_INVALID}`,
    ]);
  });
});

describe('checkout success payload', () => {
  it('needs a session id', () => {
    expect(messages(BillingCheckoutSuccess.request.safeParse({ actor, sessionId: '' }))).toEqual([
      `sessionId: ${BILLING_MESSAGES.SESSION_ID_REQUIRED}`,
    ]);
  });
});
