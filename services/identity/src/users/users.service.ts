import { Inject, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  UserUpdated,
  type Actor,
  type IdentityUserRoleSet,
  type Language,
  type ParsedRequestOf,
  type ReplyOf,
  type User,
} from '@planted/contracts';
import { OutboxService, DATABASE } from '@planted/service-kit';
import type { IdentityDatabase, IdentityTx } from '../db/database';
import type { CustomerRow, UserRow } from '../db/schema';
import { SessionRevoker } from '../sessions/session-revoker';
import { toUser } from './user.mapper';
import { lastAdmin, onlyAdminsManageUsers, sessionNoLongerValid, userNotFound } from './users.errors';
import { UsersRepository, type UserPatch } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    private readonly users: UsersRepository,
    private readonly outbox: OutboxService,
    private readonly revoker: SessionRevoker,
  ) {}

  /**
   * The actor's own row, inside a tenant transaction. A token outlives changes to its
   * user, so every tenant call checks the user still exists, is active and belongs to
   * the token's company; otherwise the session is over.
   */
  async requireActiveActor(tx: IdentityTx, actor: Actor): Promise<UserRow> {
    const row = await this.users.findInCompany(tx, actor.customerId, actor.userId);
    if (!row || !row.isActive) throw sessionNoLongerValid();
    return row;
  }

  /** requireActiveActor and the actor's company, in one round trip. */
  async requireActiveActorWithCompany(
    tx: IdentityTx,
    actor: Actor,
  ): Promise<{ user: UserRow; customer: CustomerRow | undefined }> {
    const row = await this.users.findInCompanyWithCustomer(tx, actor.customerId, actor.userId);
    if (!row || !row.user.isActive) throw sessionNoLongerValid();
    return { user: row.user, customer: row.customer ?? undefined };
  }

  /** Applies a change to the actor's own row and records user.updated with it (call outbox.committed() after the commit). */
  async updateActor(tx: IdentityTx, actor: Actor, patch: UserPatch): Promise<UserRow> {
    const row = await this.users.update(tx, actor.customerId, actor.userId, patch);
    if (!row) throw sessionNoLongerValid();
    await this.outbox.record(tx, UserUpdated, { user: toUser(row) }, row.customerId);
    return row;
  }

  list(actor: Actor): Promise<{ users: User[] }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      await this.requireActiveActor(tx, actor);
      const rows = await this.users.listByCompany(tx, actor.customerId);
      return { users: rows.map(toUser) };
    });
  }

  async setLanguage(actor: Actor, language: Language): Promise<{ user: User }> {
    const user = await this.database.withTenant(actor.customerId, async (tx) => {
      const current = await this.requireActiveActor(tx, actor);
      if (current.languagePreference === language) return current;
      return this.updateActor(tx, actor, { languagePreference: language });
    });
    this.outbox.committed();
    return { user: toUser(user) };
  }

  /**
   * An administrator changes a user's role (spec §6). Every session of that user ends in the
   * same transaction, at the gateway and on the bus: their tokens carry the old role.
   */
  async setRole(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof IdentityUserRoleSet>, 'actor'>,
  ): Promise<ReplyOf<typeof IdentityUserRoleSet>> {
    const user = await this.database.withTenant(actor.customerId, async (tx) => {
      const { target, otherAdmins } = await this.manage(tx, actor, input.id);
      if (target.role === input.role) return target;
      if (target.role === 'admin' && !otherAdmins) throw lastAdmin(MESSAGES.LAST_ADMIN_ROLE);
      return this.changeAndEndSessions(tx, target, { role: input.role });
    });
    this.outbox.committed();
    return { user: toUser(user), message: MESSAGES.ROLE_CHANGED };
  }

  /**
   * An administrator removes a user from the company: the account is deactivated (it can no
   * longer sign in, leaves the team and frees its seat; rows that name it keep it) and every
   * session of it ends in the same transaction.
   */
  async remove(actor: Actor, id: string): Promise<{ message: string }> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      const { target, otherAdmins } = await this.manage(tx, actor, id);
      if (target.role === 'admin' && !otherAdmins) throw lastAdmin(MESSAGES.LAST_ADMIN_REMOVE);
      // The row stays (the records that name them); the email and the social sign-ins are
      // freed, so the person can sign up again or join another company.
      await this.changeAndEndSessions(tx, target, {
        isActive: false,
        googleId: null,
        microsoftId: null,
        appleId: null,
      });
    });
    this.outbox.committed();
    return { message: MESSAGES.USER_REMOVED };
  }

  /**
   * The user an administrator manages, with the company's administrators locked (see
   * lockActiveAdmins): whether one other than the target stays. The actor's role in the
   * database decides, not the token's.
   */
  private async manage(
    tx: IdentityTx,
    actor: Actor,
    id: string,
  ): Promise<{ target: UserRow; otherAdmins: boolean }> {
    await this.requireActiveActor(tx, actor);
    const admins = await this.users.lockActiveAdmins(tx, actor.customerId);
    if (!admins.some((admin) => admin.id === actor.userId)) throw onlyAdminsManageUsers();
    const target = await this.users.findInCompany(tx, actor.customerId, id);
    if (!target || !target.isActive) throw userNotFound();
    return { target, otherAdmins: admins.some((admin) => admin.id !== target.id) };
  }

  private async changeAndEndSessions(tx: IdentityTx, target: UserRow, patch: UserPatch): Promise<UserRow> {
    const changed = await this.users.update(tx, target.customerId, target.id, patch);
    if (!changed) throw userNotFound();
    const row = await this.revoker.endAllSessions(tx, changed);
    await this.outbox.record(tx, UserUpdated, { user: toUser(row) }, row.customerId);
    return row;
  }
}
