import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from '@planted/logging';
import type { GatewayInfrastructure } from '../bus/infrastructure';
import type { GatewayConfig } from '../config';
import { OAuthController } from './oauth.controller';
import { PendingSignups } from './pending-signups';
import { SocialSignIn } from './social-sign-in.service';
import { createStrategies } from './strategies';

/** Google, Microsoft and Apple sign-in through passport strategies (design.md, External systems). */
@Module({})
export class OAuthModule {
  static create(config: GatewayConfig, infra: GatewayInfrastructure, logger: Logger): DynamicModule {
    return {
      module: OAuthModule,
      controllers: [OAuthController],
      providers: [
        {
          provide: SocialSignIn,
          useFactory: () =>
            new SocialSignIn(
              createStrategies(config, infra.redis),
              infra.bus,
              new PendingSignups(
                infra.redis,
                config.REDIS_KEY_PREFIX,
                config.OAUTH_PENDING_SIGNUP_TTL_SECONDS,
              ),
              logger,
              config.OAUTH_STATE_TTL_SECONDS,
            ),
        },
      ],
    };
  }
}
