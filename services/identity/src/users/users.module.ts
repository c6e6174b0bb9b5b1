import { Module } from '@nestjs/common';
import { KeysModule } from '../keys/keys.module';
import { UsersHandlers } from './users.handlers';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [KeysModule],
  controllers: [UsersHandlers],
  providers: [UsersRepository, UsersService],
  exports: [UsersRepository, UsersService],
})
export class UsersModule {}
