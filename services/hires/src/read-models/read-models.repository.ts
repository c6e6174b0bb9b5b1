import { Injectable } from '@nestjs/common';
import { and, eq, lte, sql } from 'drizzle-orm';
import { newerVersion, preparedQuery, preparedSql } from '@planted/db';
import type { Actor } from '@planted/contracts';
import { PLANS, type PlanId } from '@planted/domain';
import type { HiresTx } from '../db/database';
import { accountingSettings, companyPlans, equipment, hireRows, sites, suppliers, users } from '../db/schema';
import type { ListedHireRow } from '../hires/hires.repository';
import { OFFERS_PURCHASE_ORDER } from './purchase-orders';

/** What the catalogue's equipment events carry that hires shows (equipmentEventSchema). */
export interface EquipmentFacts {
  id: string;
  name: string;
  category: string;
  image_url: string | null;
  image_card_url: string | null;
  is_active: boolean;
}

export interface SupplierFacts {
  id: string;
  name: string;
  is_active: boolean;
}

export interface UserFacts {
  id: string;
  customer_id: string;
  name: string;
  profile_picture_url: string | null;
}

/** Before every real event: a row written from what a request knew gives way to the first event about it. */
const KNOWN_FROM_REQUEST = '1970-01-01T00:00:00.000Z';

/** Plans without a maximum of active hires: nothing to count for them. */
const UNLIMITED_PLANS = PLANS.filter((plan) => plan.hire_limit === null).map((plan) => plan.id);

const value = (name: string) => sql.placeholder(name);

/** What `references` reads, as one prepared statement (see there). */
const referencesStatement = preparedSql<{
  equipment_deleted: boolean | null;
  equipment_active: boolean | null;
  equipment_name: string | null;
  equipment_category: string | null;
  equipment_image_url: string | null;
  equipment_image_card_url: string | null;
  supplier_deleted: boolean | null;
  supplier_active: boolean | null;
  supplier_name: string | null;
  site_name: string | null;
  site_address_line_1: string | null;
  site_address_line_2: string | null;
  site_city: string | null;
  site_postcode: string | null;
  site_job_number: string | null;
  user_name: string | null;
  user_picture: string | null;
  plan: PlanId | null;
  active_count: number | null;
  purchase_order: boolean | null;
}>(
  'hires_write_references',
  sql`select ${equipment.deletedAt} is not null as equipment_deleted, ${equipment.isActive} as equipment_active,
             ${equipment.name} as equipment_name,
             ${equipment.category} as equipment_category, ${equipment.imageUrl} as equipment_image_url,
             ${equipment.imageCardUrl} as equipment_image_card_url,
             ${suppliers.deletedAt} is not null as supplier_deleted, ${suppliers.isActive} as supplier_active,
             ${suppliers.name} as supplier_name,
             ${sites.name} as site_name, ${sites.addressLine1} as site_address_line_1,
             ${sites.addressLine2} as site_address_line_2, ${sites.city} as site_city,
             ${sites.postcode} as site_postcode, ${sites.jobNumber} as site_job_number,
             ${users.name} as user_name, ${users.profilePictureUrl} as user_picture,
             ${companyPlans.plan} as plan,
             case when ${value('countActive')}::boolean
                   and coalesce(${companyPlans.plan}, 'free') <> all(${value('unlimitedPlans')}::text[])
                  then (select count(*)::int from ${hireRows}
                         where ${hireRows.customerId} = ${value('customerId')}::uuid and ${hireRows.hireStatus} = 'active')
             end as active_count,
             ${OFFERS_PURCHASE_ORDER} as purchase_order
        from (select) as one
        left join ${equipment} on ${equipment.id} = ${value('equipmentId')}::uuid
        left join ${suppliers} on ${suppliers.id} = ${value('supplierId')}::uuid
        left join ${sites} on ${sites.customerId} = ${value('customerId')}::uuid and ${sites.id} = ${value('siteId')}::uuid
        left join ${users} on ${users.id} = ${value('userId')}::uuid
        left join ${companyPlans} on ${companyPlans.customerId} = ${value('customerId')}::uuid
        left join ${accountingSettings} on ${accountingSettings.customerId} = ${value('customerId')}::uuid`,
);

/**
 * The hires service's own copies of what other services own: catalogue equipment and
 * suppliers, identity's users, each company's plan. Written by the event consumers (inside
 * their withSystem transaction), read by the hires queries in one join.
 */
@Injectable()
export class ReadModelsRepository {
  async upsertEquipment(tx: HiresTx, item: EquipmentFacts, at: string): Promise<void> {
    const values = {
      name: item.name,
      category: item.category,
      imageUrl: item.image_url,
      imageCardUrl: item.image_card_url,
      isActive: item.is_active,
      deletedAt: null,
      sourceAt: at,
    };
    await tx
      .insert(equipment)
      .values({ id: item.id, ...values })
      .onConflictDoUpdate({ target: equipment.id, set: values, setWhere: newerVersion(equipment.sourceAt) });
  }

  async deleteEquipment(tx: HiresTx, id: string, at: string): Promise<void> {
    await tx
      .update(equipment)
      .set({ deletedAt: at, sourceAt: at })
      .where(and(eq(equipment.id, id), lte(equipment.sourceAt, at)));
  }

  async upsertSupplier(tx: HiresTx, supplier: SupplierFacts, at: string): Promise<void> {
    const values = { name: supplier.name, isActive: supplier.is_active, deletedAt: null, sourceAt: at };
    await tx
      .insert(suppliers)
      .values({ id: supplier.id, ...values })
      .onConflictDoUpdate({ target: suppliers.id, set: values, setWhere: newerVersion(suppliers.sourceAt) });
  }

  async deleteSupplier(tx: HiresTx, id: string, at: string): Promise<void> {
    await tx
      .update(suppliers)
      .set({ deletedAt: at, sourceAt: at })
      .where(and(eq(suppliers.id, id), lte(suppliers.sourceAt, at)));
  }

  async upsertUser(tx: HiresTx, user: UserFacts, at: string): Promise<void> {
    const values = {
      customerId: user.customer_id,
      name: user.name,
      profilePictureUrl: user.profile_picture_url,
      sourceAt: at,
    };
    await tx
      .insert(users)
      .values({ id: user.id, ...values })
      .onConflictDoUpdate({ target: users.id, set: values, setWhere: newerVersion(users.sourceAt) });
  }

  /**
   * The creator of a hire as the request's verified token names them, when identity's
   * event about them has not arrived yet (the first event replaces it, picture included).
   */
  async rememberActor(tx: HiresTx, actor: Actor): Promise<void> {
    await this.rememberActorStatement(tx).execute({
      id: actor.userId,
      customerId: actor.customerId,
      name: actor.name,
    });
  }

  private readonly rememberActorStatement = preparedQuery((tx: HiresTx) =>
    tx
      .insert(users)
      .values({
        id: sql.placeholder('id'),
        customerId: sql.placeholder('customerId'),
        name: sql.placeholder('name'),
        sourceAt: KNOWN_FROM_REQUEST,
      })
      .onConflictDoNothing({ target: users.id })
      .prepare('hires_remember_actor'),
  );

  async setPlan(tx: HiresTx, customerId: string, plan: PlanId, at: string): Promise<void> {
    await tx
      .insert(companyPlans)
      .values({ customerId, plan, sourceAt: at })
      .onConflictDoUpdate({
        target: companyPlans.customerId,
        set: { plan, sourceAt: at },
        setWhere: newerVersion(companyPlans.sourceAt),
      });
  }

  /** The company's accounting integration as its latest settings event says (PurchaseOrderAvailability). */
  async setAccountingSettings(
    tx: HiresTx,
    customerId: string,
    settings: { is_active: boolean; auto_create_purchase_orders: boolean },
    at: string,
  ): Promise<void> {
    const values = {
      isActive: settings.is_active,
      autoCreatePurchaseOrders: settings.auto_create_purchase_orders,
      sourceAt: at,
    };
    await tx
      .insert(accountingSettings)
      .values({ customerId, ...values })
      .onConflictDoUpdate({
        target: accountingSettings.customerId,
        set: values,
        setWhere: newerVersion(accountingSettings.sourceAt),
      });
  }

  /** The company's plan; free while no event has named one (billing may not exist yet). */
  async planOf(tx: HiresTx, customerId: string): Promise<PlanId> {
    const [row] = await tx
      .select({ plan: companyPlans.plan })
      .from(companyPlans)
      .where(eq(companyPlans.customerId, customerId));
    return row?.plan ?? 'free';
  }

  /**
   * Equipment and suppliers as the catalogue answered a request for them, when their event
   * has not arrived yet (CatalogueLookup). Like rememberActor, the row gives way to the
   * first event about it; an event applied meanwhile is kept.
   */
  async learnEquipment(tx: HiresTx, item: EquipmentFacts): Promise<void> {
    await tx
      .insert(equipment)
      .values({
        id: item.id,
        name: item.name,
        category: item.category,
        imageUrl: item.image_url,
        imageCardUrl: item.image_card_url,
        isActive: item.is_active,
        sourceAt: KNOWN_FROM_REQUEST,
      })
      .onConflictDoNothing({ target: equipment.id });
  }

  async learnSupplier(tx: HiresTx, supplier: SupplierFacts): Promise<void> {
    await tx
      .insert(suppliers)
      .values({
        id: supplier.id,
        name: supplier.name,
        isActive: supplier.is_active,
        sourceAt: KNOWN_FROM_REQUEST,
      })
      .onConflictDoNothing({ target: suppliers.id });
  }

  /**
   * Everything a hire's write reads before it writes, in one prepared statement (one round
   * trip of the write's transaction): its equipment and supplier in the read models — 'usable',
   * 'deleted' (the catalogue deleted it), 'inactive' (only its own company sees it: ask the
   * catalogue) or 'unknown' (its event has not arrived: ask the catalogue) — with what the answer shows of them; the site, when it is the company's; the
   * writer's row in the users read model, if there is one; the company's plan; whether its
   * accounting integration offers a purchase order; and, with `countActive`, its active hires
   * (none counted on a plan without a maximum). The count is this statement's snapshot: to
   * hold the plan's limit, take the company's lock before it (HireLimits.lockBeforeNextStatement).
   */
  async references(
    tx: HiresTx,
    customerId: string,
    refs: { equipmentId: string; supplierId: string; siteId: string; userId: string },
    countActive = false,
  ): Promise<HireReferences> {
    const [row] = await referencesStatement(tx, {
      ...refs,
      customerId,
      countActive,
      unlimitedPlans: UNLIMITED_PLANS,
    });
    const state = (deleted: boolean | null, active: boolean | null, name: string | null): ReferenceState =>
      name === null ? 'unknown' : deleted ? 'deleted' : active === false ? 'inactive' : 'usable';
    return {
      equipment: state(row.equipment_deleted, row.equipment_active, row.equipment_name),
      supplier: state(row.supplier_deleted, row.supplier_active, row.supplier_name),
      siteFound: row.site_name !== null,
      creatorKnown: row.user_name !== null,
      plan: row.plan ?? 'free',
      activeHires: row.active_count ?? 0,
      purchaseOrderAvailable: row.purchase_order ?? false,
      names: {
        equipmentName: row.equipment_name,
        equipmentCategory: row.equipment_category,
        equipmentImageUrl: row.equipment_image_url,
        equipmentImageCardUrl: row.equipment_image_card_url,
        supplierName: row.supplier_name,
        siteName: row.site_name,
        siteAddressLine1: row.site_address_line_1,
        siteAddressLine2: row.site_address_line_2,
        siteCity: row.site_city,
        sitePostcode: row.site_postcode,
        jobNumber: row.site_job_number,
        creatorName: row.user_name,
        creatorPicture: row.user_picture,
      },
    };
  }
}

/** A hire's references as the write found them (see ReadModelsRepository.references). */
export interface HireReferences {
  equipment: ReferenceState;
  supplier: ReferenceState;
  siteFound: boolean;
  /** The writer is in the users read model (else rememberActor adds them). */
  creatorKnown: boolean;
  plan: PlanId;
  /** The company's active hires, when counted (else 0; none on a plan without a maximum). */
  activeHires: number;
  /** The company's accounting integration is active (PurchaseOrderAvailability). */
  purchaseOrderAvailable: boolean;
  /** What a listed hire shows of its references and creator, as read. */
  names: Omit<ListedHireRow, 'hire'>;
}

/**
 * 'inactive': the catalogue keeps it, but shows it only to the company whose entry it is,
 * which the read model does not record: the catalogue is asked, as the user, whether it may
 * use it (see HiresService.checkReferences).
 */
export type ReferenceState = 'usable' | 'deleted' | 'inactive' | 'unknown';
