import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { limitField, pageField, paginationSchema } from '../pagination';
import { defineRequest } from '../subject';
import { searchField } from '../catalogue/fields';
import {
  ALWAYS_CHECK_FIELDS,
  postcodeOfCountry,
  siteEditFieldsObject,
  siteFieldsObject,
  siteIdField,
} from './fields';
import { siteSchema } from './models';

/** GET /api/sites (limit 1000 for dropdowns): the company's sites, newest first; search over the five fields. */
export const HiresSitesList = defineRequest(
  'hires.sites.list.v1',
  z.object({ actor: actorSchema, page: pageField, limit: limitField, search: searchField }),
  z.object({ sites: z.array(siteSchema), pagination: paginationSchema }),
  { caller: 'user' },
);

/** GET /api/sites/{id} */
export const HiresSiteGet = defineRequest(
  'hires.sites.get.v1',
  z.object({ actor: actorSchema, id: siteIdField }),
  z.object({ site: siteSchema }),
  { caller: 'user', errors: ['NOT_FOUND'] },
);

/** POST /api/sites: geocoded on the server when saved. */
export const HiresSiteCreate = defineRequest(
  'hires.sites.create.v1',
  siteFieldsObject.extend({ actor: actorSchema }).superRefine(postcodeOfCountry, ALWAYS_CHECK_FIELDS),
  z.object({ site: siteSchema, message: z.string() }),
  // CONFLICT: the job number names another site of the company.
  { caller: 'user', access: 'member', errors: ['CONFLICT'] },
);

/** PUT /api/sites/{id}: geocoded again when the address changes. */
export const HiresSiteUpdate = defineRequest(
  'hires.sites.update.v1',
  siteEditFieldsObject.extend({ actor: actorSchema, id: siteIdField }),
  z.object({ site: siteSchema, message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND', 'CONFLICT'] },
);

/** DELETE /api/sites/{id}: refused (409) while hires refer to it. */
export const HiresSiteDelete = defineRequest(
  'hires.sites.delete.v1',
  z.object({ actor: actorSchema, id: siteIdField }),
  z.object({ message: z.string() }),
  { caller: 'user', access: 'member', errors: ['NOT_FOUND', 'CONFLICT'] },
);
