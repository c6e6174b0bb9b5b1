import { AUTH_ROUTES, PROFILE_PICTURE_ROUTE } from '../auth/auth.routes';
import { BILLING_ROUTES } from '../billing/billing.routes';
import { STRIPE_WEBHOOK_ROUTE } from '../billing/stripe-webhook';
import { EQUIPMENT_ROUTES } from '../catalogue/equipment.routes';
import { EQUIPMENT_UPLOAD_ROUTES } from '../catalogue/equipment-upload';
import { SUPPLIERS_ROUTES } from '../catalogue/suppliers.routes';
import { CUSTOMERS_ROUTES } from '../customers/customers.routes';
import { HIRES_ROUTES } from '../hires/hires.routes';
import { SITES_ROUTES } from '../hires/sites.routes';
import { INVITATIONS_ROUTES } from '../invitations/invitations.routes';
import { COMPLETE_SIGNUP_ROUTES, OAUTH_REDIRECT_ROUTES } from '../oauth/oauth.routes';
import { USERS_ROUTES } from '../users/users.routes';
import type { AnyRoute, HandWrittenRoute, RouteDeclaration } from './route-kit';

/** Every route the kit serves. */
export const KIT_ROUTES: readonly RouteDeclaration[] = [
  ...AUTH_ROUTES,
  ...COMPLETE_SIGNUP_ROUTES,
  ...USERS_ROUTES,
  ...INVITATIONS_ROUTES,
  ...CUSTOMERS_ROUTES,
  ...EQUIPMENT_ROUTES,
  ...SUPPLIERS_ROUTES,
  ...SITES_ROUTES,
  ...HIRES_ROUTES,
  ...BILLING_ROUTES,
];

/**
 * Routes served by code of their own, documented from these declarations: Nest controllers
 * (see `Serve`), the equipment uploads (registerEquipmentUploads) and Stripe's webhook
 * (registerStripeWebhook).
 */
export const HAND_WRITTEN_ROUTES: readonly HandWrittenRoute[] = [
  PROFILE_PICTURE_ROUTE,
  ...EQUIPMENT_UPLOAD_ROUTES,
  ...OAUTH_REDIRECT_ROUTES,
  STRIPE_WEBHOOK_ROUTE,
];

/** The whole REST API: what OpenAPI documents and the bad-input tests walk. */
export const ALL_ROUTES: readonly AnyRoute[] = [...KIT_ROUTES, ...HAND_WRITTEN_ROUTES];
