import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { defineRequest } from '../subject';
import { siteFieldsObject } from './fields';

/** A Zahara project id as sites keep it (spec §3 Site.zahara_project_id is text). */
const zaharaProjectIdField = z.string().regex(/^\d{1,15}$/);

/** A project changed in Zahara, as the site it becomes; `site_id` names the site the connector matched it to. */
export const projectSiteSchema = z.object({
  zahara_project_id: zaharaProjectIdField,
  site_id: z.string().uuid().nullable(),
  fields: siteFieldsObject,
});

export const SITE_PROJECT_OUTCOMES = ['created', 'updated', 'unchanged'] as const;

/**
 * Project sync's writes to sites (issue 12), for the accounting connector alone (`callers`):
 * `projects` from Zahara become sites or update them, matched by zahara_project_id, else by
 * `site_id` while that site is not linked to another project, else created; `links` write
 * the id of the project a site was pushed as back onto the site. An administrator's
 * request, for the administrator's company only; every change is a site event.
 */
export const HiresSitesApplyProjects = defineRequest(
  'hires.sites.apply-projects.v1',
  z.object({
    actor: actorSchema,
    projects: z.array(projectSiteSchema).max(1000),
    links: z
      .array(z.object({ site_id: z.string().uuid(), zahara_project_id: zaharaProjectIdField }))
      .max(1000),
  }),
  z.object({
    projects: z.array(
      z.object({
        zahara_project_id: z.string(),
        site_id: z.string().uuid(),
        outcome: z.enum(SITE_PROJECT_OUTCOMES),
      }),
    ),
    /** The site ids whose link was written (a site deleted meanwhile is left out). */
    linked: z.array(z.string().uuid()),
  }),
  { caller: 'user', access: 'member', errors: ['FORBIDDEN'], callers: ['accounting'] },
);
