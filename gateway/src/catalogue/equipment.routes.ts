import {
  CATALOGUE_MESSAGES,
  CatalogueEquipmentCategories,
  CatalogueEquipmentDelete,
  CatalogueEquipmentDescribe,
  CatalogueEquipmentFavoriteAdd,
  CatalogueEquipmentFavoriteRemove,
  CatalogueEquipmentFavorites,
  CatalogueEquipmentGet,
  CatalogueEquipmentList,
  CatalogueEquipmentPricing,
  CatalogueEquipmentSimilar,
} from '@planted/contracts';
import { route } from '../routes/route-kit';
import { quota } from '../auth/limited';

const LIST_QUERY = ['page', 'limit', 'search', 'category'] as const;

/**
 * Spec §7 Equipment, JSON calls. Adding and changing items with their image is multipart
 * (equipment-upload.ts). Paths such as /api/equipment/categories are static segments, which
 * the router matches before /api/equipment/{id} whatever the order here.
 */
export const EQUIPMENT_ROUTES = [
  route(CatalogueEquipmentList, {
    method: 'GET',
    path: '/api/equipment',
    operationId: 'listEquipment',
    summary: 'Active items of the shared catalogue, 12 a page (up to 1000 for dropdowns)',
    description:
      'Search looks in name, description and category; `category` filters to one of the 19 categories. Each item carries `is_favorite` for the caller’s company.',
    tag: 'equipment',
    access: 'signed-in',
    query: LIST_QUERY,
  }),
  route(CatalogueEquipmentCategories, {
    method: 'GET',
    path: '/api/equipment/categories',
    operationId: 'listEquipmentCategories',
    summary: 'The 19 categories with the number of items the company’s list shows in each',
    description:
      'Active items and the company’s own inactive ones, as GET /api/equipment lists them; with `favorites=true`, the company’s favourites, as GET /api/equipment/favorites/list lists them.',
    tag: 'equipment',
    access: 'signed-in',
    query: ['favorites'],
  }),
  route(CatalogueEquipmentFavorites, {
    method: 'GET',
    path: '/api/equipment/favorites/list',
    operationId: 'listFavoriteEquipment',
    summary: 'The company’s favourite items, with the same filters as the list',
    tag: 'equipment',
    access: 'signed-in',
    query: LIST_QUERY,
  }),
  route(CatalogueEquipmentPricing, {
    method: 'GET',
    path: '/api/equipment/pricing',
    operationId: 'getEquipmentPricing',
    summary:
      'The latest price the company paid per item: a map by equipment id (exclude_hire_id leaves out the hire being edited)',
    tag: 'equipment',
    access: 'signed-in',
    query: ['exclude_hire_id'],
  }),
  route(CatalogueEquipmentSimilar, {
    method: 'GET',
    path: '/api/equipment/similar',
    operationId: 'findSimilarEquipment',
    summary:
      'Existing items whose names are close to one being added (offered before adding a near-duplicate)',
    tag: 'equipment',
    access: 'signed-in',
    query: ['name'],
  }),
  route(CatalogueEquipmentDescribe, {
    method: 'POST',
    path: '/api/equipment/generate-description',
    operationId: 'generateEquipmentDescription',
    summary: 'An AI-written description of an item, or a fallback composed from its fields',
    description:
      'When the AI endpoint is not configured or fails, `fallback` is true and `description` is composed from the fields.',
    tag: 'equipment',
    access: 'member',
    status: 200,
    // Each may be a paid AI call.
    before: [quota('descriptions', (_input, context) => context.actor!.userId)],
  }),
  route(CatalogueEquipmentGet, {
    method: 'GET',
    path: '/api/equipment/{id}',
    operationId: 'getEquipment',
    summary: 'One item',
    tag: 'equipment',
    access: 'signed-in',
    params: ['id'],
  }),
  route(CatalogueEquipmentDelete, {
    method: 'DELETE',
    path: '/api/equipment/{id}',
    operationId: 'deleteEquipment',
    summary: 'Deletes an item (admins of the owning company); a second delete answers 404',
    tag: 'equipment',
    access: 'admin',
    forbidden: CATALOGUE_MESSAGES.ONLY_OWNER_EDITS_EQUIPMENT,
    params: ['id'],
  }),
  route(CatalogueEquipmentFavoriteAdd, {
    method: 'POST',
    path: '/api/equipment/{id}/favorite',
    operationId: 'addFavoriteEquipment',
    summary: 'Makes an item one of the company’s favourites',
    tag: 'equipment',
    access: 'member',
    params: ['id'],
    // Adding a favourite twice leaves one favourite: nothing to create once.
    status: 200,
  }),
  route(CatalogueEquipmentFavoriteRemove, {
    method: 'DELETE',
    path: '/api/equipment/{id}/favorite',
    operationId: 'removeFavoriteEquipment',
    summary: 'Removes an item from the company’s favourites',
    tag: 'equipment',
    access: 'member',
    params: ['id'],
  }),
];
