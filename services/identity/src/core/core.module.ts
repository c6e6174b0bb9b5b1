import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from '@planted/logging';
import type { IdentityConfig } from '../config';
import type { IdentityDatabase } from '../db/database';
import type { SigningKey } from '../keys/signing-key';
import { OutboxService, type RelayNudge } from './outbox';
import { CONFIG, DATABASE, LOGGER, OUTBOX_RELAY, SIGNING_KEY } from './tokens';

export interface CoreDependencies {
  config: IdentityConfig;
  logger: Logger;
  database: IdentityDatabase;
  signingKey: SigningKey;
  /** Absent when events are only written, not published (nothing relays them). */
  relay?: RelayNudge;
}

/** What the process builds before Nest starts (and closes after it stops), made injectable. */
@Global()
@Module({})
export class CoreModule {
  static register(deps: CoreDependencies): DynamicModule {
    const providers = [
      { provide: CONFIG, useValue: deps.config },
      { provide: LOGGER, useValue: deps.logger },
      { provide: DATABASE, useValue: deps.database },
      { provide: SIGNING_KEY, useValue: deps.signingKey },
      { provide: OUTBOX_RELAY, useValue: deps.relay ?? null },
    ];
    return {
      module: CoreModule,
      providers: [...providers, OutboxService],
      exports: [...providers.map((p) => p.provide), OutboxService],
    };
  }
}
