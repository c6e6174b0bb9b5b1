import { Inject, Injectable } from '@nestjs/common';
import {
  CATALOGUE_MESSAGES,
  CatalogueSupplierCreate,
  CatalogueSupplierDetailsSave,
  CatalogueSupplierNoteAdd,
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
import { Directory } from '../shared/directory';
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
  /** Written by the accounting connector's supplier.exported event (accounting.consumer.ts). */
  exported: 'Supplier exported to Zahara',
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

/** Spec §2, §5: another company's supplier is read-only to it; only admins change their company's. */
const READ_ONLY = { notOwner: supplierReadOnly, notAdmin: onlyAdminsManageSuppliers };
/** Spec §6: only the creator deletes a supplier (its admins). */
const CREATOR_DELETES = { notOwner: onlyCreatorDeletesSupplier, notAdmin: onlyAdminsManageSuppliers };

@Injectable()
export class SuppliersService {
  private readonly directory: Directory<Supplier, SupplierRow, ReplyOf<typeof CatalogueSuppliersList>>;

  constructor(
    @Inject(DATABASE) private readonly database: CatalogueDatabase,
    private readonly suppliers: SuppliersRepository,
    private readonly outbox: OutboxService,
  ) {
    this.directory = new Directory(database, outbox, suppliers, {
      ownerOf: (row) => row.createdBy,
      notFound: supplierNotFound,
      answer: (suppliers, pagination) => ({ suppliers, pagination }),
    });
  }

  /** A page of the directory (or of the company's favourites); see Directory. */
  list(
    actor: Actor,
    query: ListInput,
    favoritesOnly = false,
  ): Promise<ReplyOf<typeof CatalogueSuppliersList>> {
    return this.directory.list(actor.customerId, query, favoritesOnly);
  }

  async get(actor: Actor, id: string): Promise<ReplyOf<typeof CatalogueSupplierGet>> {
    return { supplier: await this.directory.get(actor.customerId, id) };
  }

  similar(
    actor: Actor,
    input: Input<ParsedRequestOf<typeof CatalogueSupplierSimilar>>,
  ): Promise<ReplyOf<typeof CatalogueSupplierSimilar>> {
    return this.directory.similar(actor.customerId, input.name);
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
      const row = await this.directory.ownRow(tx, actor, input.id, READ_ONLY);
      const basic = {
        name: input.name,
        contactEmail: input.contact_email ?? null,
        contactPhone: input.contact_phone ?? null,
        address: input.address ?? null,
      };
      // A save that changes nothing (the form sends both panels) records no event.
      if (sameValues(basic, row)) return this.requireVisible(tx, actor, row.id);
      const updated = await this.suppliers.update(tx, row.id, basic);
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
    await this.directory.delete(actor, id, CREATOR_DELETES, SupplierDeleted, (row) => ({
      supplier_id: row.id,
    }));
    return { message: CATALOGUE_MESSAGES.SUPPLIER_DELETED };
  }

  addFavorite(
    actor: Actor,
    input: Input<ParsedRequestOf<typeof CatalogueSupplierFavoriteAdd>>,
  ): Promise<ReplyOf<typeof CatalogueSupplierFavoriteAdd>> {
    return this.directory.addFavorite(actor.customerId, input.id);
  }

  removeFavorite(
    actor: Actor,
    input: Input<ParsedRequestOf<typeof CatalogueSupplierFavoriteRemove>>,
  ): Promise<ReplyOf<typeof CatalogueSupplierFavoriteRemove>> {
    return this.directory.removeFavorite(actor.customerId, input.id);
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
        const current = await this.requireVisible(tx, actor, id);
        const saved = {
          contact_name: current.customer_contact_name,
          contact_email: current.customer_contact_email,
          phone: current.customer_phone,
          preferred_order_method: current.preferred_order_method,
          availability_check_method: current.availability_check_method,
        };
        // Details as they were: nothing to save, and no event in the timeline.
        if (sameValues(details, saved)) return current;
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

/** Every field of `next` as `current` holds it (absent and null alike). */
function sameValues(next: Record<string, unknown>, current: object): boolean {
  const held = current as Record<string, unknown>;
  return Object.entries(next).every(([key, value]) => (value ?? null) === (held[key] ?? null));
}
