import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { MercuriusDriver, type MercuriusDriverConfig } from '@nestjs/mercurius';
import mercurius from 'mercurius';
import type { Logger } from '@planted/logging';
import { SessionTokenVerifier, type RevocationCheck } from '@planted/messaging';
import { AuthGuard } from './auth/auth.guard';
import { createLimiters, LIMITERS } from './auth/attempt-limiter';
import type { GatewayInfrastructure } from './bus/infrastructure';
import { BUS, GATEWAY_CONFIG, LOGGER, NATS_CONNECTION, REDIS } from './bus/tokens';
import type { GatewayConfig } from './config';
import { HttpErrorFilter } from './errors/http-exception.filter';
import { ProfilePictureController } from './files/profile-picture.controller';
import { ProfilePictureService } from './files/profile-picture.service';
import { RETIRED_FILES, type RetiredFiles } from './files/retired-files';
import { FILE_STORAGE, type FileStorage } from './files/storage';
import { CatalogueResolver } from './graphql/catalogue.resolver';
import { IdentityResolver } from './graphql/graphql.resolver';
import { HiresResolver } from './graphql/hires.resolver';
import { graphqlStatus } from './graphql/graphql-caller';
import { GRAPHQL_MAX_TOKENS, graphqlValidationRules, withoutSuggestions } from './graphql/limits';
import { HealthController } from './health/health.controller';
import { OAuthModule } from './oauth/oauth.module';

@Module({})
export class AppModule {
  static create(
    config: GatewayConfig,
    infra: GatewayInfrastructure,
    storage: FileStorage,
    retired: RetiredFiles,
    logger: Logger,
    revocations: RevocationCheck,
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        GraphQLModule.forRoot<MercuriusDriverConfig>({
          driver: MercuriusDriver,
          path: '/graphql',
          autoSchemaFile: true,
          sortSchema: true,
          graphiql: false,
          context: (req: unknown) => ({ req }),
          validationRules: graphqlValidationRules(config.NODE_ENV === 'production'),
          // A document too long to be a real query is not even parsed through.
          graphql: { parseOptions: { maxTokens: GRAPHQL_MAX_TOKENS } },
          errorFormatter: (execution, ctx) => {
            const formatted = mercurius.defaultErrorFormatter(execution, ctx);
            formatted.statusCode = graphqlStatus(formatted.statusCode, formatted.response);
            if (config.NODE_ENV !== 'production') return formatted;
            for (const error of formatted.response.errors ?? [])
              (error as { message: string }).message = withoutSuggestions(error.message);
            return formatted;
          },
        }),
        OAuthModule.create(config, infra, logger),
      ],
      controllers: [ProfilePictureController, HealthController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: BUS, useValue: infra.bus },
        { provide: NATS_CONNECTION, useValue: infra.nc },
        { provide: REDIS, useValue: infra.redis },
        { provide: FILE_STORAGE, useValue: storage },
        { provide: RETIRED_FILES, useValue: retired },
        {
          provide: SessionTokenVerifier,
          useFactory: () => new SessionTokenVerifier(infra.sessionKeys, revocations),
        },
        {
          provide: LIMITERS,
          useFactory: () =>
            createLimiters(infra.redis, {
              windowSeconds: config.LOGIN_RATE_LIMIT_WINDOW_SECONDS,
              perIp: config.LOGIN_RATE_LIMIT_PER_IP,
              perEmail: config.LOGIN_RATE_LIMIT_PER_EMAIL,
              keyPrefix: config.REDIS_KEY_PREFIX,
            }),
        },
        ProfilePictureService,
        IdentityResolver,
        CatalogueResolver,
        HiresResolver,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: HttpErrorFilter, useValue: new HttpErrorFilter(logger) },
        { provide: APP_FILTER, useExisting: HttpErrorFilter },
      ],
    };
  }
}
