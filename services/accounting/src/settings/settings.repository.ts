import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { AccountingTx } from '../db/database';
import { projectSyncs, settings, type SettingsRow } from '../db/schema';

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

  /**
   * Another key may reach another business unit: project sync starts over (every project read,
   * every site offered) rather than going on from where the old key's left off. A sync running
   * meanwhile under the old key is given a new start, so that when it ends it sees it was
   * overtaken and does not write the old unit's cursors back (ProjectsRepository.completed).
   */
  async restartProjectSync(tx: AccountingTx, customerId: string): Promise<void> {
    await tx
      .update(projectSyncs)
      .set({
        zaharaCursor: null,
        sitesCursor: null,
        startedAt: sql`CASE WHEN ${projectSyncs.status} = 'running' THEN clock_timestamp() ELSE ${projectSyncs.startedAt} END`,
      })
      .where(eq(projectSyncs.customerId, customerId));
  }
}
