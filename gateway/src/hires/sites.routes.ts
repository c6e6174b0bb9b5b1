import {
  HIRES_MESSAGES,
  HiresSiteCreate,
  HiresSiteDelete,
  HiresSiteGet,
  HiresSitesList,
  HiresSiteUpdate,
  siteFieldsSchema,
} from '@planted/contracts';
import { route } from '../routes/route-kit';

/** Spec §7 Sites. Sites and hires show no role gate (spec §6): every signed-in role may call them. */
export const SITES_ROUTES = [
  route(HiresSitesList, {
    method: 'GET',
    path: '/api/sites',
    operationId: 'listSites',
    summary: 'The company’s sites, newest first, 12 a page (up to 1000 for dropdowns)',
    description:
      'Search looks in name, address line 1, city, postcode and job number. Each site carries its geocoded position (`latitude`, `longitude`; null when it could not be placed).',
    tag: 'sites',
    access: 'signed-in',
    query: ['page', 'limit', 'search'],
  }),
  route(HiresSiteCreate, {
    method: 'POST',
    path: '/api/sites',
    operationId: 'createSite',
    summary: 'Adds a site; it is geocoded on the server and its position stored with it',
    description:
      'Name, address line 1, city, postcode and country (GB, US, AU, CA or IE; GB when left out) are required (spec §5); the postcode must be one of the country’s, and is answered as the country writes it; a job number names one site of the company; status is active unless given.',
    tag: 'sites',
    access: 'member',
    // The contract's payload is refined (the postcode of the country), which zod cannot omit `actor` from.
    input: siteFieldsSchema,
    inputIsPayload: true,
  }),
  route(HiresSiteGet, {
    method: 'GET',
    path: '/api/sites/{id}',
    operationId: 'getSite',
    summary: 'One of the company’s sites (another company’s answers 404)',
    tag: 'sites',
    access: 'signed-in',
    params: ['id'],
  }),
  route(HiresSiteUpdate, {
    method: 'PUT',
    path: '/api/sites/{id}',
    operationId: 'updateSite',
    summary: 'Changes a site; a changed address is geocoded again',
    tag: 'sites',
    access: 'member',
    params: ['id'],
  }),
  route(HiresSiteDelete, {
    method: 'DELETE',
    path: '/api/sites/{id}',
    operationId: 'deleteSite',
    summary: 'Deletes a site',
    description: `Refused with 409 '${HIRES_MESSAGES.SITE_HAS_HIRES}' while hires refer to it; a second delete answers 404.`,
    tag: 'sites',
    access: 'member',
    params: ['id'],
  }),
];
