import { Inject, Injectable } from '@nestjs/common';
import {
  CATALOGUE_MESSAGES,
  CatalogueEquipmentCreate,
  EquipmentCreated,
  EquipmentDeleted,
  EquipmentUpdated,
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
import { Directory } from '../shared/directory';
import { equipmentNotFound, onlyAdminsAddEquipment, onlyOwnerEditsEquipment } from './equipment.errors';
import { EquipmentRepository, toEquipment, type EquipmentPatch } from './equipment.repository';

type ListInput = Omit<ParsedRequestOf<typeof CatalogueEquipmentList>, 'actor'>;
type CreateInput = Omit<ParsedRequestOf<typeof CatalogueEquipmentCreate>, 'actor'>;
type UpdateInput = Omit<ParsedRequestOf<typeof CatalogueEquipmentUpdate>, 'actor'>;

/** Spec §6: only admins of the owning company edit or delete an item (one message for both). */
const OWNER_ONLY = { notOwner: onlyOwnerEditsEquipment, notAdmin: onlyOwnerEditsEquipment };

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

@Injectable()
export class EquipmentService {
  private readonly directory: Directory<Equipment, EquipmentRow, ReplyOf<typeof CatalogueEquipmentList>>;

  constructor(
    @Inject(DATABASE) private readonly database: CatalogueDatabase,
    private readonly equipment: EquipmentRepository,
    private readonly outbox: OutboxService,
  ) {
    this.directory = new Directory(database, outbox, equipment, {
      ownerOf: (row) => row.customerId,
      notFound: equipmentNotFound,
      answer: (equipment, pagination) => ({ equipment, pagination }),
    });
  }

  /** A page of the catalogue (or of the company's favourites); see Directory. */
  list(
    actor: Actor,
    query: ListInput,
    favoritesOnly = false,
  ): Promise<ReplyOf<typeof CatalogueEquipmentList>> {
    return this.directory.list(actor.customerId, query, favoritesOnly);
  }

  categories(actor: Actor, favoritesOnly = false): Promise<ReplyOf<typeof CatalogueEquipmentCategories>> {
    return this.database.readAsTenant(actor.customerId, async (tx) => ({
      categories: await this.equipment.categoryCounts(tx, actor.customerId, favoritesOnly),
    }));
  }

  async get(actor: Actor, id: string): Promise<ReplyOf<typeof CatalogueEquipmentGet>> {
    return { equipment: await this.directory.get(actor.customerId, id) };
  }

  similar(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof CatalogueEquipmentSimilar>, 'actor'>,
  ): Promise<ReplyOf<typeof CatalogueEquipmentSimilar>> {
    return this.directory.similar(actor.customerId, input.name);
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
      const row = await this.directory.ownRow(tx, actor, input.id, OWNER_ONLY);
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
    await this.directory.delete(actor, id, OWNER_ONLY, EquipmentDeleted, (row) => ({ equipment_id: row.id }));
    return { message: CATALOGUE_MESSAGES.EQUIPMENT_DELETED };
  }

  addFavorite(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof CatalogueEquipmentFavoriteAdd>, 'actor'>,
  ): Promise<ReplyOf<typeof CatalogueEquipmentFavoriteAdd>> {
    return this.directory.addFavorite(actor.customerId, input.id);
  }

  removeFavorite(
    actor: Actor,
    input: Omit<ParsedRequestOf<typeof CatalogueEquipmentFavoriteRemove>, 'actor'>,
  ): Promise<ReplyOf<typeof CatalogueEquipmentFavoriteRemove>> {
    return this.directory.removeFavorite(actor.customerId, input.id);
  }
}
