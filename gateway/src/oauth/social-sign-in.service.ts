import { randomBytes } from 'node:crypto';
import passport from 'passport';
import {
  IdentityOAuthCompleteSignup,
  IdentityOAuthSignIn,
  MESSAGES,
  OAUTH_PROVIDER_ID_PARAM,
  oauthCompleteSignupRequestSchema,
  ServiceError,
  type OAuthProvider,
  type Session,
  type TypedClient,
} from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { parseInput } from '../validation/parse';
import type {
  AuthorizationState,
  OAuthRequest,
  ProviderProfile,
  SignInIntent,
  StoredAuthorization,
} from './oauth-request';
import type { OidcStrategy } from './oidc-strategy';
import type { PendingSignups } from './pending-signups';
import {
  bindingCookie,
  bindingFromCookies,
  clearedBindingCookie,
  newBrowserBinding,
  sameBrowser,
  SIGNUP_BINDING_COOKIE,
  signupBindingCookie,
} from './browser-binding';
import { runPassport, type PassportInstance } from './run-passport';

/** Where the browser goes when a sign-in fails at or after the provider (LoginScreen explains it). */
export const OAUTH_FAILED = '/login?error=oauth_failed';
export const PROVIDER_UNAVAILABLE = '/login?error=provider_unavailable';
/** An account has the provider's email but has never proved it owns it: it is not linked. */
export const EMAIL_UNVERIFIED = '/login?error=email_unverified';

/** Where to send the browser, and the cookies to set on the way (see browser-binding.ts). */
export interface BrowserStep {
  location: string;
  setCookie?: string | string[];
}

const signupNotProven = () => new ServiceError('VALIDATION_FAILED', MESSAGES.OAUTH_SIGNUP_FAILED);

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/**
 * Social sign-in (spec §4): sends the browser to the provider, turns the provider's
 * answer into a session or a pending signup, and completes that signup.
 */
export class SocialSignIn {
  // An Authenticator of our own rather than passport's global one: two gateways in one
  // process (tests) must not share or overwrite each other's strategies.
  private readonly passport: PassportInstance = new passport.Passport();
  private readonly enabled = new Set<OAuthProvider>();

  constructor(
    strategies: OidcStrategy[],
    private readonly bus: TypedClient,
    private readonly pending: PendingSignups,
    private readonly logger: Logger,
    /** How long a started sign-in stays valid (the state's TTL, and the binding cookie's). */
    private readonly stateTtlSeconds: number,
  ) {
    for (const strategy of strategies) {
      this.passport.use(strategy.provider, strategy);
      this.enabled.add(strategy.provider);
    }
  }

  /**
   * The provider's authorization URL for a new sign-in, with state, nonce and PKCE
   * challenge, and the cookie that binds the sign-in to this browser. secure: the request
   * came over HTTPS.
   */
  async start(provider: OAuthProvider, intent: unknown, secure: boolean): Promise<BrowserStep> {
    if (!this.enabled.has(provider)) return { location: PROVIDER_UNAVAILABLE };
    const binding = newBrowserBinding();
    const state: AuthorizationState = {
      intent: intent === 'signup' ? 'signup' : 'login',
      nonce: randomBytes(24).toString('base64url'),
      browserHash: binding.hash,
    };
    const request: OAuthRequest = {
      method: 'GET',
      url: `/api/auth/${provider}`,
      headers: {},
      query: {},
      body: {},
    };
    const outcome = await runPassport(this.passport, provider, request, { state });
    if (outcome.kind === 'redirect' && outcome.location) {
      return {
        location: outcome.location,
        setCookie: bindingCookie(provider, binding.value, this.stateTtlSeconds, secure),
      };
    }
    this.logger.warn(
      { provider, outcome: outcome.kind, err: 'error' in outcome ? errorText(outcome.error) : undefined },
      'social sign-in could not start',
    );
    return { location: OAUTH_FAILED };
  }

  /**
   * Where the browser goes after the provider sent it back (query for a redirect, body for
   * form_post); cookies: the request's Cookie header. The binding cookie is removed.
   */
  async callback(
    provider: OAuthProvider,
    query: Record<string, unknown>,
    body: Record<string, unknown>,
    cookies: string | undefined,
    secure: boolean,
  ): Promise<BrowserStep> {
    if (!this.enabled.has(provider)) return { location: PROVIDER_UNAVAILABLE };
    const request: OAuthRequest = {
      method: 'GET',
      url: `/api/auth/${provider}/callback`,
      headers: { cookie: cookies },
      query,
      body,
    };
    const { location, setCookie } = await this.callbackStep(provider, request, secure);
    // The cookie has done its work once the state it was bound to is used; a callback that
    // did not match it (a link from elsewhere) leaves this browser's own sign-in alone.
    const set = request.authorization ? [clearedBindingCookie(provider, secure)] : [];
    if (typeof setCookie === 'string') set.push(setCookie);
    return set.length > 0 ? { location, setCookie: set } : { location };
  }

  private async callbackStep(
    provider: OAuthProvider,
    request: OAuthRequest,
    secure: boolean,
  ): Promise<BrowserStep> {
    const { query, body } = request;
    // Without a code passport-oauth2 would start a new sign-in; a callback without one is a refusal (access_denied) or junk.
    if (!query.code && !body.code) {
      this.logger.info(
        { provider, error: query.error ?? body.error },
        'social sign-in refused at the provider',
      );
      return { location: OAUTH_FAILED };
    }
    const outcome = await runPassport(this.passport, provider, request, {});
    if (outcome.kind !== 'success') {
      const reason =
        outcome.kind === 'error'
          ? errorText(outcome.error)
          : outcome.kind === 'fail'
            ? outcome.challenge
            : outcome.kind;
      this.logger.warn({ provider, reason }, 'social sign-in failed');
      return { location: OAUTH_FAILED };
    }
    const intent = (outcome.info as { state?: StoredAuthorization } | undefined)?.state?.intent ?? 'login';
    // A browser navigation: identity's refusal (an inactive user) and our own failures alike end on the login screen.
    return this.finish(outcome.user as ProviderProfile, intent, secure).catch((err: unknown) => {
      if (err instanceof ServiceError && err.code === 'INVALID_CREDENTIALS') {
        this.logger.warn({ provider, intent }, 'social sign-in refused');
      } else {
        this.logger.error({ provider, intent, err: errorText(err) }, 'social sign-in could not finish');
      }
      return { location: OAUTH_FAILED };
    });
  }

  /**
   * POST /api/auth/{provider}/complete-signup: only for a provider id the provider really
   * answered with, for this email, from the browser it answered to (cookies: the request's
   * Cookie header, which carries that browser's signup binding).
   */
  async completeSignup(provider: OAuthProvider, body: unknown, cookies?: string): Promise<Session> {
    const input = parseInput(oauthCompleteSignupRequestSchema, body);
    const providerId = input[OAUTH_PROVIDER_ID_PARAM[provider]];
    const pending =
      this.enabled.has(provider) && providerId
        ? await this.pending.find(provider, providerId, input.email)
        : undefined;
    if (pending && !sameBrowser(bindingFromCookies(cookies, SIGNUP_BINDING_COOKIE), pending.browserHash)) {
      this.logger.warn({ provider }, 'social signup completion from another browser than the sign-in');
      throw signupNotProven();
    }
    if (!providerId || !pending) {
      this.logger.warn({ provider }, 'social signup completion without a matching provider sign-in');
      throw signupNotProven();
    }
    const session = await this.bus.send(IdentityOAuthCompleteSignup, {
      provider,
      providerId,
      email: input.email,
      customerName: input.customerName,
      customerAddress: input.customerAddress,
      userName: input.userName,
      emailVerified: pending.emailVerified,
    });
    await this.pending.forget(provider, providerId);
    return session;
  }

  private async finish(
    profile: ProviderProfile,
    intent: SignInIntent,
    secure: boolean,
  ): Promise<BrowserStep> {
    const { provider, providerId, email } = profile;
    if (!email) {
      this.logger.warn({ provider }, 'provider answered without an email address');
      return { location: OAUTH_FAILED };
    }
    const answer = await this.bus.send(IdentityOAuthSignIn, {
      provider,
      providerId,
      email,
      emailVerified: profile.emailVerified,
      name: profile.name.slice(0, 255),
    });
    if (answer.status === 'signed_in') {
      const { token, customer } = answer.session;
      return {
        location: `/auth/success?${new URLSearchParams({ token, customer: JSON.stringify(customer) })}`,
      };
    }
    if (answer.status === 'email_unverified') {
      this.logger.warn(
        { provider, intent },
        'social sign-in refused: the account has not proved it owns the email',
      );
      return { location: EMAIL_UNVERIFIED };
    }
    const binding = newBrowserBinding();
    await this.pending.remember(provider, providerId, email, profile.emailVerified, binding.hash);
    this.logger.info({ provider, intent }, 'social sign-in without a company: signup to complete');
    const params = new URLSearchParams({ error: 'no_tenancy' });
    params.set(OAUTH_PROVIDER_ID_PARAM[provider], providerId);
    params.set('email', email);
    params.set('name', profile.name);
    return {
      location: `/signup?${params}`,
      setCookie: signupBindingCookie(provider, binding.value, this.pending.ttlSeconds, secure),
    };
  }
}
