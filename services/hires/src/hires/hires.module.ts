import { Module } from '@nestjs/common';
import { SitesModule } from '../sites/sites.module';
import { HireLimits } from './hire-limits';
import { HiresHandlers } from './hires.handlers';
import { HiresRepository } from './hires.repository';
import { HiresService } from './hires.service';

@Module({
  imports: [SitesModule],
  controllers: [HiresHandlers],
  providers: [HiresRepository, HiresService, HireLimits],
})
export class HiresModule {}
