import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { IdentityTx } from '../db/database';
import { returned } from '../db/rows';
import { customers, type CustomerRow } from '../db/schema';

@Injectable()
export class CustomersRepository {
  async insert(tx: IdentityTx, customer: { name: string; address: string }): Promise<CustomerRow> {
    return returned(await tx.insert(customers).values(customer).returning());
  }

  async findById(tx: IdentityTx, customerId: string): Promise<CustomerRow | undefined> {
    const [row] = await tx.select().from(customers).where(eq(customers.id, customerId));
    return row;
  }

  /** Locks the company row until the transaction ends, serialising changes that count its users. */
  async lockById(tx: IdentityTx, customerId: string): Promise<CustomerRow | undefined> {
    const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    return row;
  }
}
