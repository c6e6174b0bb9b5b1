import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type Customer,
  type ParsedRequestOf,
  type IdentityLogin,
  type IdentityProfileUpdate,
  IdentityRegister,
  type IdentityChangePassword,
  type Session,
  type User,
  IDEMPOTENCY,
  isOwnProfilePicture,
  MESSAGES,
  ServiceError,
} from '@planted/contracts';
import { decodeJwt } from 'jose';
import { currentSessionToken, type Logger } from '@planted/logging';
import { uniqueViolation } from '@planted/db';
import { OutboxService, DATABASE, LOGGER } from '@planted/service-kit';
import { toCustomer } from '../customers/customer.mapper';
import { companyNotFound } from '../customers/customers.errors';
import { CustomersRepository } from '../customers/customers.repository';
import type { IdentityDatabase } from '../db/database';
import type { UserRow } from '../db/schema';
import { SessionIssuer } from '../keys/session-issuer';
import { SessionRevoker } from '../sessions/session-revoker';
import { CompanyRegistration } from '../customers/company-registration';
import { toUser } from '../users/user.mapper';
import { EMAIL_UNIQUE_INDEX, emailTaken } from '../users/users.errors';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { MailService } from '../mail/mail.service';
import { invalidCredentials, samePassword, wrongPassword } from './auth.errors';
import { PasswordHasher } from './password-hasher';
import { PasswordResetService } from './password-reset.service';

type RegisterInput = ParsedRequestOf<typeof IdentityRegister>;
type LoginInput = ParsedRequestOf<typeof IdentityLogin>;
type ProfileUpdateInput = Omit<ParsedRequestOf<typeof IdentityProfileUpdate>, 'actor'>;
type ChangePasswordInput = Omit<ParsedRequestOf<typeof IdentityChangePassword>, 'actor'>;

function mapEmailTaken(err: unknown): never {
  if (uniqueViolation(err) === EMAIL_UNIQUE_INDEX) throw emailTaken();
  throw err;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly customers: CustomersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionIssuer,
    private readonly registration: CompanyRegistration,
    private readonly outbox: OutboxService,
    private readonly revoker: SessionRevoker,
    private readonly resets: PasswordResetService,
    private readonly invitations: InvitationsRepository,
    private readonly mail: MailService,
  ) {}

  /**
   * A new company on the free plan with its creator as admin, and both events, in one
   * transaction; once per Idempotency-Key (a retry answers a fresh session of that admin,
   * only with the password it was registered with: the key and the company's details alone
   * would otherwise open the admin's account).
   */
  async register(input: RegisterInput): Promise<Session> {
    const { user, customer } = await this.registration
      .createOnce(
        { subject: IdentityRegister, input: { ...input, password: undefined } },
        { name: input.customerName, address: input.customerAddress },
        () => this.hasher.hash(input.password),
        (passwordHash) => ({ name: input.userName, email: input.email, passwordHash }),
        async (registered) => {
          const same = registered.passwordHash
            ? await this.hasher.verify(registered.passwordHash, input.password)
            : false;
          if (!same) throw new ServiceError('CONFLICT', IDEMPOTENCY.KEY_REUSED);
        },
      )
      .catch(mapEmailTaken);
    this.outbox.committed();
    this.logger.info({ userId: user.id, customerId: customer.id }, 'company registered');
    return this.sessions.issue(user, customer);
  }

  /**
   * Unknown email, wrong password, inactive user and a user without a password all cost
   * one argon2 verification and give the same error, so answers reveal no accounts.
   */
  async login(input: LoginInput): Promise<Session> {
    const found = await this.database.withSystem(async (tx) => {
      const user = await this.users.findByEmail(tx, input.email);
      const customer = user ? await this.customers.findById(tx, user.customerId) : undefined;
      return user && customer ? { user, customer } : undefined;
    });
    const storedHash = found?.user.passwordHash;
    const passwordMatches = storedHash
      ? await this.hasher.verify(storedHash, input.password)
      : await this.hasher.verifyDummy(input.password);
    if (!found || !passwordMatches || !found.user.isActive) throw invalidCredentials();

    if (storedHash && this.hasher.needsRehash(storedHash)) await this.rehash(found.user, input.password);
    return this.sessions.issue(found.user, found.customer);
  }

  profile(actor: Actor): Promise<{ user: User; customer: Customer }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const { user, customer } = await this.usersService.requireActiveActorWithCompany(tx, actor);
      if (!customer) throw companyNotFound();
      return { user: toUser(user), customer: toCustomer(customer) };
    });
  }

  verify(actor: Actor): Promise<{ user: User }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => ({
      user: toUser(await this.usersService.requireActiveActor(tx, actor)),
    }));
  }

  /**
   * Email stays one account across every company: the unique index answers, even for users this
   * company cannot see. A change answers a fresh token for this session, since the old one's
   * claims (read by the services: a note's author, the Stripe customer's email) name the user as
   * they were. A new email also ends every other session of the user, as a password change does:
   * it is where password resets go; and the address it replaces is told (a notice, after the
   * commit), so an owner whose session was taken over hears of it.
   */
  async updateProfile(actor: Actor, input: ProfileUpdateInput): Promise<{ user: User; token?: string }> {
    // Not an address some company invited (an open invitation): its owner could no longer accept.
    if (input.email.toLowerCase() !== actor.email.toLowerCase()) {
      const invited = await this.database.withSystem((tx) =>
        this.invitations.openToAnyCompany(tx, input.email, new Date()),
      );
      if (invited) throw new ServiceError('EMAIL_TAKEN', MESSAGES.EMAIL_INVITED);
    }
    const { user, token, previousEmail } = await this.database
      .withTenant(actor.customerId, async (tx) => {
        const { user: current, customer } = await this.usersService.requireActiveActorWithCompany(tx, actor);
        if (current.name === input.name && current.email === input.email) return { user: current };
        if (!customer) throw companyNotFound();
        if (current.email.toLowerCase() === input.email.toLowerCase()) {
          const user = await this.usersService.updateActor(tx, actor, {
            name: input.name,
            email: input.email,
          });
          const same = thisSession(actor);
          return { user, token: same ? (await this.sessions.issue(user, customer, same)).token : undefined };
        }
        // Another address: unproven until a reset link sent to it is used, and no provider
        // sign-in is linked to the account by it until then (see users.emailVerifiedAt).
        await this.resets.voidLinks(tx, actor.customerId, actor.userId);
        const changed = await this.usersService.updateActor(tx, actor, {
          name: input.name,
          email: input.email,
          emailVerifiedAt: null,
        });
        const user = await this.revoker.endAllSessions(tx, changed);
        return {
          user,
          token: (await this.sessions.issue(user, customer)).token,
          previousEmail: current.email,
        };
      })
      .catch(mapEmailTaken);
    this.outbox.committed();
    if (previousEmail) {
      this.logger.info({ userId: actor.userId }, 'email changed; other sessions ended');
      this.mail
        .sendEmailChanged({ to: previousEmail, name: user.name, newEmail: user.email, changedAt: new Date() })
        .catch((err: unknown) =>
          this.logger.error({ err, userId: actor.userId }, 'could not send the email-change notice'),
        );
    }
    return { user: toUser(user), ...(token ? { token } : {}) };
  }

  /** Every session of the user ends, this one too; the caller carries on with the fresh token answered. */
  async changePassword(
    actor: Actor,
    input: ChangePasswordInput,
  ): Promise<{ message: string; token: string }> {
    const current = await this.database.withTenant(actor.customerId, (tx) =>
      this.usersService.requireActiveActor(tx, actor),
    );
    // An account made through Google, Microsoft or Apple has no password to give: say so,
    // rather than call whatever was typed incorrect. A reset link sets the first one.
    if (!current.passwordHash) throw new ServiceError('WRONG_PASSWORD', MESSAGES.NO_PASSWORD_YET);
    if (!(await this.hasher.verify(current.passwordHash, input.currentPassword))) throw wrongPassword();
    if (input.newPassword === input.currentPassword) throw samePassword();

    const passwordHash = await this.hasher.hash(input.newPassword);
    const session = await this.database.withTenant(actor.customerId, async (tx) => {
      const { user, customer } = await this.usersService.requireActiveActorWithCompany(tx, actor);
      // Another change since the check above: make the caller try again with the new current password.
      if (user.passwordHash !== current.passwordHash) throw wrongPassword();
      if (!customer) throw companyNotFound();
      await this.users.update(tx, actor.customerId, actor.userId, { passwordHash });
      // A reset link sent before the change sets no other password (AP-2).
      await this.resets.voidLinks(tx, actor.customerId, actor.userId);
      return this.sessions.issue(await this.revoker.endAllSessions(tx, user), customer);
    });
    this.outbox.committed();
    this.logger.info({ userId: actor.userId }, 'password changed; other sessions ended');
    return { message: 'Password changed successfully', token: session.token };
  }

  /** Ends this session only; the user's other sessions go on. */
  async logout(actor: Actor): Promise<{ message: string }> {
    await this.database.withTenant(actor.customerId, (tx) => this.revoker.endSession(tx, actor));
    this.outbox.committed();
    return { message: MESSAGES.LOGGED_OUT };
  }

  /** Records the new picture and answers the previous URL, so the gateway can delete that file. */
  async setProfilePicture(actor: Actor, url: string): Promise<{ user: User; previous_url: string | null }> {
    const reply = await this.database.withTenant(actor.customerId, async (tx) => {
      const current = await this.usersService.requireActiveActor(tx, actor);
      if (!isOwnProfilePicture(actor.userId, url))
        throw new ServiceError('VALIDATION_FAILED', 'The picture must be one stored for this user', [
          { param: 'profile_picture_url', msg: 'The picture must be one stored for this user' },
        ]);
      const user = await this.usersService.updateActor(tx, actor, { profilePictureUrl: url });
      return {
        user: toUser(user),
        previous_url: current.profilePictureUrl === url ? null : current.profilePictureUrl,
      };
    });
    this.outbox.committed();
    return reply;
  }

  /** Upgrades a hash made with weaker parameters; a failure here must not fail the login. */
  private async rehash(user: UserRow, password: string): Promise<void> {
    try {
      const passwordHash = await this.hasher.hash(password);
      await this.database.withTenant(user.customerId, (tx) =>
        this.users.update(tx, user.customerId, user.id, { passwordHash }),
      );
    } catch (err) {
      this.logger.warn({ err, userId: user.id }, 'could not upgrade password hash');
    }
  }
}

/**
 * The caller's session as its verified token tells it (the admission keeps the token in the
 * request context): its id and when its token ends. Undefined for a token without a session id.
 */
function thisSession(actor: Actor): { sessionId: string; expiresAt: number } | undefined {
  const token = currentSessionToken();
  if (!actor.sessionId || !token) return undefined;
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? { sessionId: actor.sessionId, expiresAt: exp } : undefined;
}
