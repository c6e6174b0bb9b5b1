import { Controller } from '@nestjs/common';
import {
  IdentityLanguageSet,
  IdentityUserRemove,
  IdentityUserRoleSet,
  IdentityUsersList,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { UsersService } from './users.service';

@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @Handles(IdentityUsersList)
  list(input: ParsedRequestOf<typeof IdentityUsersList>) {
    return this.users.list(input.actor);
  }

  @Handles(IdentityLanguageSet)
  setLanguage(input: ParsedRequestOf<typeof IdentityLanguageSet>) {
    return this.users.setLanguage(input.actor, input.language);
  }

  @Handles(IdentityUserRoleSet)
  setRole({ actor, ...input }: ParsedRequestOf<typeof IdentityUserRoleSet>) {
    return this.users.setRole(actor, input);
  }

  @Handles(IdentityUserRemove)
  remove(input: ParsedRequestOf<typeof IdentityUserRemove>) {
    return this.users.remove(input.actor, input.id);
  }
}
