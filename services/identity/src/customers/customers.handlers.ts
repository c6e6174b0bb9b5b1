import { Controller } from '@nestjs/common';
import { IdentityCustomerGet, type ParsedRequestOf } from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { CustomersService } from './customers.service';

@Controller()
export class CustomersHandlers {
  constructor(private readonly customers: CustomersService) {}

  @Handles(IdentityCustomerGet)
  get(input: ParsedRequestOf<typeof IdentityCustomerGet>) {
    return this.customers.get(input.actor);
  }
}
