import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IdentityOAuthCompleteSignup,
  IdentityOAuthSignIn,
  type ParsedRequestOf,
  type ReplyOf,
} from '@planted/contracts';
import { SubjectPipe } from '@planted/messaging';
import { OAuthService } from './oauth.service';

@Controller()
export class OAuthHandlers {
  constructor(private readonly oauth: OAuthService) {}

  @MessagePattern(IdentityOAuthSignIn.name)
  signIn(
    @Payload(new SubjectPipe(IdentityOAuthSignIn)) input: ParsedRequestOf<typeof IdentityOAuthSignIn>,
  ): Promise<ReplyOf<typeof IdentityOAuthSignIn>> {
    return this.oauth.signIn(input);
  }

  @MessagePattern(IdentityOAuthCompleteSignup.name)
  completeSignup(
    @Payload(new SubjectPipe(IdentityOAuthCompleteSignup))
    input: ParsedRequestOf<typeof IdentityOAuthCompleteSignup>,
  ): Promise<ReplyOf<typeof IdentityOAuthCompleteSignup>> {
    return this.oauth.completeSignup(input);
  }
}
