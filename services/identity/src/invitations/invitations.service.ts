import { Inject, Injectable } from '@nestjs/common';
import {
  InvitationCreated,
  UserCreated,
  type Actor,
  IdentityInvitationAccept,
  type IdentityInvitationCreate,
  type IdentityInvitationValidate,
  type ParsedRequestOf,
  type ReplyOf,
} from '@planted/contracts';
import { canAddUser, getPlan } from '@planted/domain';
import type { Logger } from '@planted/logging';
import { uniqueViolation } from '@planted/db';
import { once, OutboxService, CONFIG, DATABASE, LOGGER } from '@planted/service-kit';
import { PasswordHasher } from '../auth/password-hasher';
import type { IdentityConfig } from '../config';
import { CustomersRepository } from '../customers/customers.repository';
import type { IdentityDatabase, IdentityTx } from '../db/database';
import { idempotentRequests } from '../db/schema';
import { acceptInviteUrl } from '../mail/invitation-email';
import { MailService } from '../mail/mail.service';
import { toUser } from '../users/user.mapper';
import { EMAIL_UNIQUE_INDEX } from '../users/users.errors';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { hashInvitationToken, newInvitationToken } from './invitation-token';
import {
  invitationEmailFailed,
  invitationInvalid,
  onlyAdminsInvite,
  userAlreadyExists,
  userLimitReached,
} from './invitations.errors';
import { InvitationsRepository, isUsable } from './invitations.repository';

type CreateInput = Omit<ParsedRequestOf<typeof IdentityInvitationCreate>, 'actor'>;
type AcceptInput = ParsedRequestOf<typeof IdentityInvitationAccept>;

const HOUR_MS = 3_600_000;

@Injectable()
export class InvitationsService {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly invitations: InvitationsRepository,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly customers: CustomersRepository,
    private readonly hasher: PasswordHasher,
    private readonly mail: MailService,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Admins invite by email. A pending invitation to the same address in the company is
   * replaced; only the token's sha-256 is stored and the token itself goes out by email.
   */
  async create(actor: Actor, input: CreateInput): Promise<ReplyOf<typeof IdentityInvitationCreate>> {
    const inviter = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.usersService.requireActiveActor(tx, actor),
    );
    if (inviter.role !== 'admin') throw onlyAdminsInvite();

    // Emails are unique across companies, and this company cannot see the others' users:
    // the one cross-company read of a tenant call, and it answers only yes or no.
    if (await this.database.withSystem((tx) => this.users.emailInUse(tx, input.email)))
      throw userAlreadyExists();

    const token = newInvitationToken();
    const { invitation, companyName } = await this.database.withTenant(actor.customerId, async (tx) => {
      const company = await this.customers.findById(tx, actor.customerId);
      await this.invitations.revokePending(tx, actor.customerId, input.email);
      const invitation = await this.invitations.insert(tx, {
        customerId: actor.customerId,
        email: input.email,
        name: input.name,
        role: input.role,
        tokenHash: hashInvitationToken(token),
        invitedBy: inviter.id,
        expiresAt: new Date(Date.now() + this.config.INVITATION_TTL_HOURS * HOUR_MS),
      });
      await this.outbox.record(
        tx,
        InvitationCreated,
        { invitation_id: invitation.id, email: invitation.email, role: invitation.role },
        actor.customerId,
      );
      return { invitation, companyName: company?.name ?? '' };
    });
    this.outbox.committed();

    try {
      await this.mail.sendInvitation({
        to: invitation.email,
        inviteeName: invitation.name,
        inviterName: inviter.name,
        companyName,
        acceptUrl: acceptInviteUrl(this.config.APP_URL, token),
        expiresAt: invitation.expiresAt,
      });
    } catch (err) {
      this.logger.error({ err, invitationId: invitation.id }, 'invitation email failed; invitation revoked');
      await this.database.withTenant(actor.customerId, (tx) =>
        this.invitations.revoke(tx, actor.customerId, invitation.id),
      );
      throw invitationEmailFailed();
    }

    return {
      invitation: {
        id: invitation.id,
        email: invitation.email,
        name: invitation.name,
        role: invitation.role,
        expires_at: invitation.expiresAt.toISOString(),
      },
      message: 'Invitation sent',
    };
  }

  async validate(
    input: ParsedRequestOf<typeof IdentityInvitationValidate>,
  ): Promise<ReplyOf<typeof IdentityInvitationValidate>> {
    const found = await this.database.withSystem((tx) =>
      this.invitations.findWithCompanyName(tx, hashInvitationToken(input.token)),
    );
    if (!found || !isUsable(found.invitation, new Date())) throw invitationInvalid();
    const { invitation, customerName } = found;
    return {
      invitation: {
        email: invitation.email,
        name: invitation.name,
        role: invitation.role,
        customer_name: customerName,
      },
    };
  }

  /**
   * Creates the invited user. The invitation row and then the company row are locked, so
   * the token is used once and two accepts in one company cannot both pass the plan's
   * user limit. Once per Idempotency-Key: a retry answers the first answer again.
   */
  async accept(input: AcceptInput): Promise<ReplyOf<typeof IdentityInvitationAccept>> {
    const tokenHash = hashInvitationToken(input.token);
    const user = await once({
      transaction: (work) => this.database.withSystem(work),
      table: idempotentRequests,
      request: { subject: IdentityInvitationAccept, input: { ...input, password: undefined } },
      prepare: async () => {
        // A cheap look first, so a bad token costs no password hashing.
        await this.validate({ token: input.token });
        return this.hasher.hash(input.password);
      },
      create: async (tx: IdentityTx, passwordHash) => {
        const invitation = await this.invitations.lockByTokenHash(tx, tokenHash);
        if (!invitation || !isUsable(invitation, new Date())) throw invitationInvalid();
        const company = await this.customers.lockById(tx, invitation.customerId);
        if (!company) throw invitationInvalid();

        const plan = getPlan(company.subscriptionPlan);
        const activeUsers = await this.users.countActive(tx, company.id);
        if (!canAddUser(plan.id, activeUsers)) throw userLimitReached(plan.user_limit ?? activeUsers);

        const user = await this.users.insert(tx, {
          customerId: company.id,
          name: input.name,
          email: invitation.email,
          passwordHash,
          role: invitation.role,
        });
        await this.invitations.markAccepted(tx, invitation.id);
        await this.outbox.record(tx, UserCreated, { user: toUser(user) }, company.id);
        return toUser(user);
      },
      keep: (user) => user,
      replay: async (user) => user,
    }).catch((err: unknown) => {
      if (uniqueViolation(err) === EMAIL_UNIQUE_INDEX) throw userAlreadyExists();
      throw err;
    });

    this.outbox.committed();
    this.logger.info({ userId: user.id, customerId: user.customer_id }, 'invitation accepted');
    return { user, message: 'Invitation accepted' };
  }
}
