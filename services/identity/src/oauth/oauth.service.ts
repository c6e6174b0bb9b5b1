import { Inject, Injectable } from '@nestjs/common';
import {
  IdentityOAuthCompleteSignup,
  type IdentityOAuthSignIn,
  type ParsedRequestOf,
  type ReplyOf,
  type Session,
} from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { uniqueViolation } from '@planted/db';
import { OutboxService, DATABASE, LOGGER } from '@planted/service-kit';
import { invalidCredentials } from '../auth/auth.errors';
import { CustomersRepository } from '../customers/customers.repository';
import type { IdentityDatabase, IdentityTx } from '../db/database';
import type { UserRow } from '../db/schema';
import { SessionIssuer } from '../keys/session-issuer';
import { CompanyRegistration } from '../customers/company-registration';
import { EMAIL_UNIQUE_INDEX, emailTaken } from '../users/users.errors';
import { PROVIDER_ID_KEY, UsersRepository } from '../users/users.repository';
import { PROVIDER_ID_UNIQUE, providerAlreadyLinked } from './oauth.errors';

type SignInInput = ParsedRequestOf<typeof IdentityOAuthSignIn>;
type SignInReply = ReplyOf<typeof IdentityOAuthSignIn>;
type CompleteSignupInput = ParsedRequestOf<typeof IdentityOAuthCompleteSignup>;

/** linkByEmail's answer for a user with the email who has not proved they own it. */
const UNPROVEN = Symbol('email unproven');

/**
 * Sign-in through Google, Microsoft or Apple, after the gateway has verified the
 * provider's id_token. Which account a provider account reaches:
 *  1. the user already linked to that provider id;
 *  2. else, only when the provider vouches for the email, the user with that email
 *     (any case), which gets the provider id linked from then on, provided the user has
 *     proved they own the address too (emailVerifiedAt); if not, nobody (email_unverified):
 *     anyone can type someone else's address into a signup or a profile;
 *  3. else nobody: the browser is sent to complete a signup (no_tenancy).
 * An inactive user is refused like a wrong password, and is never linked.
 */
@Injectable()
export class OAuthService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly users: UsersRepository,
    private readonly customers: CustomersRepository,
    private readonly sessions: SessionIssuer,
    private readonly registration: CompanyRegistration,
    private readonly outbox: OutboxService,
  ) {}

  async signIn(input: SignInInput): Promise<SignInReply> {
    const found = await this.database
      .withSystem(async (tx) => {
        const user =
          (await this.users.findByProviderId(tx, input.provider, input.providerId)) ??
          (input.emailVerified ? await this.linkByEmail(tx, input) : undefined);
        if (!user || user === UNPROVEN) return user;
        if (!user.isActive) throw invalidCredentials();
        const customer = await this.customers.findById(tx, user.customerId);
        if (!customer) throw invalidCredentials();
        return { user, customer };
      })
      .catch((err: unknown) => {
        // Another sign-in linked this provider id to someone else between our read and write.
        if (uniqueViolation(err) === PROVIDER_ID_UNIQUE[input.provider]) throw invalidCredentials();
        throw err;
      });
    if (!found) return { status: 'no_tenancy' };
    if (found === UNPROVEN) return { status: 'email_unverified' };
    return { status: 'signed_in', session: await this.sessions.issue(found.user, found.customer) };
  }

  /**
   * A new company on the free plan whose admin has no password, and both events, in one
   * transaction, once per Idempotency-Key (as register).
   */
  async completeSignup(input: CompleteSignupInput): Promise<Session> {
    const { user, customer } = await this.registration
      .createOnce(
        { subject: IdentityOAuthCompleteSignup, input },
        { name: input.customerName, address: input.customerAddress },
        async () => undefined,
        () => ({
          name: input.userName,
          email: input.email,
          passwordHash: null,
          emailVerifiedAt: input.emailVerified ? new Date() : null,
          [PROVIDER_ID_KEY[input.provider]]: input.providerId,
        }),
      )
      .catch((err: unknown) => {
        const constraint = uniqueViolation(err);
        if (constraint === EMAIL_UNIQUE_INDEX) throw emailTaken();
        if (constraint === PROVIDER_ID_UNIQUE[input.provider]) throw providerAlreadyLinked();
        throw err;
      });
    this.outbox.committed();
    this.logger.info(
      { userId: user.id, customerId: customer.id, provider: input.provider },
      'company registered',
    );
    return this.sessions.issue(user, customer);
  }

  /**
   * The user with the provider's verified email, linked to the provider id. No event:
   * the provider ids never leave this service, so nothing others see has changed.
   */
  private async linkByEmail(
    tx: IdentityTx,
    input: SignInInput,
  ): Promise<UserRow | typeof UNPROVEN | undefined> {
    const user = await this.users.findByEmail(tx, input.email);
    if (!user) return undefined;
    if (!user.isActive) throw invalidCredentials();
    if (!user.emailVerifiedAt) {
      this.logger.warn(
        { userId: user.id, provider: input.provider },
        'sign-in provider not linked: the account has not proved it owns its email',
      );
      return UNPROVEN;
    }
    // The email's owner already signs in with another account of this provider: do not take it over.
    if (user[PROVIDER_ID_KEY[input.provider]] !== null) throw invalidCredentials();
    const linked = await this.users.linkProvider(tx, user, input.provider, input.providerId);
    if (!linked) throw invalidCredentials();
    this.logger.info(
      { userId: user.id, provider: input.provider },
      'sign-in provider linked by verified email',
    );
    return linked;
  }
}
