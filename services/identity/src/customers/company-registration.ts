import { Injectable } from '@nestjs/common';
import { CustomerCreated, UserCreated } from '@planted/contracts';
import { OutboxService } from '@planted/service-kit';
import type { IdentityTx } from '../db/database';
import type { CustomerRow, UserRow } from '../db/schema';
import { toUser } from '../users/user.mapper';
import { UsersRepository, type NewUser } from '../users/users.repository';
import { toCustomer } from './customer.mapper';
import { CustomersRepository } from './customers.repository';

/**
 * A new company on the free plan with its first user as admin, and both events, inside
 * the caller's transaction. Registration by password and by a sign-in provider share it;
 * the caller maps unique violations (email, provider id) and calls outbox.committed().
 */
@Injectable()
export class CompanyRegistration {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly users: UsersRepository,
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
    return { user, customer };
  }
}
