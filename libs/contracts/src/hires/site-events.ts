import { z } from 'zod';
import { defineEvent } from '../subject';
import { siteSchema } from './models';

const siteEventSchema = siteSchema.extend({ customer_id: z.string().uuid() });

export const SiteCreated = defineEvent('hires.site.created.v1', z.object({ site: siteEventSchema }));
export const SiteUpdated = defineEvent('hires.site.updated.v1', z.object({ site: siteEventSchema }));
export const SiteDeleted = defineEvent(
  'hires.site.deleted.v1',
  z.object({ site_id: z.string().uuid(), customer_id: z.string().uuid() }),
);
