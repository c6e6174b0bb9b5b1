import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CustomersModule } from '../customers/customers.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { InvitationsHandlers } from './invitations.handlers';
import { InvitationsRepository } from './invitations.repository';
import { InvitationsService } from './invitations.service';

@Module({
  imports: [AuthModule, UsersModule, CustomersModule, MailModule],
  controllers: [InvitationsHandlers],
  providers: [InvitationsRepository, InvitationsService],
})
export class InvitationsModule {}
