import { Inject, Injectable } from '@nestjs/common';
import {
  HireCreated,
  HireDeleted,
  HIRES_MESSAGES,
  HiresCreate,
  HireUpdated,
  ServiceError,
  type Actor,
  type Hire,
} from '@planted/contracts';
import { pgErrorOf } from '@planted/db';
import { ENDING_SOON_DAYS, OVERDUE_PREVIEW, type HireStatus } from '@planted/domain';
import { CONFIG, DATABASE, once, OutboxService } from '@planted/service-kit';
import type { HiresConfig } from '../config';
import type { HiresDatabase, HiresTx } from '../db/database';
import { idempotentRequests, type HireRow } from '../db/schema';
import { CatalogueLookup, ReadModelMiss, type MissingReferences } from '../read-models/catalogue-lookup';
import { PurchaseOrderAvailability } from '../read-models/purchase-orders';
import {
  ReadModelsRepository,
  type HireReferences,
  type ReferenceState,
} from '../read-models/read-models.repository';
import { addDays, costToDate, daysBetween, hireTotals, todayIn } from './hire-costs';
import { HireLimits } from './hire-limits';
import { toHire, toHireEvent } from './hire.mapper';
import { HiresRepository, type HireEditInput, type HireInput } from './hires.repository';

const notFound = (message: string) => new ServiceError('NOT_FOUND', message);
const hireNotFound = () => notFound(HIRES_MESSAGES.HIRE_NOT_FOUND);
/** Named on its field, as the form shows it there. */
const equipmentInactive = () =>
  new ServiceError('VALIDATION_FAILED', HIRES_MESSAGES.EQUIPMENT_INACTIVE, [
    { param: 'equipment_id', msg: HIRES_MESSAGES.EQUIPMENT_INACTIVE },
  ]);

/** The most overdue hires one answer lists (the dashboard shows 3 and '... and N more'). */
const OVERDUE_LIST_MAX = 100;

const priced = (h: HireRow) => ({
  price: h.price,
  pricing_term: h.pricingTerm,
  hire_start_date: h.hireStartDate,
  hire_end_date: h.hireEndDate,
  delivery_charge: h.deliveryCharge,
  operator_cost: h.operatorCost,
});

@Injectable()
export class HiresService {
  constructor(
    @Inject(DATABASE) private readonly database: HiresDatabase,
    @Inject(CONFIG) private readonly config: HiresConfig,
    private readonly hires: HiresRepository,
    private readonly readModels: ReadModelsRepository,
    private readonly limits: HireLimits,
    private readonly purchaseOrders: PurchaseOrderAvailability,
    private readonly catalogue: CatalogueLookup,
    private readonly outbox: OutboxService,
  ) {}

  private today(): string {
    return todayIn(this.config.HIRES_TIME_ZONE);
  }

  list(
    actor: Actor,
    options: { page: number; limit: number; search?: string; status: HireStatus[] },
  ): Promise<{
    hires: Hire[];
    pagination: { currentPage: number; totalPages: number; total: number; limit: number };
  }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const { rows, total } = await this.hires.list(tx, actor.customerId, options);
      return {
        hires: rows.map(toHire),
        pagination: {
          currentPage: options.page,
          totalPages: Math.max(1, Math.ceil(total / options.limit)),
          total,
          limit: options.limit,
        },
      };
    });
  }

  get(actor: Actor, id: string): Promise<{ hire: Hire }> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const row = await this.hires.findListed(tx, actor.customerId, id);
      if (!row) throw hireNotFound();
      return { hire: toHire(row) };
    });
  }

  /**
   * Totals from the domain library (the browser's are ignored), references checked, the
   * plan's limit held under the company's lock, and hire.created in the same transaction;
   * once per Idempotency-Key. At the plan's maximum of active hires no hire is created, of
   * any status (spec §4 Hire limit: "creating a hire is blocked"), or a full plan would still
   * take open hires created as collection booked. Round trips: the references (with BEGIN, the
   * settings, and the company's lock, in one message), then the COMMIT with the
   * insert, the event and the key's row; the creator's row first when the users read model
   * does not have them yet. Every statement is prepared once per connection.
   */
  async create(
    actor: Actor,
    input: HireInput,
  ): Promise<{ hire: Hire; message: string; purchase_order_available: boolean }> {
    const totals = hireTotals(input);
    const receivedAt = new Date();
    const answer = await this.limits.queued(actor.customerId, true, () =>
      this.writing(actor, (confirmed) =>
        once({
          transaction: (work) => this.database.withTenant(actor.customerId, work),
          table: idempotentRequests,
          request: { subject: HiresCreate, caller: actor.userId, input },
          create: async (tx: HiresTx) => {
            const lock = this.limits.lockBeforeNextStatement(tx, actor.customerId);
            const known = await this.checkReferences(tx, actor, input, undefined, true, confirmed);
            if (lock.held()) this.limits.assertRoom(known.plan, known.activeHires);
            if (!known.creatorKnown) await this.readModels.rememberActor(tx, actor);
            const row = await this.hires.insert(tx, actor, input, totals, receivedAt);
            await this.outbox.record(tx, HireCreated, { hire: toHireEvent(row) }, actor.customerId);
            // The answer from what this transaction read and wrote: no statement to read it back.
            const names = known.creatorKnown ? known.names : { ...known.names, creatorName: actor.name };
            return {
              hire: toHire({ hire: row, ...names }),
              purchaseOrder: known.purchaseOrderAvailable,
            };
          },
          keep: ({ hire }) => ({ id: hire.id }),
          replay: ({ id }, tx: HiresTx) => this.answerFor(tx, actor.customerId, id),
        }),
      ),
    );
    this.outbox.committed();
    return {
      hire: answer.hire,
      message: HIRES_MESSAGES.HIRE_CREATED,
      purchase_order_available: answer.purchaseOrder,
    };
  }

  /**
   * Any of the three statuses; back to active counts against the plan's limit like a new hire.
   * An edit that leaves the status out keeps the hire's own.
   */
  async update(actor: Actor, id: string, edit: HireEditInput): Promise<{ hire: Hire; message: string }> {
    const totals = hireTotals(edit);
    const hire = await this.limits.queued(actor.customerId, edit.hire_status === 'active', () =>
      this.writing(actor, (confirmed) =>
        this.database.withTenant(actor.customerId, async (tx) => {
          const current = await this.hires.findForUpdate(tx, actor.customerId, id);
          if (!current) throw hireNotFound();
          const input: HireInput = { ...edit, hire_status: edit.hire_status ?? current.hireStatus };
          const reactivating = input.hire_status === 'active' && current.hireStatus !== 'active';
          const lock = reactivating ? this.limits.lockBeforeNextStatement(tx, actor.customerId) : undefined;
          const known = await this.checkReferences(tx, actor, input, current, reactivating, confirmed);
          if (lock?.held()) this.limits.assertRoom(known.plan, known.activeHires);
          const row = await this.hires.update(tx, actor.customerId, id, input, totals);
          if (!row) throw hireNotFound();
          await this.outbox.record(tx, HireUpdated, { hire: toHireEvent(row) }, actor.customerId);
          const listed = await this.hires.findListed(tx, actor.customerId, id);
          return toHire(listed!);
        }),
      ),
    );
    this.outbox.committed();
    return { hire, message: HIRES_MESSAGES.HIRE_UPDATED };
  }

  async delete(actor: Actor, id: string): Promise<{ message: string }> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      if (!(await this.hires.delete(tx, actor.customerId, id))) throw hireNotFound();
      await this.outbox.record(
        tx,
        HireDeleted,
        { hire_id: id, customer_id: actor.customerId },
        actor.customerId,
      );
    });
    this.outbox.committed();
    return { message: HIRES_MESSAGES.HIRE_DELETED };
  }

  /** Only the caller's company's hires among `ids` change; the count says how many did. */
  async bulkStatus(
    actor: Actor,
    ids: string[],
    status: HireStatus,
  ): Promise<{ updatedCount: number; message: string }> {
    const updated = await this.database.withTenant(actor.customerId, async (tx) => {
      const rows = await this.hires.setStatus(tx, actor.customerId, [...new Set(ids)], status);
      // None of them is the company's (gone, or never were): not a success of nothing.
      if (rows.length === 0) throw hireNotFound();
      for (const row of rows) {
        await this.outbox.record(tx, HireUpdated, { hire: toHireEvent(row) }, actor.customerId);
      }
      return rows.length;
    });
    this.outbox.committed();
    // Spec §8 success message.
    return { updatedCount: updated, message: `Successfully updated ${updated} hire(s) to ${status}!` };
  }

  async bulkDelete(actor: Actor, ids: string[]): Promise<{ deletedCount: number; message: string }> {
    const deleted = await this.database.withTenant(actor.customerId, async (tx) => {
      const gone = await this.hires.deleteMany(tx, actor.customerId, [...new Set(ids)]);
      if (gone.length === 0) throw hireNotFound();
      for (const id of gone) {
        await this.outbox.record(
          tx,
          HireDeleted,
          { hire_id: id, customer_id: actor.customerId },
          actor.customerId,
        );
      }
      return gone.length;
    });
    this.outbox.committed();
    return { deletedCount: deleted, message: `Successfully deleted ${deleted} hire(s)!` };
  }

  /** Plant Reminders: active or collection-booked hires ending from today to 7 days from today. */
  endingSoon(actor: Actor) {
    const today = this.today();
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const rows = await this.hires.endingBetween(
        tx,
        actor.customerId,
        today,
        addDays(today, ENDING_SOON_DAYS),
      );
      return {
        endingSoon: rows.map((row) => {
          const hire = toHire(row);
          return {
            id: hire.id,
            equipment_name: hire.equipment_name,
            equipment_image_url: hire.equipment_image_url,
            site_name: hire.site_name,
            supplier_name: hire.supplier_name,
            hire_end_date: hire.hire_end_date,
          };
        }),
      };
    });
  }

  /**
   * Hires past their end date that are still active or collection booked, longest overdue
   * first, each with its cost to date (see costToDate); `total` counts them all.
   */
  overdue(actor: Actor) {
    const today = this.today();
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const { rows, total } = await this.hires.endedBefore(
        tx,
        actor.customerId,
        today,
        Math.max(OVERDUE_LIST_MAX, OVERDUE_PREVIEW),
      );
      return {
        overdue: rows.map((row) => ({
          id: row.hire.id,
          equipment_name: row.equipmentName,
          supplier_name: row.supplierName,
          site_name: row.siteName,
          target_return_date: row.hire.hireEndDate,
          days_overdue: daysBetween(row.hire.hireEndDate, today),
          cost_to_date: costToDate(priced(row.hire), today),
        })),
        total,
      };
    });
  }

  subscriptionUsage(actor: Actor) {
    return this.database.readAsTenant(actor.customerId, (tx) => this.limits.usage(tx, actor.customerId));
  }

  /** Dashboard: every hire, active hires, active sites, and the sum of every hire's total. */
  stats(actor: Actor) {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      const s = await this.hires.stats(tx, actor.customerId);
      return {
        stats: {
          totalHires: s.totalHires,
          activeHires: s.activeHires,
          totalSites: s.totalSites,
          totalSpending: Number(s.totalSpending),
        },
      };
    });
  }

  private async answerFor(
    tx: HiresTx,
    customerId: string,
    id: string,
  ): Promise<{ hire: Hire; purchaseOrder: boolean }> {
    const row = await this.hires.findListed(tx, customerId, id);
    if (!row) throw hireNotFound();
    return { hire: toHire(row), purchaseOrder: await this.purchaseOrders.forCompany(tx, customerId) };
  }

  /**
   * Answers what it read (HireReferences). The site must be the company's; equipment and supplier must be in the read models and
   * not deleted by the catalogue. One the read models have not heard of yet (its event is
   * on its way) is a ReadModelMiss: `writing` asks the catalogue and tries again. So is an
   * inactive one: the catalogue shows it only to the company whose entry it is, so it is
   * asked, as the user, and answers 404 to any other company; what it answered is
   * `confirmed` on the second try. On an edit, equipment or a supplier the hire already had
   * may stay even if the catalogue has since deleted it or made it inactive. `countActive`:
   * also count the company's active hires (after its lock).
   */
  private async checkReferences(
    tx: HiresTx,
    actor: Actor,
    input: HireInput,
    current?: HireRow,
    countActive = false,
    confirmed: MissingReferences = {},
  ): Promise<HireReferences> {
    const known = await this.readModels.references(
      tx,
      actor.customerId,
      {
        equipmentId: input.equipment_id,
        supplierId: input.supplier_id,
        siteId: input.site_id,
        userId: actor.userId,
      },
      countActive,
    );
    const newEquipment = current?.equipmentId !== input.equipment_id;
    const newSupplier = current?.supplierId !== input.supplier_id;
    if (newEquipment && known.equipment === 'deleted') throw notFound(HIRES_MESSAGES.EQUIPMENT_NOT_FOUND);
    const missing: MissingReferences = {};
    const ask = (state: ReferenceState, id: string, confirmedId: string | undefined) =>
      state === 'unknown' || (state === 'inactive' && confirmedId !== id);
    if (newEquipment && ask(known.equipment, input.equipment_id, confirmed.equipmentId))
      missing.equipmentId = input.equipment_id;
    if (newSupplier && ask(known.supplier, input.supplier_id, confirmed.supplierId))
      missing.supplierId = input.supplier_id;
    if (missing.equipmentId || missing.supplierId) throw new ReadModelMiss(missing);
    // The catalogue confirmed it (it is the company's own, inactive): not for a new hire.
    if (newEquipment && known.equipment === 'inactive') throw equipmentInactive();
    if (newSupplier && known.supplier === 'deleted') throw notFound(HIRES_MESSAGES.SUPPLIER_NOT_FOUND);
    if (!known.siteFound) throw notFound(HIRES_MESSAGES.SITE_NOT_FOUND);
    return known;
  }

  /**
   * Runs a hire's write. When its equipment or supplier was not in the read models, or is
   * inactive there, the transaction has rolled back: the catalogue is asked (outside any
   * transaction), its answer written to the read models, and the write runs once more with
   * what it confirmed; the catalogue's 404 is the answer's. A site deleted while the hire was being written: the foreign key
   * stops it; say which.
   */
  private async writing<T>(actor: Actor, work: (confirmed: MissingReferences) => Promise<T>): Promise<T> {
    try {
      try {
        return await work({});
      } catch (err) {
        if (!(err instanceof ReadModelMiss)) throw err;
        await this.catalogue.fill(actor, err.missing);
        return await work(err.missing);
      }
    } catch (err) {
      if (pgErrorOf(err)?.code === '23503') throw notFound(HIRES_MESSAGES.SITE_NOT_FOUND);
      throw err;
    }
  }
}
