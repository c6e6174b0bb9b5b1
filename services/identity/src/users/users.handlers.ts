import { Controller } from '@nestjs/common';
import { IdentityLanguageSet, IdentityUsersList, type ParsedRequestOf } from '@planted/contracts';
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
}
