import { Inject, Injectable } from '@nestjs/common';
import {
  CATALOGUE_MESSAGES,
  CatalogueSupplierCreate,
  CatalogueSupplierDetailsSave,
  CatalogueSupplierNoteAdd,
  paginationOf,
  SupplierCreated,
  SupplierDeleted,
  SupplierUpdated,
  type Actor,
  type CatalogueSupplierDelete,
  type CatalogueSupplierFavoriteAdd,
  type CatalogueSupplierFavoriteRemove,
  type CatalogueSupplierGet,
  type CatalogueSupplierSimilar,
  type CatalogueSupplierTimeline,
  type CatalogueSupplierUpdate,
  type CatalogueSuppliersList,
  type ParsedRequestOf,
  type ReplyOf,
  type Supplier,
  type TimelineEvent,
} from '@planted/contracts';
import { DATABASE, once, OutboxService } from '@planted/service-kit';
import type { CatalogueDatabase, CatalogueTx } from '../db/database';
import { idempotentRequests, type SupplierRow } from '../db/schema';
import { ListCache } from '../shared/list-cache';
import {
  onlyAdminsManageSuppliers,
  onlyCreatorDeletesSupplier,
  supplierNotFound,
  supplierReadOnly,
} from './suppliers.errors';
import { SuppliersRepository } from './suppliers.repository';

type Input<S> = Omit<S, 'actor'>;
type ListInput = Input<ParsedRequestOf<typeof CatalogueSuppliersList>>;
type CreateInput = Input<ParsedRequestOf<typeof CatalogueSupplierCreate>>;
type UpdateInput = Input<ParsedRequestOf<typeof CatalogueSupplierUpdate>>;
type DetailsInput = Input<ParsedRequestOf<typeof CatalogueSupplierDetailsSave>>;
type NoteInput = Input<ParsedRequestOf<typeof CatalogueSupplierNoteAdd>>;

/** Timeline titles of the events the service writes itself (notes are titled 'Note'). */
export const TIMELINE_TITLES = {
  created: 'Supplier created',
  updated: 'Supplier information updated',
  details_updated: 'Communication details updated',
  note: 'Note',
} as const;

function toSupplierEvent(row: SupplierRow) {
  return {
    id: row.id,
    name: row.name,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    address: row.address,
    is_active: row.isActive,
    created_by: row.createdBy,
  };
}

/** Whether the company sees the row: not deleted, and active or its own. */
function visible(row: SupplierRow | undefined, customerId: string): row is SupplierRow {
  return row !== undefined && row.deletedAt === null && (row.isActive || row.createdBy === customerId);
}

@Injectable()
export class SuppliersService {
  private readonly pages = new ListCache<Supplier>();

  constructor(
    @Inject(DATABASE) private readonly database: CatalogueDatabase,
    private readonly suppliers: SuppliersRepository,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * A page of the directory (or of the company's favourites); directory pages are shared
   * through the ListCache, suppliers and all, each use adding the company's own columns.
   */
  list(
    actor: Actor,
    query: ListInput,
    favoritesOnly = false,
  ): Promise<ReplyOf<typeof CatalogueSuppliersList>> {
    const { customerId } = actor;
    const answer = (items: Supplier[], total: number) => ({
      suppliers: items,
      pagination: paginationOf(query.page, query.limit, total),
    });
    return this.database.readAsTenant(customerId, async (tx) => {
      const filter = { customerId, ...query, favoritesOnly };
      if (favoritesOnly) {
        const { items, total } = await this.suppliers.page(tx, filter);
        return answer(items, total);
      }
      const key = ListCache.key(query);
      const cached = this.pages.get(key);
      if (cached) {
        const items = await this.suppliers.cachedPage(tx, customerId, cached);
        if (items) return answer(items, cached.total);
      }
      const page = await this.suppliers.page(tx, filter);
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

  async get(actor: Actor, id: string): Promise<ReplyOf<typeof CatalogueSupplierGet>> {
    const found = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.suppliers.findVisible(tx, actor.customerId, id),
    );
    if (!found) throw supplierNotFound();
    return { supplier: found };
  }

  similar(
    actor: Actor,
    input: Input<ParsedRequestOf<typeof CatalogueSupplierSimilar>>,
  ): Promise<ReplyOf<typeof CatalogueSupplierSimilar>> {
    return this.database.readAsTenant(actor.customerId, async (tx) => ({
      similar: await this.suppliers.similar(tx, input.name),
    }));
  }

  /**
   * Spec §6: admins add suppliers; the caller's company becomes the creator ('Created by
   * you'), its timeline starts with 'created', and its own details may come along.
   */
  async create(actor: Actor, input: CreateInput): Promise<ReplyOf<typeof CatalogueSupplierCreate>> {
    if (actor.role !== 'admin') throw onlyAdminsManageSuppliers();
    const supplier = await once({
      transaction: (work) => this.database.withTenant(actor.customerId, work),
      table: idempotentRequests,
      request: { subject: CatalogueSupplierCreate, caller: actor.userId, input },
      prepare: async () => undefined,
      create: async (tx: CatalogueTx) => {
        const row = await this.suppliers.insert(tx, {
          createdBy: actor.customerId,
          createdByUser: actor.userId,
          name: input.name,
          contactEmail: input.contact_email,
          contactPhone: input.contact_phone,
          address: input.address,
        });
        await this.addEvent(tx, actor, row.id, 'created');
        if (input.details && Object.values(input.details).some((value) => value !== null))
          await this.suppliers.saveDetails(tx, actor.customerId, row.id, input.details);
        await this.outbox.record(tx, SupplierCreated, { supplier: toSupplierEvent(row) }, actor.customerId);
        return this.requireVisible(tx, actor, row.id);
      },
      keep: (created) => ({ id: created.id }),
      replay: ({ id }, tx: CatalogueTx) => this.requireVisible(tx, actor, id),
    });
    this.outbox.committed();
    return { supplier, message: CATALOGUE_MESSAGES.SUPPLIER_CREATED };
  }

  /** Basic information: admins of the creating company only; everyone else sees it read-only (spec §2, §5). */
  async update(actor: Actor, input: UpdateInput): Promise<ReplyOf<typeof CatalogueSupplierUpdate>> {
    const supplier = await this.database.withTenant(actor.customerId, async (tx) => {
      const row = await this.suppliers.findRow(tx, input.id);
      if (!visible(row, actor.customerId)) throw supplierNotFound();
      if (row.createdBy !== actor.customerId) throw supplierReadOnly();
      if (actor.role !== 'admin') throw onlyAdminsManageSuppliers();
      const updated = await this.suppliers.update(tx, row.id, {
        name: input.name,
        contactEmail: input.contact_email,
        contactPhone: input.contact_phone,
        address: input.address,
      });
      if (!updated) throw supplierNotFound();
      await this.addEvent(tx, actor, row.id, 'updated');
      await this.outbox.record(tx, SupplierUpdated, { supplier: toSupplierEvent(updated) }, actor.customerId);
      return this.requireVisible(tx, actor, row.id);
    });
    this.outbox.committed();
    return { supplier, message: CATALOGUE_MESSAGES.SUPPLIER_UPDATED };
  }

  /** Spec §6: only the creator deletes a supplier (its admins). Soft delete: a second one answers NOT_FOUND. */
  async delete(actor: Actor, id: string): Promise<ReplyOf<typeof CatalogueSupplierDelete>> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      const row = await this.suppliers.findRow(tx, id);
      if (!visible(row, actor.customerId)) throw supplierNotFound();
      if (row.createdBy !== actor.customerId) throw onlyCreatorDeletesSupplier();
      if (actor.role !== 'admin') throw onlyAdminsManageSuppliers();
      if (!(await this.suppliers.softDelete(tx, row.id))) throw supplierNotFound();
      await this.outbox.record(tx, SupplierDeleted, { supplier_id: row.id }, actor.customerId);
    });
    this.outbox.committed();
    return { message: CATALOGUE_MESSAGES.SUPPLIER_DELETED };
  }

  async addFavorite(
    actor: Actor,
    input: Input<ParsedRequestOf<typeof CatalogueSupplierFavoriteAdd>>,
  ): Promise<ReplyOf<typeof CatalogueSupplierFavoriteAdd>> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      const row = await this.suppliers.findRow(tx, input.id);
      if (!visible(row, actor.customerId)) throw supplierNotFound();
      await this.suppliers.addFavorite(tx, actor.customerId, row.id);
    });
    return { is_favorite: true, message: CATALOGUE_MESSAGES.FAVORITE_ADDED };
  }

  async removeFavorite(
    actor: Actor,
    input: Input<ParsedRequestOf<typeof CatalogueSupplierFavoriteRemove>>,
  ): Promise<ReplyOf<typeof CatalogueSupplierFavoriteRemove>> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      const removed = await this.suppliers.removeFavorite(tx, actor.customerId, input.id);
      if (!removed && !visible(await this.suppliers.findRow(tx, input.id), actor.customerId))
        throw supplierNotFound();
    });
    return { is_favorite: false, message: CATALOGUE_MESSAGES.FAVORITE_REMOVED };
  }

  /**
   * 'Your Communication Details' (any role), private to the company, with a
   * 'details_updated' timeline event. Once per Idempotency-Key, so a retry adds no second event.
   */
  async saveDetails(
    actor: Actor,
    input: DetailsInput,
  ): Promise<ReplyOf<typeof CatalogueSupplierDetailsSave>> {
    const { id, ...details } = input;
    const supplier = await once({
      transaction: (work) => this.database.withTenant(actor.customerId, work),
      table: idempotentRequests,
      request: { subject: CatalogueSupplierDetailsSave, caller: actor.userId, input },
      prepare: async () => undefined,
      create: async (tx: CatalogueTx) => {
        await this.requireVisible(tx, actor, id);
        await this.suppliers.saveDetails(tx, actor.customerId, id, details);
        await this.addEvent(tx, actor, id, 'details_updated');
        return this.requireVisible(tx, actor, id);
      },
      keep: () => ({}),
      replay: (_kept, tx: CatalogueTx) => this.requireVisible(tx, actor, id),
    });
    return { supplier, message: CATALOGUE_MESSAGES.DETAILS_SAVED };
  }

  async timeline(
    actor: Actor,
    input: Input<ParsedRequestOf<typeof CatalogueSupplierTimeline>>,
  ): Promise<ReplyOf<typeof CatalogueSupplierTimeline>> {
    return this.database.readAsTenant(actor.customerId, async (tx) => {
      await this.requireVisible(tx, actor, input.id);
      return { events: await this.suppliers.timeline(tx, actor.customerId, input.id) };
    });
  }

  /** A note: a timeline row of type 'note', private to the company (any role). */
  async addNote(actor: Actor, input: NoteInput): Promise<ReplyOf<typeof CatalogueSupplierNoteAdd>> {
    const event = await once({
      transaction: (work) => this.database.withTenant(actor.customerId, work),
      table: idempotentRequests,
      request: { subject: CatalogueSupplierNoteAdd, caller: actor.userId, input },
      prepare: async () => undefined,
      create: async (tx: CatalogueTx) => {
        await this.requireVisible(tx, actor, input.id);
        return this.addEvent(tx, actor, input.id, 'note', input.note);
      },
      keep: (added) => ({ id: added.id }),
      replay: async ({ id }, tx: CatalogueTx) => {
        const found = await this.suppliers.findTimelineEvent(tx, id);
        if (!found) throw supplierNotFound();
        return found;
      },
    });
    return { event, message: CATALOGUE_MESSAGES.NOTE_ADDED };
  }

  private async requireVisible(tx: CatalogueTx, actor: Actor, id: string): Promise<Supplier> {
    const found = await this.suppliers.findVisible(tx, actor.customerId, id);
    if (!found) throw supplierNotFound();
    return found;
  }

  private addEvent(
    tx: CatalogueTx,
    actor: Actor,
    supplierId: string,
    type: keyof typeof TIMELINE_TITLES,
    body: string | null = null,
  ): Promise<TimelineEvent> {
    return this.suppliers.addTimelineEvent(tx, {
      customerId: actor.customerId,
      supplierId,
      type,
      title: TIMELINE_TITLES[type],
      body,
      authorId: actor.userId,
      authorName: actor.name,
    });
  }
}
