import { Controller } from '@nestjs/common';
import {
  HiresSiteCreate,
  HiresSiteDelete,
  HiresSiteGet,
  HiresSitesList,
  HiresSitesApplyProjects,
  HiresSiteUpdate,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { SiteProjectsService } from './site-projects.service';
import { SitesService } from './sites.service';

@Controller()
export class SitesHandlers {
  constructor(
    private readonly sites: SitesService,
    private readonly siteProjects: SiteProjectsService,
  ) {}

  @Handles(HiresSitesList)
  list({ actor, ...options }: ParsedRequestOf<typeof HiresSitesList>) {
    return this.sites.list(actor, options);
  }

  @Handles(HiresSiteGet)
  get({ actor, id }: ParsedRequestOf<typeof HiresSiteGet>) {
    return this.sites.get(actor, id);
  }

  @Handles(HiresSiteCreate)
  create({ actor, ...fields }: ParsedRequestOf<typeof HiresSiteCreate>) {
    return this.sites.create(actor, fields);
  }

  @Handles(HiresSiteUpdate)
  update({ actor, id, ...fields }: ParsedRequestOf<typeof HiresSiteUpdate>) {
    return this.sites.update(actor, id, fields);
  }

  @Handles(HiresSiteDelete)
  delete({ actor, id }: ParsedRequestOf<typeof HiresSiteDelete>) {
    return this.sites.delete(actor, id);
  }

  @Handles(HiresSitesApplyProjects)
  applyProjects({ actor, ...changes }: ParsedRequestOf<typeof HiresSitesApplyProjects>) {
    return this.siteProjects.apply(actor, changes);
  }
}
