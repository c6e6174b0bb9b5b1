import { Injectable } from '@nestjs/common';
import { HIRES_MESSAGES, ServiceError } from '@planted/contracts';
import { runBeforeNextStatement, sqlLiteral } from '@planted/db';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { canCreateHire, PLANS, hireLimitUsage, type HireLimitUsage, type PlanId } from '@planted/domain';
import type { HiresTx } from '../db/database';
import { companyPlans } from '../db/schema';
import { ReadModelsRepository } from '../read-models/read-models.repository';
import { CompanyQueue } from './company-queue';
import { HiresRepository } from './hires.repository';

const plans = getTableConfig(companyPlans);
const PLANS_TABLE = `"${plans.schema}"."${plans.name}"`;
const PLAN_COLUMN = `"${companyPlans.plan.name}"`;
const PLAN_CUSTOMER = `"${companyPlans.customerId.name}"`;

/** Plans without a maximum of active hires: no lock, nothing to count. */
const UNLIMITED_PLANS = PLANS.filter((plan) => plan.hire_limit === null).map((plan) => plan.id);

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
   * Takes the company's lock for a write that may take one of the plan's slots, unless its
   * plan has no maximum (nothing to count or hold: such a write never waits). It runs in
   * the message of the transaction's next statement, just before it (runBeforeNextStatement),
   * so that statement, ReadModelsRepository.references with `countActive`, counts the
   * company's active hires in a snapshot taken after the lock (which then includes any hire
   * committed by the write it waited for): two requests at the same moment cannot both take
   * the last free slot. pg_advisory_xact_lock is transaction-scoped: the lock is released by
   * that transaction's commit or rollback (never left on a pooled connection), and every
   * other creation or reactivation of the company waits for it. Answers whether the lock
   * was taken, once that statement has run: if not, the plan had no maximum (a change of
   * plan committed meanwhile is as if it came just after this write), and assertRoom is
   * not to be asked.
   */
  lockBeforeNextStatement(tx: HiresTx, customerId: string): { held(): boolean } {
    const company = sqlLiteral(customerId);
    let locked: boolean | undefined;
    runBeforeNextStatement(
      tx,
      `select case when coalesce((select ${PLAN_COLUMN} from ${PLANS_TABLE} where ${PLAN_CUSTOMER} = ${company}::uuid), 'free')` +
        ` <> all(${sqlLiteral(UNLIMITED_PLANS)}::text[])` +
        ` then pg_advisory_xact_lock(hashtextextended(${sqlLiteral(`hires.active-limit:${customerId}`)}, 0)) is not null` +
        ` else false end`,
      (result) => {
        const [row] = result.rows as unknown[];
        locked = (Array.isArray(row) ? row[0] : Object.values(row as object)[0]) === true;
      },
    );
    return {
      held: () => {
        if (locked === undefined) throw new Error('lockBeforeNextStatement: the next statement has not run');
        return locked;
      },
    };
  }

  /**
   * Refuses one more active hire at or over the plan's maximum: `plan` and `current` as the
   * statement after lockBeforeNextStatement read them (a plan without a maximum always has room).
   */
  assertRoom(plan: PlanId, current: number): void {
    if (!canCreateHire(plan, current)) throw hireLimitReached();
  }
}
