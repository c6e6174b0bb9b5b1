import { Global, Module } from '@nestjs/common';
import { LookupsService } from './lookups.service';
import { SettingsHandlers } from './settings.handlers';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

/** Global: suppliers, purchase orders and project sync reach Zahara through SettingsService.forCompany. */
@Global()
@Module({
  controllers: [SettingsHandlers],
  providers: [SettingsRepository, SettingsService, LookupsService],
  exports: [SettingsRepository, SettingsService],
})
export class SettingsModule {}
