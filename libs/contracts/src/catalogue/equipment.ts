import { z } from 'zod';
import { LIMITS, POWER_TYPES, VALIDATION_MESSAGES as V } from '@planted/domain';
import { actorSchema } from '../identity/models';
import { limitField, pageField, paginationSchema } from '../pagination';
import { defineRequest } from '../subject';
import { textField } from '../text';
import {
  CATALOGUE_MESSAGES,
  booleanField,
  categoryField,
  categoryFilterField,
  equipmentFieldsSchema,
  equipmentIdField,
  equipmentImageSchema,
  equipmentNameField,
  searchField,
} from './fields';
import { hireIdField } from '../hires/fields';
import { categoryCountSchema, equipmentSchema, pricingEntrySchema, similarEntrySchema } from './models';

export const equipmentListQuerySchema = z.object({
  page: pageField,
  limit: limitField,
  search: searchField,
  category: categoryFilterField,
});

const equipmentListAnswer = z.object({ equipment: z.array(equipmentSchema), pagination: paginationSchema });

/** GET /api/equipment: active items of the shared catalogue, search over name, description and category. */
export const CatalogueEquipmentList = defineRequest(
  'catalogue.equipment.list.v1',
  equipmentListQuerySchema.extend({ actor: actorSchema }),
  equipmentListAnswer,
  { caller: 'user' },
);

/** GET /api/equipment/favorites/list: the company's favourites, with the same filters. */
export const CatalogueEquipmentFavorites = defineRequest(
  'catalogue.equipment.favorites.list.v1',
  equipmentListQuerySchema.extend({ actor: actorSchema }),
  equipmentListAnswer,
  { caller: 'user' },
);

/**
 * GET /api/equipment/categories: all 19 categories with the number of items the company's list
 * shows in each; with `favorites=true`, of its favourites (what My Favorites shows).
 */
export const CatalogueEquipmentCategories = defineRequest(
  'catalogue.equipment.categories.v1',
  z.object({
    actor: actorSchema,
    favorites: booleanField(CATALOGUE_MESSAGES.FAVORITES_FLAG_INVALID).optional(),
  }),
  z.object({ categories: z.array(categoryCountSchema) }),
  { caller: 'user' },
);

/** GET /api/equipment/{id} */
export const CatalogueEquipmentGet = defineRequest(
  'catalogue.equipment.get.v1',
  z.object({ actor: actorSchema, id: equipmentIdField }),
  z.object({ equipment: equipmentSchema }),
  { caller: 'user', errors: ['NOT_FOUND'] },
);

/** GET /api/equipment/similar?name=: near-duplicates of a name being added (trigram similarity). */
export const CatalogueEquipmentSimilar = defineRequest(
  'catalogue.equipment.similar.v1',
  z.object({ actor: actorSchema, name: equipmentNameField }),
  z.object({ similar: z.array(similarEntrySchema) }),
  { caller: 'user' },
);

/**
 * POST /api/equipment (multipart at the gateway, admins only): the gateway re-encodes and
 * stores the image, then sends its paths here.
 */
export const CatalogueEquipmentCreate = defineRequest(
  'catalogue.equipment.create.v1',
  equipmentFieldsSchema.extend({ actor: actorSchema, image: equipmentImageSchema.optional().nullable() }),
  z.object({ equipment: equipmentSchema, message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN'] },
);

/**
 * PUT /api/equipment/{id} (multipart at the gateway): admins of the owning company only.
 * Without `image` the current image stays; `remove_image` clears it.
 */
export const CatalogueEquipmentUpdate = defineRequest(
  'catalogue.equipment.update.v1',
  equipmentFieldsSchema.extend({
    actor: actorSchema,
    id: equipmentIdField,
    is_active: booleanField(CATALOGUE_MESSAGES.IS_ACTIVE_INVALID).optional(),
    image: equipmentImageSchema.optional().nullable(),
    remove_image: booleanField(CATALOGUE_MESSAGES.IS_ACTIVE_INVALID).optional(),
  }),
  z.object({
    equipment: equipmentSchema,
    message: z.string(),
    /** Image paths no longer used (the gateway removes the files). */
    replaced_images: z.array(z.string()),
  }),
  { caller: 'user', errors: ['FORBIDDEN', 'NOT_FOUND'] },
);

/** DELETE /api/equipment/{id}: admins of the owning company; a second delete answers 404. */
export const CatalogueEquipmentDelete = defineRequest(
  'catalogue.equipment.delete.v1',
  z.object({ actor: actorSchema, id: equipmentIdField }),
  z.object({ message: z.string() }),
  { caller: 'user', errors: ['FORBIDDEN', 'NOT_FOUND'] },
);

/** POST /api/equipment/{id}/favorite */
export const CatalogueEquipmentFavoriteAdd = defineRequest(
  'catalogue.equipment.favorite.add.v1',
  z.object({ actor: actorSchema, id: equipmentIdField }),
  z.object({ is_favorite: z.literal(true), message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);

/** DELETE /api/equipment/{id}/favorite */
export const CatalogueEquipmentFavoriteRemove = defineRequest(
  'catalogue.equipment.favorite.remove.v1',
  z.object({ actor: actorSchema, id: equipmentIdField }),
  z.object({ is_favorite: z.literal(false), message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND'] },
);

/**
 * GET /api/equipment/pricing: the latest price the caller's company paid per item, as a map
 * by equipment id (spec §7), kept from the hires service's hire events. `exclude_hire_id`
 * leaves one hire out: the hire being edited is compared with the latest price before it,
 * not with itself.
 */
export const CatalogueEquipmentPricing = defineRequest(
  'catalogue.equipment.pricing.v1',
  z.object({ actor: actorSchema, exclude_hire_id: hireIdField.optional() }),
  z.record(z.string(), pricingEntrySchema),
  { caller: 'user' },
);

/** POST /api/equipment/generate-description: AI text, or a fallback composed from the fields. */
export const CatalogueEquipmentDescribe = defineRequest(
  'catalogue.equipment.generate-description.v1',
  z.object({
    actor: actorSchema,
    name: equipmentNameField,
    category: categoryField,
    unit_of_measure: textField({ label: 'Unit of measure', required: V.UNIT_REQUIRED }).max(
      LIMITS.unitOfMeasureMax,
      {
        error: V.UNIT_TOO_LONG,
      },
    ),
    power: z.enum(POWER_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? V.POWER_REQUIRED : V.POWER_INVALID,
    }),
  }),
  z.object({
    description: z.string(),
    /** True when the AI endpoint is not configured or failed and the text is the composed fallback. */
    fallback: z.boolean(),
  }),
  { caller: 'user', access: 'member' },
);
