import { Inject, Injectable } from '@nestjs/common';
import { CustomerCreated, UserCreated } from '@planted/contracts';
import { DATABASE, once, OutboxService, type IdempotentRequest } from '@planted/service-kit';
import type { IdentityDatabase, IdentityTx } from '../db/database';
import { idempotentRequests, type CustomerRow, type UserRow } from '../db/schema';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { withdrawInvitationsTo } from '../invitations/invitations-withdrawn';
import { toUser } from '../users/user.mapper';
import { UsersRepository, type NewUser } from '../users/users.repository';
import { toCustomer } from './customer.mapper';
import { CustomersRepository } from './customers.repository';

/**
 * A new company on the free plan with its first user as admin, and both events, inside
 * the caller's transaction (a system one: other companies' invitations to the address are
 * withdrawn). Registration by password and by a sign-in provider share it;
 * the caller maps unique violations (email, provider id) and calls outbox.committed().
 */
@Injectable()
export class CompanyRegistration {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    private readonly customers: CustomersRepository,
    private readonly users: UsersRepository,
    private readonly invitations: InvitationsRepository,
    private readonly outbox: OutboxService,
  ) {}

  async create(
    tx: IdentityTx,
    company: { name: string; address: string },
    admin: Omit<NewUser, 'customerId' | 'role'>,
  ): Promise<{ user: UserRow; customer: CustomerRow }> {
    const customer = await this.customers.insert(tx, company);
    const user = await this.users.insert(tx, { ...admin, customerId: customer.id, role: 'admin' });
    await this.outbox.record(tx, CustomerCreated, { customer: toCustomer(customer) }, customer.id);
    await this.outbox.record(tx, UserCreated, { user: toUser(user) }, customer.id);
    await withdrawInvitationsTo(tx, user.email, this.invitations, this.outbox);
    return { user, customer };
  }

  /**
   * `create` in its own transaction, once per Idempotency-Key (the service kit's `once`):
   * a retry of a registration whose reply was lost answers the same company and admin.
   * `prepare` runs only for a new request (hashing the password). `replayFor` checks that a
   * retry comes from whoever registered (register: the same password, which the request's
   * fingerprint leaves out), before it is answered with a session of that admin.
   */
  async createOnce<Prepared>(
    request: IdempotentRequest,
    company: { name: string; address: string },
    prepare: () => Promise<Prepared>,
    admin: (prepared: Prepared) => Omit<NewUser, 'customerId' | 'role'>,
    replayFor: (user: UserRow) => Promise<void> = async () => undefined,
  ): Promise<{ user: UserRow; customer: CustomerRow }> {
    return once({
      transaction: (work) => this.database.withSystem(work),
      table: idempotentRequests,
      request,
      prepare,
      create: (tx: IdentityTx, prepared) => this.create(tx, company, admin(prepared)),
      keep: ({ user }) => ({ userId: user.id, customerId: user.customerId }),
      replay: async ({ userId, customerId }, tx: IdentityTx) => {
        const user = await this.users.findInCompany(tx, customerId, userId);
        const customer = await this.customers.findById(tx, customerId);
        if (!user || !customer) throw new Error(`registered company ${customerId} is gone`);
        await replayFor(user);
        return { user, customer };
      },
    });
  }
}
