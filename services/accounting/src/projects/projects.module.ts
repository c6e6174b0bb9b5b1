import { Module } from '@nestjs/common';
import { ProjectSyncService } from './project-sync.service';
import { ProjectsHandlers } from './projects.handlers';
import { ProjectsRepository } from './projects.repository';

@Module({
  controllers: [ProjectsHandlers],
  providers: [ProjectsRepository, ProjectSyncService],
})
export class ProjectsModule {}
