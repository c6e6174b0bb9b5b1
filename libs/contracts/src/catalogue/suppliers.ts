import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { limitField, pageField, paginationSchema } from '../pagination';
import { defineRequest } from '../subject';
import {
  noteField,
  searchField,
  supplierBasicSchema,
  supplierDetailsSchema,
  supplierIdField,
} from './fields';
import { similarEntrySchema, supplierSchema, timelineEventSchema } from './models';

export const supplierListQuerySchema = z.object({ page: pageField, limit: limitField, search: searchField });

const supplierListAnswer = z.object({ suppliers: z.array(supplierSchema), pagination: paginationSchema });

/** GET /api/suppliers: active suppliers of the shared directory, as the caller's company sees them. */
export const CatalogueSuppliersList = defineRequest(
  'catalogue.suppliers.list.v1',
  supplierListQuerySchema.extend({ actor: actorSchema }),
  supplierListAnswer,
  { caller: 'user' },
);

/** GET /api/suppliers/favorites/list */
export const CatalogueSupplierFavorites = defineRequest(
  'catalogue.suppliers.favorites.list.v1',
  supplierListQuerySchema.extend({ actor: actorSchema }),
  supplierListAnswer,
  { caller: 'user' },
);

/** GET /api/suppliers/{id} */
export const CatalogueSupplierGet = defineRequest(
  'catalogue.suppliers.get.v1',
  z.object({ actor: actorSchema, id: supplierIdField }),
  z.object({ supplier: supplierSchema }),
  { caller: 'user', errors: ['NOT_FOUND'] },
);

/** GET /api/suppliers/similar?name=: near-duplicates of a name being added. */
export const CatalogueSupplierSimilar = defineRequest(
  'catalogue.suppliers.similar.v1',
  z.object({ actor: actorSchema, name: supplierBasicSchema.shape.name }),
  z.object({ similar: z.array(similarEntrySchema) }),
  { caller: 'user' },
);

/**
 * POST /api/suppliers (admins): answers `supplier.id` (spec §7). The company's own
 * communication details may come with it.
 */
export const CatalogueSupplierCreate = defineRequest(
  'catalogue.suppliers.create.v1',
  supplierBasicSchema.extend({ actor: actorSchema, details: supplierDetailsSchema.optional() }),
  z.object({ supplier: supplierSchema, message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN'] },
);

/** PUT /api/suppliers/{id}: basic fields, by admins of the creating company only (403 read-only otherwise). */
export const CatalogueSupplierUpdate = defineRequest(
  'catalogue.suppliers.update.v1',
  supplierBasicSchema.extend({ actor: actorSchema, id: supplierIdField }),
  z.object({ supplier: supplierSchema, message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN', 'NOT_FOUND'] },
);

/** DELETE /api/suppliers/{id}: by admins of the creating company only; a second delete answers 404. */
export const CatalogueSupplierDelete = defineRequest(
  'catalogue.suppliers.delete.v1',
  z.object({ actor: actorSchema, id: supplierIdField }),
  z.object({ message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN', 'NOT_FOUND'] },
);

/** POST /api/suppliers/{id}/favorite */
export const CatalogueSupplierFavoriteAdd = defineRequest(
  'catalogue.suppliers.favorite.add.v1',
  z.object({ actor: actorSchema, id: supplierIdField }),
  z.object({ is_favorite: z.literal(true), message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);

/** DELETE /api/suppliers/{id}/favorite */
export const CatalogueSupplierFavoriteRemove = defineRequest(
  'catalogue.suppliers.favorite.remove.v1',
  z.object({ actor: actorSchema, id: supplierIdField }),
  z.object({ is_favorite: z.literal(false), message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);

/**
 * POST and PUT /api/suppliers/{id}/customer-details: the caller's company's own details
 * (any role), private to it; adds a 'details updated' timeline event.
 */
export const CatalogueSupplierDetailsSave = defineRequest(
  'catalogue.suppliers.details.save.v1',
  supplierDetailsSchema.extend({ actor: actorSchema, id: supplierIdField }),
  z.object({ supplier: supplierSchema, message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);

/** GET /api/suppliers/{id}/timeline: the company's notes and events, newest first. */
export const CatalogueSupplierTimeline = defineRequest(
  'catalogue.suppliers.timeline.v1',
  z.object({ actor: actorSchema, id: supplierIdField }),
  z.object({ events: z.array(timelineEventSchema) }),
  { caller: 'user', errors: ['NOT_FOUND'] },
);

/** POST /api/suppliers/{id}/notes {note}: private to the caller's company. */
export const CatalogueSupplierNoteAdd = defineRequest(
  'catalogue.suppliers.notes.add.v1',
  z.object({ actor: actorSchema, id: supplierIdField, note: noteField }),
  z.object({ event: timelineEventSchema, message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);
