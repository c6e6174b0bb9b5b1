import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { TypedClient } from '@planted/contracts';
import type { Logger } from '@planted/logging';
import type { OutboxTable } from '@planted/messaging';
import { OutboxService, type RelayNudge } from './outbox.service';
import { BUS, CONFIG, DATABASE, LOGGER, OUTBOX_RELAY, OUTBOX_TABLE } from './tokens';

export interface KitDependencies {
  config: unknown;
  logger: Logger;
  database: unknown;
  outbox: OutboxTable;
  /** Absent when events are only written, not published (nothing relays them). */
  relay?: RelayNudge;
  /** Requests to other services (BUS); absent where nothing is connected to NATS. */
  bus?: TypedClient;
  /** What the service's prepare() built (identity's signing key, for example). */
  prepared: Provider[];
}

const tokenOf = (provider: Provider) => (typeof provider === 'function' ? provider : provider.provide);

/** What the kit builds before Nest starts (and closes after it stops), injectable in every module. */
@Global()
@Module({})
export class KitModule {
  static register(deps: KitDependencies): DynamicModule {
    const providers: Provider[] = [
      { provide: CONFIG, useValue: deps.config },
      { provide: LOGGER, useValue: deps.logger },
      { provide: DATABASE, useValue: deps.database },
      { provide: OUTBOX_TABLE, useValue: deps.outbox },
      { provide: OUTBOX_RELAY, useValue: deps.relay ?? null },
      { provide: BUS, useValue: deps.bus ?? null },
      ...deps.prepared,
    ];
    return {
      module: KitModule,
      providers: [...providers, OutboxService],
      exports: [...providers.map(tokenOf), OutboxService],
    };
  }
}
