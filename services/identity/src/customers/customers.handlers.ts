import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityCustomerGet, type ParsedRequestOf, type ReplyOf } from '@planted/contracts';
import { SubjectPipe } from '@planted/messaging';
import { CustomersService } from './customers.service';

@Controller()
export class CustomersHandlers {
  constructor(private readonly customers: CustomersService) {}

  @MessagePattern(IdentityCustomerGet.name)
  get(
    @Payload(new SubjectPipe(IdentityCustomerGet)) input: ParsedRequestOf<typeof IdentityCustomerGet>,
  ): Promise<ReplyOf<typeof IdentityCustomerGet>> {
    return this.customers.get(input.actor);
  }
}
