import { Module } from '@nestjs/common';
import { CONFIG } from '@planted/service-kit';
import type { BillingConfig } from '../config';
import { PlanCatalogue } from '../plans/plan-catalogue';
import { createStripeClient, STRIPE } from '../stripe/stripe-client';
import { StripeGateway } from '../stripe/stripe-gateway';
import { StripeEventsService } from '../webhooks/stripe-events.service';
import { RenewalCheck } from './renewal-check';
import { SubscriptionsHandlers } from './subscriptions.handlers';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';

@Module({
  controllers: [SubscriptionsHandlers],
  providers: [
    { provide: STRIPE, useFactory: (config: BillingConfig) => createStripeClient(config), inject: [CONFIG] },
    StripeGateway,
    PlanCatalogue,
    SubscriptionsRepository,
    SubscriptionsService,
    StripeEventsService,
    RenewalCheck,
  ],
})
export class SubscriptionsModule {}
