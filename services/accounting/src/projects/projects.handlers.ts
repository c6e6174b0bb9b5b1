import { Controller } from '@nestjs/common';
import {
  AccountingProjectsSync,
  AccountingProjectsSyncStatus,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { ProjectSyncService } from './project-sync.service';

@Controller()
export class ProjectsHandlers {
  constructor(private readonly projects: ProjectSyncService) {}

  @Handles(AccountingProjectsSyncStatus)
  status({ actor }: ParsedRequestOf<typeof AccountingProjectsSyncStatus>) {
    return this.projects.status(actor);
  }

  /** syncType is 'incremental', the only kind (spec §7). */
  @Handles(AccountingProjectsSync)
  sync({ actor }: ParsedRequestOf<typeof AccountingProjectsSync>) {
    return this.projects.sync(actor);
  }
}
