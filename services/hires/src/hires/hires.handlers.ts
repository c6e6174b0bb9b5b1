import { Controller } from '@nestjs/common';
import {
  HiresBulkDelete,
  HiresBulkStatus,
  HiresCreate,
  HiresCustomerStats,
  HiresDelete,
  HiresEndingSoon,
  HiresGet,
  HiresList,
  HiresOverdue,
  HiresSubscriptionUsage,
  HiresUpdate,
  type ParsedRequestOf,
} from '@planted/contracts';
import type { HireStatus } from '@planted/domain';
import { Handles } from '@planted/service-kit';
import type { HireInput } from './hires.repository';
import { HiresService } from './hires.service';

/** The form's fields the server uses: the browser's duration and totals are dropped here. */
function inputOf<S extends HireStatus | undefined>(
  fields: Omit<ParsedRequestOf<typeof HiresCreate>, 'hire_status'> & { hire_status?: S },
): Omit<HireInput, 'hire_status'> & { hire_status: S } {
  return {
    equipment_id: fields.equipment_id,
    supplier_id: fields.supplier_id,
    site_id: fields.site_id,
    price: fields.price,
    pricing_term: fields.pricing_term,
    delivery_charge: fields.delivery_charge,
    operator_cost: fields.operator_cost,
    hire_start_date: fields.hire_start_date,
    hire_end_date: fields.hire_end_date,
    hire_status: fields.hire_status as S,
    additional_details: fields.additional_details,
  };
}

@Controller()
export class HiresHandlers {
  constructor(private readonly hires: HiresService) {}

  @Handles(HiresList)
  list({ actor, ...options }: ParsedRequestOf<typeof HiresList>) {
    return this.hires.list(actor, options);
  }

  @Handles(HiresGet)
  get({ actor, id }: ParsedRequestOf<typeof HiresGet>) {
    return this.hires.get(actor, id);
  }

  @Handles(HiresCreate)
  create(input: ParsedRequestOf<typeof HiresCreate>) {
    return this.hires.create(input.actor, inputOf(input));
  }

  @Handles(HiresUpdate)
  update(input: ParsedRequestOf<typeof HiresUpdate>) {
    return this.hires.update(input.actor, input.id, inputOf(input));
  }

  @Handles(HiresDelete)
  delete({ actor, id }: ParsedRequestOf<typeof HiresDelete>) {
    return this.hires.delete(actor, id);
  }

  @Handles(HiresBulkStatus)
  bulkStatus({ actor, hireIds, status }: ParsedRequestOf<typeof HiresBulkStatus>) {
    return this.hires.bulkStatus(actor, hireIds, status as HireStatus);
  }

  @Handles(HiresBulkDelete)
  bulkDelete({ actor, hireIds }: ParsedRequestOf<typeof HiresBulkDelete>) {
    return this.hires.bulkDelete(actor, hireIds);
  }

  @Handles(HiresEndingSoon)
  endingSoon({ actor }: ParsedRequestOf<typeof HiresEndingSoon>) {
    return this.hires.endingSoon(actor);
  }

  @Handles(HiresOverdue)
  overdue({ actor }: ParsedRequestOf<typeof HiresOverdue>) {
    return this.hires.overdue(actor);
  }

  @Handles(HiresSubscriptionUsage)
  subscriptionUsage({ actor }: ParsedRequestOf<typeof HiresSubscriptionUsage>) {
    return this.hires.subscriptionUsage(actor);
  }

  /** GET /api/customers/stats: the dashboard's figures are hires' and sites'. */
  @Handles(HiresCustomerStats)
  stats({ actor }: ParsedRequestOf<typeof HiresCustomerStats>) {
    return this.hires.stats(actor);
  }
}
