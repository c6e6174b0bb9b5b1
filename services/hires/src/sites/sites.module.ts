import { Module } from '@nestjs/common';
import { GeocodingModule } from '../geocoding/geocoding.module';
import { SitesHandlers } from './sites.handlers';
import { SitesRepository } from './sites.repository';
import { SiteProjectsService } from './site-projects.service';
import { SitesService } from './sites.service';

@Module({
  imports: [GeocodingModule],
  controllers: [SitesHandlers],
  providers: [SitesRepository, SitesService, SiteProjectsService],
  exports: [SitesRepository],
})
export class SitesModule {}
