import { Controller } from '@nestjs/common';
import { IdentityOAuthCompleteSignup, IdentityOAuthSignIn, type ParsedRequestOf } from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { OAuthService } from './oauth.service';

@Controller()
export class OAuthHandlers {
  constructor(private readonly oauth: OAuthService) {}

  @Handles(IdentityOAuthSignIn)
  signIn(input: ParsedRequestOf<typeof IdentityOAuthSignIn>) {
    return this.oauth.signIn(input);
  }

  @Handles(IdentityOAuthCompleteSignup)
  completeSignup(input: ParsedRequestOf<typeof IdentityOAuthCompleteSignup>) {
    return this.oauth.completeSignup(input);
  }
}
