import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { HIRES_MESSAGES, ServiceError } from '@planted/contracts';
import { canCreateHire, hireLimitUsage, type HireLimitUsage, type PlanId } from '@planted/domain';
import type { HiresTx } from '../db/database';
import { ReadModelsRepository } from '../read-models/read-models.repository';
import { HiresRepository } from './hires.repository';

export const hireLimitReached = () =>
  new ServiceError('HIRE_LIMIT_REACHED', HIRES_MESSAGES.HIRE_LIMIT_REACHED);

/** The plan's maximum of active hires (spec §4 Hire limit, §9 Plans). */
@Injectable()
export class HireLimits {
  constructor(
    private readonly hires: HiresRepository,
    private readonly readModels: ReadModelsRepository,
  ) {}

  /** GET /hires/subscription-usage: the plan, and its active hires against its maximum (null: unlimited). */
  async usage(tx: HiresTx, customerId: string): Promise<{ plan: PlanId; usage: { hires: HireLimitUsage } }> {
    const plan = await this.readModels.planOf(tx, customerId);
    const current = await this.hires.countActive(tx, customerId);
    return { plan, usage: { hires: hireLimitUsage(plan, current) } };
  }

  /**
   * Refuses one more active hire at or over the plan's maximum. Call inside the transaction
   * that then writes the hire: the company's transaction-scoped advisory lock makes every
   * other creation or reactivation of the company wait for this one to commit, and its count
   * (a fresh snapshot after the lock) then includes this hire, so two requests at the same
   * moment cannot both take the last free slot.
   */
  async assertRoomForOneMore(tx: HiresTx, customerId: string): Promise<void> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`hires.active-limit:${customerId}`}, 0))`,
    );
    const { plan, usage } = await this.usage(tx, customerId);
    if (!canCreateHire(plan, usage.hires.current)) throw hireLimitReached();
  }
}
