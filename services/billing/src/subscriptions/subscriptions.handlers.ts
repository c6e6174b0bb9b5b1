import { Controller } from '@nestjs/common';
import {
  BillingCheckout,
  BillingCheckoutSuccess,
  BillingDowngradeToFree,
  BillingKeepPlan,
  BillingPlansList,
  BillingStripeWebhook,
  BillingSubscriptionGet,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { PlanCatalogue } from '../plans/plan-catalogue';
import { StripeEventsService } from '../webhooks/stripe-events.service';
import { SubscriptionsService } from './subscriptions.service';

@Controller()
export class SubscriptionsHandlers {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly catalogue: PlanCatalogue,
    private readonly stripeEvents: StripeEventsService,
  ) {}

  @Handles(BillingPlansList)
  plans() {
    return { plans: this.catalogue.list() };
  }

  @Handles(BillingSubscriptionGet)
  current({ actor }: ParsedRequestOf<typeof BillingSubscriptionGet>) {
    return this.subscriptions.current(actor);
  }

  @Handles(BillingCheckout)
  checkout({ actor, priceId, billingInterval }: ParsedRequestOf<typeof BillingCheckout>) {
    return this.subscriptions.checkout(actor, { priceId, billingInterval });
  }

  @Handles(BillingCheckoutSuccess)
  success({ actor, sessionId }: ParsedRequestOf<typeof BillingCheckoutSuccess>) {
    return this.subscriptions.confirmCheckout(actor, sessionId);
  }

  @Handles(BillingDowngradeToFree)
  downgradeToFree({ actor }: ParsedRequestOf<typeof BillingDowngradeToFree>) {
    return this.subscriptions.downgradeToFree(actor);
  }

  @Handles(BillingKeepPlan)
  keepPlan({ actor }: ParsedRequestOf<typeof BillingKeepPlan>) {
    return this.subscriptions.keepPlan(actor);
  }

  @Handles(BillingStripeWebhook)
  webhook({ event }: ParsedRequestOf<typeof BillingStripeWebhook>) {
    return this.stripeEvents.receive(event);
  }
}
