import { z } from 'zod';
import { actorSchema } from '../identity/models';
import { defineRequest } from '../subject';

/** GET /api/customers/stats: the dashboard's four figures, answered by the hires service. */
export const HiresCustomerStats = defineRequest(
  'hires.customer-stats.get.v1',
  z.object({ actor: actorSchema }),
  z.object({
    stats: z.object({
      totalHires: z.number().int(),
      activeHires: z.number().int(),
      totalSites: z.number().int(),
      totalSpending: z.number(),
    }),
  }),
  { caller: 'user' },
);
