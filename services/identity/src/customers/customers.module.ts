import { Module } from '@nestjs/common';
import { InvitationsRepository } from '../invitations/invitations.repository';
import { UsersModule } from '../users/users.module';
import { CompanyRegistration } from './company-registration';
import { CustomersHandlers } from './customers.handlers';
import { CustomersRepository } from './customers.repository';
import { CustomersService } from './customers.service';

@Module({
  imports: [UsersModule],
  controllers: [CustomersHandlers],
  providers: [CustomersRepository, CustomersService, CompanyRegistration, InvitationsRepository],
  exports: [CustomersRepository, CompanyRegistration],
})
export class CustomersModule {}
