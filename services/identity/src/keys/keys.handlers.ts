import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityJwks, type ReplyOf } from '@planted/contracts';
import { SubjectPipe } from '@planted/messaging';
import { TokenSigner } from './token-signer';

@Controller()
export class KeysHandlers {
  constructor(private readonly signer: TokenSigner) {}

  /** The public keys the gateway verifies session tokens with. */
  @MessagePattern(IdentityJwks.name)
  jwks(@Payload(new SubjectPipe(IdentityJwks)) _input: unknown): ReplyOf<typeof IdentityJwks> {
    return this.signer.jwks();
  }
}
