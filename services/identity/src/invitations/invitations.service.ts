import { Inject, Injectable } from '@nestjs/common';
import {
  InvitationCreated,
  InvitationResent,
  InvitationRevoked,
  UserCreated,
  UserUpdated,
  type Actor,
  IdentityInvitationAccept,
  type IdentityInvitationCreate,
  type IdentityInvitationResend,
  type IdentityInvitationRevoke,
  type IdentityInvitationsList,
  type IdentityInvitationValidate,
  type ParsedRequestOf,
  type PendingInvitation,
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
import { idempotentRequests, type CustomerRow, type InvitationRow, type UserRow } from '../db/schema';
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
  invitationNotFound,
  onlyAdminsInvite,
  onlyAdminsManage,
  userAlreadyExists,
  seatsHeldByInvitations,
  userLimitReached,
  companyFull,
} from './invitations.errors';
import { withdrawInvitationsTo } from './invitations-withdrawn';
import { InvitationsRepository, isUsable, type PendingInvitationRow } from './invitations.repository';

type CreateInput = Omit<ParsedRequestOf<typeof IdentityInvitationCreate>, 'actor'>;
type AcceptInput = ParsedRequestOf<typeof IdentityInvitationAccept>;

const HOUR_MS = 3_600_000;

function toPendingInvitation(row: PendingInvitationRow): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    invited_by_name: row.invitedByName,
  };
}

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
   * Admins invite by email, while the company's active users are under its plan's limit. A
   * pending invitation to the same address in the company is replaced; only the token's
   * sha-256 is stored and the token itself goes out by email.
   */
  async create(actor: Actor, input: CreateInput): Promise<ReplyOf<typeof IdentityInvitationCreate>> {
    const inviter = await this.requireAdmin(actor, onlyAdminsInvite);
    await this.refuseEmailInUse(input.email);

    const token = newInvitationToken();
    const { invitation, companyName } = await this.database.withTenant(actor.customerId, async (tx) => {
      const company = await this.requireSeat(tx, actor.customerId, input.email);
      await this.invitations.revokePending(tx, actor.customerId, input.email);
      const invitation = await this.invitations.insert(tx, {
        customerId: actor.customerId,
        email: input.email,
        name: input.name,
        role: input.role,
        tokenHash: hashInvitationToken(token),
        invitedBy: inviter.id,
        expiresAt: this.newExpiry(),
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
      await this.sendEmail(invitation, token, inviter, companyName);
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

  /**
   * The company's open invitations (pending and unexpired) and its seats. The plan's user
   * limit is enforced when an invitation is accepted; the pending count is shown so that an
   * administrator sees how many of the open invitations could still take a seat.
   */
  async list(actor: Actor): Promise<ReplyOf<typeof IdentityInvitationsList>> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const admin = await this.usersService.requireActiveActor(tx, actor);
      if (admin.role !== 'admin') throw onlyAdminsManage();
      const now = new Date();
      const company = await this.customers.findById(tx, actor.customerId);
      const rows = await this.invitations.listOpen(tx, actor.customerId, now);
      const used = await this.users.countActive(tx, actor.customerId);
      const plan = getPlan(company?.subscriptionPlan ?? 'free');
      return {
        invitations: rows.map(toPendingInvitation),
        seats: { used, pending: rows.length, limit: plan.user_limit, plan: plan.id },
      };
    });
  }

  /**
   * The company, locked, once it is sure an invitation to `email` has a seat: nobody more can
   * join a company at its plan's user limit, so no invitation that could not be accepted. Open
   * invitations to other addresses hold seats too: otherwise the admin hears nothing, and the
   * last invitee is refused at the end of accepting. The company's row stays locked to the end
   * of the transaction, so two invitations sent at once cannot both take the last seat (accepting
   * locks it too).
   */
  private async requireSeat(
    tx: IdentityTx,
    customerId: string,
    email: string,
  ): Promise<CustomerRow | undefined> {
    const company = await this.customers.lockById(tx, customerId);
    const plan = getPlan(company?.subscriptionPlan ?? 'free');
    const activeUsers = await this.users.countActive(tx, customerId);
    if (!canAddUser(plan.id, activeUsers)) throw userLimitReached(plan.user_limit ?? activeUsers);
    const invited = await this.invitations.countOpenToOthers(tx, customerId, email, new Date());
    if (!canAddUser(plan.id, activeUsers + invited))
      throw seatsHeldByInvitations(plan.user_limit ?? activeUsers, activeUsers, invited);
    return company;
  }

  /**
   * A new link for a pending invitation (an expired one included): the old token stops
   * working, the expiry starts again and the email goes out again. If the email then
   * fails the invitation stays pending with a link nobody has; resending again fixes it.
   */
  async resend(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof IdentityInvitationResend>, 'actor'>,
  ): Promise<ReplyOf<typeof IdentityInvitationResend>> {
    const admin = await this.requireAdmin(actor, onlyAdminsManage);
    const current = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.invitations.findPending(tx, actor.customerId, input.id),
    );
    if (!current) throw invitationNotFound();
    await this.refuseEmailInUse(current.email);

    const token = newInvitationToken();
    const { invitation, companyName } = await this.database.withTenant(actor.customerId, async (tx) => {
      // An expired invitation renewed takes a seat again: there must be one.
      const company = await this.requireSeat(tx, actor.customerId, current.email);
      const invitation = await this.invitations.renew(tx, actor.customerId, input.id, {
        tokenHash: hashInvitationToken(token),
        expiresAt: this.newExpiry(),
      });
      if (!invitation) throw invitationNotFound();
      await this.outbox.record(
        tx,
        InvitationResent,
        {
          invitation_id: invitation.id,
          email: invitation.email,
          expires_at: invitation.expiresAt.toISOString(),
        },
        actor.customerId,
      );
      return { invitation, companyName: company?.name ?? '' };
    });
    this.outbox.committed();

    try {
      await this.sendEmail(invitation, token, admin, companyName);
    } catch (err) {
      this.logger.error({ err, invitationId: invitation.id }, 'invitation email failed on resend');
      throw invitationEmailFailed();
    }
    return {
      invitation: toPendingInvitation({ ...invitation, invitedByName: current.invitedByName }),
      message: 'Invitation sent',
    };
  }

  /** Withdraws a pending invitation: its link stops working. */
  async revoke(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof IdentityInvitationRevoke>, 'actor'>,
  ): Promise<ReplyOf<typeof IdentityInvitationRevoke>> {
    await this.requireAdmin(actor, onlyAdminsManage);
    await this.database.withTenant(actor.customerId, async (tx) => {
      const invitation = await this.invitations.revoke(tx, actor.customerId, input.id);
      if (!invitation) throw invitationNotFound();
      await this.outbox.record(
        tx,
        InvitationRevoked,
        { invitation_id: invitation.id, email: invitation.email },
        actor.customerId,
      );
    });
    this.outbox.committed();
    return { message: 'Invitation revoked' };
  }

  async validate(
    input: ParsedRequestOf<typeof IdentityInvitationValidate>,
  ): Promise<ReplyOf<typeof IdentityInvitationValidate>> {
    const found = await this.database.withSystem((tx) =>
      this.invitations.findWithCompanyName(tx, hashInvitationToken(input.token)),
    );
    if (!found || found.invitation.acceptedAt) throw invitationInvalid();
    const { invitation, customerName } = found;
    // The address got an account since (its own company, say; that withdrew this invitation):
    // accepting would fail, so the invitee hears why now, before filling the form in.
    await this.refuseEmailInUse(invitation.email);
    if (!isUsable(invitation, new Date())) throw invitationInvalid();
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
        if (!canAddUser(plan.id, activeUsers)) throw companyFull(plan.user_limit ?? activeUsers);

        const joining = {
          name: input.name,
          // The accept link went to this address: whoever opened it reads its mail.
          emailVerifiedAt: new Date(),
          passwordHash,
          role: invitation.role,
        };
        // Someone removed from this company and invited back gets their account again (the
        // records that name them stay theirs), with the name, password and role of now. The
        // invitation proves who reads the mailbox today, not who held the account before: the
        // social sign-ins and the picture linked to it then are not carried over.
        const removed = await this.users.lockRemovedByEmail(tx, company.id, invitation.email);
        const user = removed
          ? await this.users.update(tx, company.id, removed.id, {
              ...joining,
              isActive: true,
              googleId: null,
              microsoftId: null,
              appleId: null,
              profilePictureUrl: null,
            })
          : await this.users.insert(tx, { ...joining, customerId: company.id, email: invitation.email });
        if (!user) throw invitationInvalid();
        await this.invitations.markAccepted(tx, invitation.id);
        await this.outbox.record(tx, removed ? UserUpdated : UserCreated, { user: toUser(user) }, company.id);
        await withdrawInvitationsTo(tx, invitation.email, this.invitations, this.outbox);
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

  /** The actor's row, when it is an active administrator (the role in the database decides, not the token's). */
  private async requireAdmin(actor: Actor, forbidden: () => Error): Promise<UserRow> {
    const row = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.usersService.requireActiveActor(tx, actor),
    );
    if (row.role !== 'admin') throw forbidden();
    return row;
  }

  /**
   * Active accounts' emails are unique across companies, and this company cannot see the
   * others' users: the one cross-company read of a tenant call, and it answers only yes or
   * no. A removed user (of this company or another) may be invited.
   */
  private async refuseEmailInUse(email: string): Promise<void> {
    if (await this.database.withSystem((tx) => this.users.emailTaken(tx, email))) throw userAlreadyExists();
  }

  private newExpiry(): Date {
    return new Date(Date.now() + this.config.INVITATION_TTL_HOURS * HOUR_MS);
  }

  private sendEmail(invitation: InvitationRow, token: string, inviter: UserRow, companyName: string) {
    return this.mail.sendInvitation({
      to: invitation.email,
      inviteeName: invitation.name,
      inviterName: inviter.name,
      companyName,
      acceptUrl: acceptInviteUrl(this.config.APP_URL, token),
      expiresAt: invitation.expiresAt,
    });
  }
}
