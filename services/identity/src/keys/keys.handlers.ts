import { Controller } from '@nestjs/common';
import { IdentityJwks } from '@planted/contracts';
import { Handles } from '@planted/service-kit';
import { TokenSigner } from './token-signer';

@Controller()
export class KeysHandlers {
  constructor(private readonly signer: TokenSigner) {}

  /** The public keys the gateway verifies session tokens with. */
  @Handles(IdentityJwks)
  jwks() {
    return this.signer.jwks();
  }
}
