import { Inject, Injectable } from '@nestjs/common';
import type { Actor, Customer } from '@planted/contracts';
import { DATABASE } from '@planted/service-kit';
import type { IdentityDatabase } from '../db/database';
import { UsersService } from '../users/users.service';
import { toCustomer } from './customer.mapper';
import { CustomersRepository } from './customers.repository';
import { companyNotFound } from './customers.errors';

@Injectable()
export class CustomersService {
  constructor(
    @Inject(DATABASE) private readonly database: IdentityDatabase,
    private readonly customers: CustomersRepository,
    private readonly users: UsersService,
  ) {}

  get(actor: Actor): Promise<{ customer: Customer }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      await this.users.requireActiveActor(tx, actor);
      const row = await this.customers.findById(tx, actor.customerId);
      if (!row) throw companyNotFound();
      return { customer: toCustomer(row) };
    });
  }
}
