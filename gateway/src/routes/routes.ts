import { AUTH_ROUTES, PROFILE_PICTURE_ROUTE } from '../auth/auth.routes';
import { CUSTOMERS_ROUTES } from '../customers/customers.routes';
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
];

/** Routes Nest controllers serve themselves (see `Serve`), documented from these declarations. */
export const HAND_WRITTEN_ROUTES: readonly HandWrittenRoute[] = [
  PROFILE_PICTURE_ROUTE,
  ...OAUTH_REDIRECT_ROUTES,
];

/** The whole REST API: what OpenAPI documents and the bad-input tests walk. */
export const ALL_ROUTES: readonly AnyRoute[] = [...KIT_ROUTES, ...HAND_WRITTEN_ROUTES];
