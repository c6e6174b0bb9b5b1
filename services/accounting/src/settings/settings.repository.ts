import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { AccountingTx } from '../db/database';
import { settings, type SettingsRow } from '../db/schema';

export type SettingsValues = Omit<SettingsRow, 'customerId' | 'createdAt' | 'updatedAt'>;

/** One row per company; every statement names the company besides row-level security. */
@Injectable()
export class SettingsRepository {
  async find(tx: AccountingTx, customerId: string, lock = false): Promise<SettingsRow | undefined> {
    const query = tx.select().from(settings).where(eq(settings.customerId, customerId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async save(tx: AccountingTx, customerId: string, values: SettingsValues): Promise<SettingsRow> {
    const [row] = await tx
      .insert(settings)
      .values({ customerId, ...values })
      .onConflictDoUpdate({ target: settings.customerId, set: values })
      .returning();
    return row;
  }
}
