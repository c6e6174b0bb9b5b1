import { Injectable } from '@nestjs/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CategoryCount, Equipment, SimilarEntry } from '@planted/contracts';
import { EQUIPMENT_CATEGORIES } from '@planted/domain';
import { preparedSql } from '@planted/db';
import type { CatalogueTx } from '../db/database';
import { equipment, equipmentFavorites, type EquipmentRow } from '../db/schema';
import type { CachedPage } from '../shared/list-cache';
import { isoTimestamp, returned } from '../shared/rows';
import { mergedPageFrom, type CompanyView, type DirectoryPage } from '../shared/directory';
import { mergedPageStatements, mergedValues, pageStatements, pageValues } from '../shared/list-queries';
import { placeholders } from '../shared/search';
import {
  categoryCountsQuery,
  EQUIPMENT_LIST,
  equipmentByIdQuery,
  equipmentMergedPageQuery,
  equipmentPageQuery,
  equipmentPageStateQuery,
  similarEquipmentQuery,
  type EquipmentFilter,
} from './equipment.queries';

/** An item as the queries answer it (EquipmentRow's answer columns). */
export type EquipmentView = Pick<
  EquipmentRow,
  | 'id'
  | 'customerId'
  | 'name'
  | 'description'
  | 'category'
  | 'unitOfMeasure'
  | 'power'
  | 'imageUrl'
  | 'imageCardUrl'
  | 'isActive'
  | 'createdAt'
  | 'updatedAt'
>;

export type NewEquipment = Pick<
  typeof equipment.$inferInsert,
  | 'customerId'
  | 'createdBy'
  | 'name'
  | 'description'
  | 'category'
  | 'unitOfMeasure'
  | 'power'
  | 'imageUrl'
  | 'imageCardUrl'
>;
export type EquipmentPatch = Partial<
  Pick<
    EquipmentRow,
    'name' | 'description' | 'category' | 'unitOfMeasure' | 'power' | 'imageUrl' | 'imageCardUrl' | 'isActive'
  >
>;

export function toEquipment(row: EquipmentView, isFavorite: boolean): Equipment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    unit_of_measure: row.unitOfMeasure,
    power: row.power,
    image_url: row.imageUrl,
    image_card_url: row.imageCardUrl,
    is_active: row.isActive,
    customer_id: row.customerId,
    is_favorite: isFavorite,
    created_at: isoTimestamp(row.createdAt),
    updated_at: isoTimestamp(row.updatedAt),
  };
}

type ListState = { version: number; ownInactive: boolean };
type PageRow = EquipmentView & ListState & { total: number; isFavorite: boolean };

// The statements behind the list and the item, built once (see preparedSql).
const pageStatement = pageStatements<PageRow, EquipmentFilter>(EQUIPMENT_LIST, equipmentPageQuery);
const mergedPageStatement = mergedPageStatements<PageRow, EquipmentFilter>(
  EQUIPMENT_LIST,
  equipmentMergedPageQuery,
);
const pageStateStatement = preparedSql<ListState & { favorites: string[] }>(
  'catalogue_equipment_page_state',
  equipmentPageStateQuery(placeholders('customerId'), placeholders('ids')),
);
const byIdStatement = preparedSql<EquipmentView & { isFavorite: boolean }>(
  'catalogue_equipment_by_id',
  equipmentByIdQuery(placeholders('customerId'), placeholders('id')),
);

@Injectable()
export class EquipmentRepository {
  /** A page of the items the company sees (or of its favourites), and the number of matches. */
  async page(tx: CatalogueTx, filter: EquipmentFilter): Promise<DirectoryPage<Equipment>> {
    const rows = await pageStatement(filter)(tx, pageValues(filter));
    const [first] = rows;
    const items = rows.filter((row) => row.id !== null).map((row) => toEquipment(row, row.isFavorite));
    return { items, total: first.total, version: first.version, ownInactive: first.ownInactive };
  }

  /**
   * The items of a page read before, as the company sees them now (with its favourites), in
   * the page's order; 'stale' when the list changed since, 'own-inactive' when the company
   * has inactive items of its own (see mergedPage). The items themselves come from
   * memory: while the list's counter has not moved, no row of the table has changed.
   */
  async cachedPage(
    tx: CatalogueTx,
    customerId: string,
    cached: CachedPage<Equipment>,
  ): Promise<CompanyView<Equipment> | 'stale' | 'own-inactive'> {
    const [state] = await pageStateStatement(tx, { customerId, ids: cached.ids });
    if (state.version !== cached.version) return 'stale';
    if (state.ownInactive) return 'own-inactive';
    const favorites = new Set(state.favorites);
    return {
      state: [...favorites].sort().join(','),
      items: () => cached.items.map((item) => ({ ...item, is_favorite: favorites.has(item.id) })),
    };
  }

  /** Page 1 for a company with inactive items of its own, from the shared page (see DirectoryStore). */
  async mergedPage(
    tx: CatalogueTx,
    filter: EquipmentFilter,
    cached: CachedPage<Equipment>,
  ): Promise<DirectoryPage<Equipment> | undefined> {
    const rows = await mergedPageStatement(filter)(tx, mergedValues(filter, cached));
    return mergedPageFrom(rows, cached, (row) => toEquipment(row, row.isFavorite));
  }

  /** The item as the company sees it, or undefined when it does not see it (unknown, deleted, another's inactive). */
  async findVisible(tx: CatalogueTx, customerId: string, id: string): Promise<Equipment | undefined> {
    const [row] = await byIdStatement(tx, { customerId, id });
    return row ? toEquipment(row, row.isFavorite) : undefined;
  }

  /** The row itself, deleted or not. */
  async findRow(tx: CatalogueTx, id: string): Promise<EquipmentRow | undefined> {
    const [row] = await tx.select().from(equipment).where(eq(equipment.id, id));
    return row;
  }

  async insert(tx: CatalogueTx, values: NewEquipment): Promise<EquipmentRow> {
    return returned(await tx.insert(equipment).values(values).returning());
  }

  /** Undefined when the item was deleted meanwhile. */
  async update(tx: CatalogueTx, id: string, patch: EquipmentPatch): Promise<EquipmentRow | undefined> {
    const [row] = await tx
      .update(equipment)
      .set(patch)
      .where(and(eq(equipment.id, id), isNull(equipment.deletedAt)))
      .returning();
    return row;
  }

  async softDelete(tx: CatalogueTx, id: string): Promise<boolean> {
    const rows = await tx
      .update(equipment)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(equipment.id, id), isNull(equipment.deletedAt)))
      .returning({ id: equipment.id });
    return rows.length > 0;
  }

  async isFavorite(tx: CatalogueTx, customerId: string, equipmentId: string): Promise<boolean> {
    const rows = await tx
      .select({ id: equipmentFavorites.equipmentId })
      .from(equipmentFavorites)
      .where(
        and(eq(equipmentFavorites.customerId, customerId), eq(equipmentFavorites.equipmentId, equipmentId)),
      );
    return rows.length > 0;
  }

  async addFavorite(tx: CatalogueTx, customerId: string, equipmentId: string): Promise<void> {
    await tx.insert(equipmentFavorites).values({ customerId, equipmentId }).onConflictDoNothing();
  }

  /** Whether there was a favourite to remove. */
  async removeFavorite(tx: CatalogueTx, customerId: string, equipmentId: string): Promise<boolean> {
    const rows = await tx
      .delete(equipmentFavorites)
      .where(
        and(eq(equipmentFavorites.customerId, customerId), eq(equipmentFavorites.equipmentId, equipmentId)),
      )
      .returning({ id: equipmentFavorites.equipmentId });
    return rows.length > 0;
  }

  /** All 19 categories in the spec's order, with the number of items the company's list shows in each (0 included). */
  async categoryCounts(tx: CatalogueTx, customerId: string, favoritesOnly = false): Promise<CategoryCount[]> {
    const { rows } = await tx.execute<{ category: string; count: number }>(
      categoryCountsQuery(customerId, favoritesOnly),
    );
    const counts = new Map(rows.map((row) => [row.category, row.count]));
    return EQUIPMENT_CATEGORIES.map((category) => ({ category, count: counts.get(category) ?? 0 }));
  }

  async similar(tx: CatalogueTx, name: string): Promise<SimilarEntry[]> {
    const { rows } = await tx.execute<SimilarEntry>(similarEquipmentQuery(name));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      category: row.category,
      similarity: row.similarity,
    }));
  }
}
