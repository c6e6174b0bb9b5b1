import { Module } from '@nestjs/common';
import { SuppliersHandlers } from './suppliers.handlers';
import { SuppliersRepository } from './suppliers.repository';
import { SuppliersService } from './suppliers.service';

@Module({
  controllers: [SuppliersHandlers],
  providers: [SuppliersRepository, SuppliersService],
  exports: [SuppliersRepository],
})
export class SuppliersModule {}
