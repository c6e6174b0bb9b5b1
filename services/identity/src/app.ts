import 'reflect-metadata';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { Database } from '@planted/db';
import { createLogger, type Logger } from '@planted/logging';
import { connectNats, OutboxRelay, ServiceErrorFilter } from '@planted/messaging';
import { IdentityModule } from './app.module';
import type { IdentityConfig } from './config';
import { ensureIdentityStream } from './core/event-stream';
import type { IdentityDatabase } from './db/database';
import { withoutQueryParameters } from './db/db-errors';
import { outbox, schema } from './db/schema';
import { loadSigningKey } from './keys/signing-key';
import { closeServer, createHealthServer, listenOn } from './runtime/health-server';
import { IdentityNatsServer } from './runtime/identity-nats-server';
import { Metrics } from './runtime/metrics';
import { NestPinoLogger } from './runtime/nest-logger';

/** Beside src/ and dist/ alike, so it is found from the sources (tests) and the build. */
export const MIGRATIONS_FOLDER = join(__dirname, '..', 'migrations');

const SHUTDOWN_WAIT_MS = 10_000;

export interface IdentityApp {
  /** Loads the signing key, connects to NATS, applies migrations, starts the outbox relay, the handlers and the health server. */
  listen(): Promise<void>;
  /** Stops taking requests, lets those in progress finish, stops the relay, then closes NATS, HTTP and the pool. Safe to call twice. */
  close(): Promise<void>;
  /** Port of /healthz, /readyz and /metrics (known after listen; useful with IDENTITY_HTTP_PORT=0). */
  readonly httpPort: number;
  readonly database: IdentityDatabase;
  readonly logger: Logger;
}

export interface IdentityAppOptions {
  logger?: Logger;
}

/** The identity service, ready to run in this process (main.ts, or a test). */
export function createIdentityApp(config: IdentityConfig, options: IdentityAppOptions = {}): IdentityApp {
  return new IdentityRuntime(config, options.logger ?? createLogger('identity', { level: config.LOG_LEVEL }));
}

class IdentityRuntime implements IdentityApp {
  readonly database: IdentityDatabase;
  private readonly metrics = new Metrics();
  private readonly http: Server;
  private port = 0;
  private nats: NatsConnection | undefined;
  private natsServer: IdentityNatsServer | undefined;
  private nest: INestMicroservice | undefined;
  private relay: OutboxRelay | undefined;
  private serving = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly config: IdentityConfig,
    readonly logger: Logger,
  ) {
    this.database = new Database({
      url: config.DATABASE_URL,
      schemaName: 'identity',
      appRole: config.DB_APP_ROLE,
      schema,
      poolSize: config.DB_POOL_SIZE,
      logger,
    });
    this.http = createHealthServer(
      {
        postgres: () => this.database.ping(),
        nats: () => this.natsServer?.isConnected() ?? false,
        serving: () => this.serving,
      },
      this.metrics,
    );
  }

  get httpPort(): number {
    return this.port;
  }

  async listen(): Promise<void> {
    try {
      const signingKey = await loadSigningKey(this.config, this.logger);
      this.port = await listenOn(this.http, this.config.IDENTITY_HTTP_PORT);
      this.nats = await connectNats(this.config.NATS_URL, 'identity', this.logger);
      await this.database.migrate(MIGRATIONS_FOLDER);
      await ensureIdentityStream(this.nats, this.config.NATS_SUBJECT_PREFIX);
      this.relay = new OutboxRelay({
        db: this.database,
        table: outbox,
        nc: this.nats,
        subjectPrefix: this.config.NATS_SUBJECT_PREFIX,
        logger: this.logger,
      });
      this.relay.start();

      this.natsServer = new IdentityNatsServer(this.nats, this.config.NATS_SUBJECT_PREFIX, {
        logger: this.logger,
        observer: this.metrics,
      });
      this.nest = await NestFactory.createMicroservice(
        IdentityModule.register({
          config: this.config,
          logger: this.logger,
          database: this.database,
          signingKey,
          relay: this.relay,
        }),
        { strategy: this.natsServer, logger: new NestPinoLogger(this.logger), abortOnError: false },
      );
      this.nest.useGlobalFilters(new ServiceErrorFilter(this.logger, withoutQueryParameters));
      await this.nest.listen();
      this.serving = true;
      this.logger.info(
        { httpPort: this.port, subjectPrefix: this.config.NATS_SUBJECT_PREFIX || undefined },
        'identity service started',
      );
    } catch (err) {
      await this.close().catch(() => undefined);
      throw err;
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const started = this.serving;
    this.serving = false;
    await this.natsServer?.stopAccepting();
    await this.waitForInFlight();
    await this.relay?.stop();
    if (this.nats && !this.nats.isClosed()) await this.nats.drain().catch(() => undefined);
    await this.nest?.close();
    await closeServer(this.http);
    await this.database.close().catch(() => undefined);
    if (started) this.logger.info('identity service stopped');
  }

  private async waitForInFlight(): Promise<void> {
    const deadline = Date.now() + SHUTDOWN_WAIT_MS;
    while (this.metrics.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }
}
