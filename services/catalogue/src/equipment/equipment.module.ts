import { Module } from '@nestjs/common';
import { DescriptionWriter } from '../description/description-writer';
import { EquipmentHandlers } from './equipment.handlers';
import { EquipmentRepository } from './equipment.repository';
import { EquipmentService } from './equipment.service';

@Module({
  controllers: [EquipmentHandlers],
  providers: [EquipmentRepository, EquipmentService, DescriptionWriter],
})
export class EquipmentModule {}
