import { Global, Module } from '@nestjs/common';
import { SuppliersRepository } from '../suppliers/suppliers.repository';
import { LookupsService } from './lookups.service';
import { SettingsHandlers } from './settings.handlers';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

/** Global: suppliers, purchase orders and project sync reach Zahara through SettingsService.forCompany. */
@Global()
@Module({
  controllers: [SettingsHandlers],
  // SuppliersRepository: a new key's business unit may lack matched suppliers (SettingsService.put).
  providers: [SettingsRepository, SettingsService, LookupsService, SuppliersRepository],
  exports: [SettingsRepository, SettingsService],
})
export class SettingsModule {}
