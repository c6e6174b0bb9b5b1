import { Module } from '@nestjs/common';
import { CONFIG } from '@planted/service-kit';
import type { IdentityConfig } from '../config';
import { KeysHandlers } from './keys.handlers';
import { SIGNING_KEY, type SigningKey } from './signing-key';
import { SessionIssuer } from './session-issuer';
import { TokenSigner } from './token-signer';
import { SessionRevoker } from '../sessions/session-revoker';

@Module({
  controllers: [KeysHandlers],
  providers: [
    {
      provide: TokenSigner,
      inject: [CONFIG, SIGNING_KEY],
      useFactory: (config: IdentityConfig, key: SigningKey) => new TokenSigner(key, config.JWT_TTL),
    },
    SessionIssuer,
    SessionRevoker,
  ],
  exports: [TokenSigner, SessionIssuer, SessionRevoker],
})
export class KeysModule {}
