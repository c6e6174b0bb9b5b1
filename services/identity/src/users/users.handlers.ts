import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityLanguageSet,
  IdentityUsersList,
  type ParsedRequestOf,
  type ReplyOf,
} from '@planted/contracts';
import { SubjectPipe } from '@planted/messaging';
import { UsersService } from './users.service';

@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(IdentityUsersList.name)
  list(
    @Payload(new SubjectPipe(IdentityUsersList)) input: ParsedRequestOf<typeof IdentityUsersList>,
  ): Promise<ReplyOf<typeof IdentityUsersList>> {
    return this.users.list(input.actor);
  }

  @MessagePattern(IdentityLanguageSet.name)
  setLanguage(
    @Payload(new SubjectPipe(IdentityLanguageSet)) input: ParsedRequestOf<typeof IdentityLanguageSet>,
  ): Promise<ReplyOf<typeof IdentityLanguageSet>> {
    return this.users.setLanguage(input.actor, input.language);
  }
}
