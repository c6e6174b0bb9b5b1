import { Injectable } from '@nestjs/common';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '@planted/contracts';
import type { PlanId } from '@planted/domain';
import type { HiresTx } from '../db/database';
import { companyPlans, equipment, sites, suppliers, users } from '../db/schema';

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

/** Keeps the newer of two versions of a row: events from one stream can reach replicas out of order. */
const newer = (sourceAt: AnyPgColumn) => sql`${sourceAt} <= excluded.source_at`;

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
      .onConflictDoUpdate({ target: equipment.id, set: values, setWhere: newer(equipment.sourceAt) });
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
      .onConflictDoUpdate({ target: suppliers.id, set: values, setWhere: newer(suppliers.sourceAt) });
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
      .onConflictDoUpdate({ target: users.id, set: values, setWhere: newer(users.sourceAt) });
  }

  /**
   * The creator of a hire as the request's verified token names them, when identity's
   * event about them has not arrived yet (the first event replaces it, picture included).
   */
  async rememberActor(tx: HiresTx, actor: Actor): Promise<void> {
    await tx
      .insert(users)
      .values({
        id: actor.userId,
        customerId: actor.customerId,
        name: actor.name,
        sourceAt: KNOWN_FROM_REQUEST,
      })
      .onConflictDoNothing({ target: users.id });
  }

  async setPlan(tx: HiresTx, customerId: string, plan: PlanId, at: string): Promise<void> {
    await tx
      .insert(companyPlans)
      .values({ customerId, plan, sourceAt: at })
      .onConflictDoUpdate({
        target: companyPlans.customerId,
        set: { plan, sourceAt: at },
        setWhere: newer(companyPlans.sourceAt),
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
   * What a hire's references are, in one statement (one round trip of the write's
   * transaction): its equipment and supplier in the read models — 'usable', 'deleted' (the
   * catalogue deleted it), or 'unknown' (its event has not arrived: ask the catalogue) —
   * and whether the site is the company's.
   */
  async references(
    tx: HiresTx,
    customerId: string,
    refs: { equipmentId: string; supplierId: string; siteId: string },
  ): Promise<{ equipment: ReferenceState; supplier: ReferenceState; siteFound: boolean }> {
    const state = (deletedAt: AnyPgColumn) =>
      sql<ReferenceState>`case when ${deletedAt} is null then 'usable' else 'deleted' end`;
    const result = await tx.execute<{
      equipment: ReferenceState | null;
      supplier: ReferenceState | null;
      site_found: boolean;
    }>(
      sql`select (select ${state(equipment.deletedAt)} from ${equipment} where ${equipment.id} = ${refs.equipmentId}) as equipment,
                 (select ${state(suppliers.deletedAt)} from ${suppliers} where ${suppliers.id} = ${refs.supplierId}) as supplier,
                 exists (select 1 from ${sites} where ${sites.customerId} = ${customerId} and ${sites.id} = ${refs.siteId}) as site_found`,
    );
    const [row] = result.rows;
    return {
      equipment: row?.equipment ?? 'unknown',
      supplier: row?.supplier ?? 'unknown',
      siteFound: row?.site_found === true,
    };
  }
}

export type ReferenceState = 'usable' | 'deleted' | 'unknown';
