import { Inject, Injectable } from '@nestjs/common';
import { UserUpdated, type Actor, type Language, type User } from '@planted/contracts';
import { OutboxService, DATABASE } from '@planted/service-kit';
import type { IdentityDatabase, IdentityTx } from '../db/database';
import type { CustomerRow, UserRow } from '../db/schema';
import { toUser } from './user.mapper';
import { sessionNoLongerValid } from './users.errors';
import { UsersRepository, type UserPatch } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    private readonly users: UsersRepository,
    private readonly outbox: OutboxService,
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
}
