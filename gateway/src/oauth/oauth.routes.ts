import {
  IdentityOAuthCompleteSignup,
  oauthCompleteSignupRequestSchema,
  OAUTH_PROVIDERS,
  textField,
  type OAuthProvider,
} from '@planted/contracts';
import { handWritten, route, type HandWrittenRoute } from '../routes/route-kit';

const NAMES: Record<OAuthProvider, string> = { google: 'Google', microsoft: 'Microsoft', apple: 'Apple' };

const cap = (provider: OAuthProvider) => provider[0].toUpperCase() + provider.slice(1);

/** Spec §7: a JSON call from /signup in social completion mode. */
export const COMPLETE_SIGNUP_ROUTES = OAUTH_PROVIDERS.map((provider) =>
  route(IdentityOAuthCompleteSignup, {
    method: 'POST',
    path: `/api/auth/${provider}/complete-signup`,
    operationId: `complete${cap(provider)}Signup`,
    summary: `Creates the company of a ${NAMES[provider]} user who had none; answers token, user, customer`,
    tag: 'auth',
    description:
      'Only from the browser the provider answered to: it brings the planted_signup cookie set on its return to /signup.',
    access: 'public',
    input: oauthCompleteSignupRequestSchema,
    handle: (input, context, deps) => deps.social.completeSignup(provider, input, context.cookies),
  }),
);

const REDIRECT_HEADERS = {
  Location: { description: 'Where the browser goes next' },
  'Set-Cookie': {
    description:
      'The cookie binding the sign-in to this browser (set on start, cleared on return), and on return to /signup the one binding the signup left to complete (complete-signup refuses any other browser)',
  },
};

const START = 'To the provider (state, nonce, PKCE S256), or /login?error=provider_unavailable';
const BACK =
  '/auth/success?token&customer, /signup?error=no_tenancy&<provider>Id&email&name, or /login?error=oauth_failed|provider_unavailable';

/** What a provider sends back, in the query (redirect) or a form body (Apple's form_post). */
const providerAnswer = {
  code: textField({ label: 'code' }).optional(),
  state: textField({ label: 'state' }).optional(),
  error: textField({ label: 'error' }).optional(),
};

const why = 'a browser navigation answered with a redirect, never JSON';

const byProvider = (declare: (provider: OAuthProvider) => HandWrittenRoute) =>
  Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, declare(p)])) as Record<OAuthProvider, HandWrittenRoute>;

/** Browser navigations (spec §7): every outcome is a 302 (oauth/oauth.controller.ts). */
export const OAUTH_START_ROUTES = byProvider((provider) =>
  handWritten({
    method: 'GET',
    path: `/api/auth/${provider}`,
    operationId: `start${cap(provider)}SignIn`,
    summary: `Starts ${NAMES[provider]} sign-in`,
    tag: 'auth',
    access: 'public',
    why,
    // login or signup; anything else means login.
    query: { state: textField({ label: 'state' }).optional() },
    answers: { 302: { description: START, headers: REDIRECT_HEADERS } },
    errors: [],
  }),
);

export const OAUTH_CALLBACK_ROUTES = byProvider((provider) =>
  handWritten({
    method: 'GET',
    path: `/api/auth/${provider}/callback`,
    operationId: `finish${cap(provider)}SignIn`,
    summary: `${NAMES[provider]} sends the browser back here`,
    tag: 'auth',
    access: 'public',
    why,
    query: providerAnswer,
    answers: { 302: { description: BACK, headers: REDIRECT_HEADERS } },
    errors: [],
  }),
);

export const APPLE_FORM_POST_CALLBACK_ROUTE = handWritten({
  method: 'POST',
  path: '/api/auth/apple/callback',
  operationId: 'finishAppleSignInFormPost',
  summary: 'Apple posts its answer here (response_mode=form_post, urlencoded)',
  tag: 'auth',
  access: 'public',
  why,
  body: {
    mediaType: 'application/x-www-form-urlencoded',
    schema: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        state: { type: 'string' },
        id_token: { type: 'string' },
        user: { type: 'string' },
        error: { type: 'string' },
      },
    },
  },
  answers: { 302: { description: BACK, headers: REDIRECT_HEADERS } },
  errors: ['VALIDATION_FAILED'],
});

export const OAUTH_REDIRECT_ROUTES: HandWrittenRoute[] = [
  ...OAUTH_PROVIDERS.flatMap((p) => [OAUTH_START_ROUTES[p], OAUTH_CALLBACK_ROUTES[p]]),
  APPLE_FORM_POST_CALLBACK_ROUTE,
];
