import type { Customer } from '@planted/contracts';
import type { CustomerRow } from '../db/schema';

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    status: row.status,
    subscription_plan: row.subscriptionPlan,
    subscription_start_date: row.subscriptionStartDate?.toISOString() ?? null,
    subscription_end_date: row.subscriptionEndDate?.toISOString() ?? null,
    subscription_canceled_at: row.subscriptionCanceledAt?.toISOString() ?? null,
  };
}
