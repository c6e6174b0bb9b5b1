import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { HIRES_MESSAGES, ServiceError } from '@planted/contracts';
import { canCreateHire, getPlan, hireLimitUsage, type HireLimitUsage, type PlanId } from '@planted/domain';
import type { HiresTx } from '../db/database';
import { ReadModelsRepository } from '../read-models/read-models.repository';
import { CompanyQueue } from './company-queue';
import { HiresRepository } from './hires.repository';

export const hireLimitReached = () =>
  new ServiceError('HIRE_LIMIT_REACHED', HIRES_MESSAGES.HIRE_LIMIT_REACHED);

/** The plan's maximum of active hires (spec §4 Hire limit, §9 Plans). */
@Injectable()
export class HireLimits {
  private readonly queue = new CompanyQueue();

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
   * Runs a write that may take one of the plan's slots (`limited`: it sets a hire active)
   * behind the company's other such writes in this process, so a burst queues in memory
   * rather than in pooled connections waiting for the company's lock (see CompanyQueue).
   */
  queued<T>(customerId: string, limited: boolean, work: () => Promise<T>): Promise<T> {
    return limited ? this.queue.run(customerId, work) : work();
  }

  /**
   * Refuses one more active hire at or over the plan's maximum. Call inside the transaction
   * that then writes the hire, as late as possible: pg_advisory_xact_lock is
   * transaction-scoped, so the company's lock is released by that transaction's commit or
   * rollback (never left on a pooled connection), and every other creation or reactivation
   * of the company waits for it. The count is a statement of its own after the lock (a
   * fresh snapshot, which then includes any hire committed by the one it waited for), so
   * two requests at the same moment cannot both take the last free slot. `readPlan`: the
   * plan the transaction has read already; when it has no maximum there is no lock and no count
   * (a change of plan committed meanwhile is as if it came just after this write).
   */
  async assertRoomForOneMore(tx: HiresTx, customerId: string, readPlan?: PlanId): Promise<void> {
    // A plan without a maximum (as the write's own read found it) has nothing to count or hold.
    if (readPlan !== undefined && getPlan(readPlan).hire_limit === null) return;
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`hires.active-limit:${customerId}`}, 0))`,
    );
    const { plan, current } = await this.hires.planAndActiveCount(tx, customerId);
    if (!canCreateHire(plan, current)) throw hireLimitReached();
  }
}
