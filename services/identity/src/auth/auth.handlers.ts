import { Controller } from '@nestjs/common';
import {
  IdentityChangePassword,
  IdentityLogin,
  IdentityLogout,
  IdentityForgotPassword,
  IdentityResetPassword,
  IdentityProfileGet,
  IdentityProfilePictureSet,
  IdentityProfileUpdate,
  IdentityRegister,
  IdentityVerify,
  type ParsedRequestOf,
} from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class AuthHandlers {
  constructor(
    private readonly auth: AuthService,
    private readonly resets: PasswordResetService,
  ) {}

  @Handles(IdentityRegister)
  register(input: ParsedRequestOf<typeof IdentityRegister>) {
    return this.auth.register(input);
  }

  @Handles(IdentityLogin)
  login(input: ParsedRequestOf<typeof IdentityLogin>) {
    return this.auth.login(input);
  }

  @Handles(IdentityProfileGet)
  profile(input: ParsedRequestOf<typeof IdentityProfileGet>) {
    return this.auth.profile(input.actor);
  }

  @Handles(IdentityVerify)
  verify(input: ParsedRequestOf<typeof IdentityVerify>) {
    return this.auth.verify(input.actor);
  }

  @Handles(IdentityProfileUpdate)
  updateProfile(input: ParsedRequestOf<typeof IdentityProfileUpdate>) {
    return this.auth.updateProfile(input.actor, { name: input.name, email: input.email });
  }

  @Handles(IdentityChangePassword)
  changePassword(input: ParsedRequestOf<typeof IdentityChangePassword>) {
    return this.auth.changePassword(input.actor, {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
    });
  }

  @Handles(IdentityLogout)
  logout(input: ParsedRequestOf<typeof IdentityLogout>) {
    return this.auth.logout(input.actor);
  }

  @Handles(IdentityForgotPassword)
  forgotPassword(input: ParsedRequestOf<typeof IdentityForgotPassword>) {
    return this.resets.requestReset(input.email);
  }

  @Handles(IdentityResetPassword)
  resetPassword(input: ParsedRequestOf<typeof IdentityResetPassword>) {
    return this.resets.reset(input.token, input.password);
  }

  @Handles(IdentityProfilePictureSet)
  setProfilePicture(input: ParsedRequestOf<typeof IdentityProfilePictureSet>) {
    return this.auth.setProfilePicture(input.actor, input.profile_picture_url);
  }
}
