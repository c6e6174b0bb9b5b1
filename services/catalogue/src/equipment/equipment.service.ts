import { Inject, Injectable } from '@nestjs/common';
import {
  CATALOGUE_MESSAGES,
  CatalogueEquipmentCreate,
  EquipmentCreated,
  EquipmentDeleted,
  EquipmentUpdated,
  paginationOf,
  type Actor,
  type CatalogueEquipmentCategories,
  type CatalogueEquipmentDelete,
  type CatalogueEquipmentFavoriteAdd,
  type CatalogueEquipmentFavoriteRemove,
  type CatalogueEquipmentGet,
  type CatalogueEquipmentList,
  type CatalogueEquipmentSimilar,
  type CatalogueEquipmentUpdate,
  type Equipment,
  type ParsedRequestOf,
  type ReplyOf,
} from '@planted/contracts';
import { DATABASE, once, OutboxService } from '@planted/service-kit';
import type { CatalogueDatabase, CatalogueTx } from '../db/database';
import { idempotentRequests, type EquipmentRow } from '../db/schema';
import { ListCache } from '../shared/list-cache';
import { equipmentNotFound, onlyAdminsAddEquipment, onlyOwnerEditsEquipment } from './equipment.errors';
import { EquipmentRepository, toEquipment, type EquipmentPatch } from './equipment.repository';

type ListInput = Omit<ParsedRequestOf<typeof CatalogueEquipmentList>, 'actor'>;
type CreateInput = Omit<ParsedRequestOf<typeof CatalogueEquipmentCreate>, 'actor'>;
type UpdateInput = Omit<ParsedRequestOf<typeof CatalogueEquipmentUpdate>, 'actor'>;

/** What the catalogue's events carry of an item (consumers keep names and images for their lists). */
function toEquipmentEvent(row: EquipmentRow) {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    image_url: row.imageUrl,
    image_card_url: row.imageCardUrl,
    is_active: row.isActive,
    customer_id: row.customerId,
  };
}

/** Whether the company sees the row: not deleted, and active or its own. */
function visible(row: EquipmentRow | undefined, customerId: string): row is EquipmentRow {
  return row !== undefined && row.deletedAt === null && (row.isActive || row.customerId === customerId);
}

@Injectable()
export class EquipmentService {
  private readonly pages = new ListCache<Equipment>();

  constructor(
    @Inject(DATABASE) private readonly database: CatalogueDatabase,
    private readonly equipment: EquipmentRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * A page of the catalogue (or of the company's favourites). Pages of the catalogue are
   * shared between companies through the ListCache, items and all: a repeated search
   * costs a look at the list's counter and the company's favourites among the page's
   * ids instead of a trigram scan and a count.
   */
  list(
    actor: Actor,
    query: ListInput,
    favoritesOnly = false,
  ): Promise<ReplyOf<typeof CatalogueEquipmentList>> {
    const { customerId } = actor;
    const answer = (items: Equipment[], total: number) => ({
      equipment: items,
      pagination: paginationOf(query.page, query.limit, total),
    });
    return this.database.readAsTenant(customerId, async (tx) => {
      const filter = { customerId, ...query, favoritesOnly };
      if (favoritesOnly) {
        const { items, total } = await this.equipment.page(tx, filter);
        return answer(items, total);
      }
      const key = ListCache.key(query);
      const cached = this.pages.get(key);
      if (cached) {
        const items = await this.equipment.cachedPage(tx, customerId, cached);
        if (items) return answer(items, cached.total);
      }
      const page = await this.equipment.page(tx, filter);
      if (!page.ownInactive)
        this.pages.set(key, {
          version: page.version,
          total: page.total,
          ids: page.items.map((item) => item.id),
          items: page.items,
        });
      return answer(page.items, page.total);
    });
  }

  categories(actor: Actor): Promise<ReplyOf<typeof CatalogueEquipmentCategories>> {
    return this.database.readAsTenant(actor.customerId, async (tx) => ({
      categories: await this.equipment.categoryCounts(tx),
    }));
  }

  async get(actor: Actor, id: string): Promise<ReplyOf<typeof CatalogueEquipmentGet>> {
    const found = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.equipment.findVisible(tx, actor.customerId, id),
    );
    if (!found) throw equipmentNotFound();
    return { equipment: found };
  }

  similar(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof CatalogueEquipmentSimilar>, 'actor'>,
  ): Promise<ReplyOf<typeof CatalogueEquipmentSimilar>> {
    return this.database.readAsTenant(actor.customerId, async (tx) => ({
      similar: await this.equipment.similar(tx, input.name),
    }));
  }

  /** Spec §6: admins add equipment; the item belongs to their company. Once per Idempotency-Key. */
  async create(actor: Actor, input: CreateInput): Promise<ReplyOf<typeof CatalogueEquipmentCreate>> {
    if (actor.role !== 'admin') throw onlyAdminsAddEquipment();
    const created = await once({
      transaction: (work) => this.database.withTenant(actor.customerId, work),
      table: idempotentRequests,
      request: { subject: CatalogueEquipmentCreate, caller: actor.userId, input },
      prepare: async () => undefined,
      create: async (tx: CatalogueTx) => {
        const row = await this.equipment.insert(tx, {
          customerId: actor.customerId,
          createdBy: actor.userId,
          name: input.name,
          description: input.description,
          category: input.category,
          unitOfMeasure: input.unit_of_measure,
          power: input.power,
          imageUrl: input.image?.url ?? null,
          imageCardUrl: input.image?.card_url ?? null,
        });
        await this.outbox.record(
          tx,
          EquipmentCreated,
          { equipment: toEquipmentEvent(row) },
          actor.customerId,
        );
        return toEquipment(row, false);
      },
      keep: (item) => ({ id: item.id }),
      replay: async ({ id }, tx: CatalogueTx) => {
        const row = await this.equipment.findRow(tx, id);
        if (!row) throw equipmentNotFound();
        return toEquipment(row, await this.equipment.isFavorite(tx, actor.customerId, id));
      },
    });
    this.outbox.committed();
    return { equipment: created, message: CATALOGUE_MESSAGES.EQUIPMENT_CREATED };
  }

  /**
   * Spec §6: admins of the owning company change an item. Without `image` the current one
   * stays; a new image or `remove_image` answers the paths no longer used.
   */
  async update(actor: Actor, input: UpdateInput): Promise<ReplyOf<typeof CatalogueEquipmentUpdate>> {
    const result = await this.database.withTenant(actor.customerId, async (tx) => {
      const row = await this.requireOwnItem(tx, actor, input.id);
      const patch: EquipmentPatch = {
        name: input.name,
        description: input.description,
        category: input.category,
        unitOfMeasure: input.unit_of_measure,
        power: input.power,
      };
      if (input.is_active !== undefined) patch.isActive = input.is_active;
      const replaced: string[] = [];
      if (input.image || input.remove_image) {
        replaced.push(...[row.imageUrl, row.imageCardUrl].filter((p): p is string => Boolean(p)));
        patch.imageUrl = input.image?.url ?? null;
        patch.imageCardUrl = input.image?.card_url ?? null;
      }
      const updated = await this.equipment.update(tx, row.id, patch);
      if (!updated) throw equipmentNotFound();
      await this.outbox.record(
        tx,
        EquipmentUpdated,
        { equipment: toEquipmentEvent(updated) },
        actor.customerId,
      );
      const isFavorite = await this.equipment.isFavorite(tx, actor.customerId, row.id);
      const stillUsed = new Set([updated.imageUrl, updated.imageCardUrl]);
      return {
        equipment: toEquipment(updated, isFavorite),
        replaced_images: replaced.filter((path) => !stillUsed.has(path)),
      };
    });
    this.outbox.committed();
    return { ...result, message: CATALOGUE_MESSAGES.EQUIPMENT_UPDATED };
  }

  /** Soft delete by admins of the owning company; a second delete answers NOT_FOUND. */
  async delete(actor: Actor, id: string): Promise<ReplyOf<typeof CatalogueEquipmentDelete>> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      const row = await this.requireOwnItem(tx, actor, id);
      if (!(await this.equipment.softDelete(tx, row.id))) throw equipmentNotFound();
      await this.outbox.record(tx, EquipmentDeleted, { equipment_id: row.id }, actor.customerId);
    });
    this.outbox.committed();
    return { message: CATALOGUE_MESSAGES.EQUIPMENT_DELETED };
  }

  async addFavorite(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof CatalogueEquipmentFavoriteAdd>, 'actor'>,
  ): Promise<ReplyOf<typeof CatalogueEquipmentFavoriteAdd>> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      const row = await this.equipment.findRow(tx, input.id);
      if (!visible(row, actor.customerId)) throw equipmentNotFound();
      await this.equipment.addFavorite(tx, actor.customerId, row.id);
    });
    return { is_favorite: true, message: CATALOGUE_MESSAGES.FAVORITE_ADDED };
  }

  /** Removing a favourite of an item that has since gone still works; NOT_FOUND only when there is nothing at all. */
  async removeFavorite(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof CatalogueEquipmentFavoriteRemove>, 'actor'>,
  ): Promise<ReplyOf<typeof CatalogueEquipmentFavoriteRemove>> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      const removed = await this.equipment.removeFavorite(tx, actor.customerId, input.id);
      if (!removed && !visible(await this.equipment.findRow(tx, input.id), actor.customerId))
        throw equipmentNotFound();
    });
    return { is_favorite: false, message: CATALOGUE_MESSAGES.FAVORITE_REMOVED };
  }

  /**
   * The item, when the actor may change it: NOT_FOUND when the company does not see
   * it, FORBIDDEN when it sees it but is not its owner, or is not an admin (spec §6).
   */
  private async requireOwnItem(tx: CatalogueTx, actor: Actor, id: string): Promise<EquipmentRow> {
    const row = await this.equipment.findRow(tx, id);
    if (!visible(row, actor.customerId)) throw equipmentNotFound();
    if (row.customerId !== actor.customerId || actor.role !== 'admin') throw onlyOwnerEditsEquipment();
    return row;
  }
}
