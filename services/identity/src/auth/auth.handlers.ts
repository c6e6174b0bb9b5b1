import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityChangePassword,
  IdentityLogin,
  IdentityProfileGet,
  IdentityProfilePictureSet,
  IdentityProfileUpdate,
  IdentityRegister,
  IdentityVerify,
  type ParsedRequestOf,
  type ReplyOf,
} from '@planted/contracts';
import { SubjectPipe } from '@planted/messaging';
import { AuthService } from './auth.service';

@Controller()
export class AuthHandlers {
  constructor(private readonly auth: AuthService) {}

  @MessagePattern(IdentityRegister.name)
  register(
    @Payload(new SubjectPipe(IdentityRegister)) input: ParsedRequestOf<typeof IdentityRegister>,
  ): Promise<ReplyOf<typeof IdentityRegister>> {
    return this.auth.register(input);
  }

  @MessagePattern(IdentityLogin.name)
  login(
    @Payload(new SubjectPipe(IdentityLogin)) input: ParsedRequestOf<typeof IdentityLogin>,
  ): Promise<ReplyOf<typeof IdentityLogin>> {
    return this.auth.login(input);
  }

  @MessagePattern(IdentityProfileGet.name)
  profile(
    @Payload(new SubjectPipe(IdentityProfileGet)) input: ParsedRequestOf<typeof IdentityProfileGet>,
  ): Promise<ReplyOf<typeof IdentityProfileGet>> {
    return this.auth.profile(input.actor);
  }

  @MessagePattern(IdentityVerify.name)
  verify(
    @Payload(new SubjectPipe(IdentityVerify)) input: ParsedRequestOf<typeof IdentityVerify>,
  ): Promise<ReplyOf<typeof IdentityVerify>> {
    return this.auth.verify(input.actor);
  }

  @MessagePattern(IdentityProfileUpdate.name)
  updateProfile(
    @Payload(new SubjectPipe(IdentityProfileUpdate)) input: ParsedRequestOf<typeof IdentityProfileUpdate>,
  ): Promise<ReplyOf<typeof IdentityProfileUpdate>> {
    return this.auth.updateProfile(input.actor, { name: input.name, email: input.email });
  }

  @MessagePattern(IdentityChangePassword.name)
  changePassword(
    @Payload(new SubjectPipe(IdentityChangePassword)) input: ParsedRequestOf<typeof IdentityChangePassword>,
  ): Promise<ReplyOf<typeof IdentityChangePassword>> {
    return this.auth.changePassword(input.actor, {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
    });
  }

  @MessagePattern(IdentityProfilePictureSet.name)
  setProfilePicture(
    @Payload(new SubjectPipe(IdentityProfilePictureSet))
    input: ParsedRequestOf<typeof IdentityProfilePictureSet>,
  ): Promise<ReplyOf<typeof IdentityProfilePictureSet>> {
    return this.auth.setProfilePicture(input.actor, input.profile_picture_url);
  }
}
