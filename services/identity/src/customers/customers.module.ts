import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { CustomersHandlers } from './customers.handlers';
import { CustomersRepository } from './customers.repository';
import { CustomersService } from './customers.service';

@Module({
  imports: [UsersModule],
  controllers: [CustomersHandlers],
  providers: [CustomersRepository, CustomersService],
  exports: [CustomersRepository],
})
export class CustomersModule {}
