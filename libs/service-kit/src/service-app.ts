import 'reflect-metadata';
import type { Server } from 'node:http';
import { Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import {
  eventRetentionMs,
  httpPortVariable,
  parseConfig,
  processedEventsRetentionMs,
  type ServiceEnv,
} from '@planted/config';
import { ServiceError } from '@planted/contracts';
import { Database, databaseUnavailable, withoutQueryParameters, type Tx } from '@planted/db';
import { createLogger, type Logger } from '@planted/logging';
import {
  BusKeyError,
  connectNats,
  EventConsumer,
  GatewayAssertionVerifier,
  loadPublicKeys,
  natsCredentials,
  NatsTypedClient,
  OutboxRelay,
  requireEventSigner,
  ServiceErrorFilter,
  SessionRevocations,
  SessionTokenVerifier,
  streamName,
  type EventSigner,
} from '@planted/messaging';
import { flushTracing, startTracing } from '@planted/observability';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { ensureEventStream } from './event-stream';
import { IdempotencyKeyPruner } from './idempotency/key-pruner';
import { closeServer, createHealthServer, listenOn } from './http/health-server';
import { Metrics } from './http/metrics';
import { createAdmission } from './nats/admission';
import { PgSeenAssertions } from './nats/seen-assertions';
import { ServiceNatsServer } from './nats/service-nats-server';
import { directHandlers } from './nest/direct-handlers';
import { KitModule } from './nest/kit.module';
import { NestPinoLogger } from './nest/nest-logger';
import type { DbSchema, ProviderLookup, ServiceDefinition } from './service-definition';
import { StartupError } from './startup-error';

const SHUTDOWN_WAIT_MS = 10_000;

/** Public keys pinned in the configuration (SESSION_PUBLIC_KEYS, GATEWAY_PUBLIC_KEYS). */
type PinnedKeys = NonNullable<Awaited<ReturnType<typeof loadPublicKeys>>>;

export interface ServiceApp<C extends ServiceEnv = ServiceEnv, S extends DbSchema = DbSchema> {
  /**
   * Runs prepare(), opens the HTTP port, connects to NATS, applies migrations, ensures the
   * event stream, starts the outbox relay, the handlers and the consumers. On failure
   * everything started is closed again and the error is rethrown (see startupProblem).
   */
  listen(): Promise<void>;
  /**
   * Stops taking requests, lets those in progress finish (up to 10 s), stops the consumers
   * and the relay, drains NATS, then closes Nest, HTTP and the pool. Safe to call twice.
   */
  close(): Promise<void>;
  /** Port of /healthz, /readyz and /metrics (known after listen; useful with <NAME>_HTTP_PORT=0). */
  readonly httpPort: number;
  /** The JetStream stream the outbox is published to, with this config's subject prefix. */
  readonly streamName: string;
  readonly config: C;
  readonly database: Database<S>;
  readonly logger: Logger;
  /** A provider of the service's modules, after listen (for tests). */
  readonly get: ProviderLookup;
}

export interface ServiceAppOptions {
  logger?: Logger;
}

/** A service, ready to run in this process (runService, or a test). */
export function createServiceApp<C extends ServiceEnv, S extends DbSchema>(
  definition: ServiceDefinition<C, S>,
  config: C,
  options: ServiceAppOptions = {},
): ServiceApp<C, S> {
  // Before the pool is made: its connections trace their queries only if tracing is on by then.
  startTracing({
    serviceName: definition.name,
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
  });
  const logger = options.logger ?? createLogger(definition.name, { level: config.LOG_LEVEL });
  return new ServiceRuntime(definition, config, logger);
}

@Module({})
class ServiceRootModule {}

class ServiceRuntime<C extends ServiceEnv, S extends DbSchema> implements ServiceApp<C, S> {
  readonly database: Database<S>;
  readonly streamName: string;
  private readonly metrics: Metrics;
  private readonly seenAssertions: PgSeenAssertions;
  private readonly http: Server;
  private port = 0;
  private nats: NatsConnection | undefined;
  private natsServer: ServiceNatsServer | undefined;
  private nest: INestMicroservice | undefined;
  private relay: OutboxRelay | undefined;
  private keyPruner: IdempotencyKeyPruner | undefined;
  private revocations: SessionRevocations | undefined;
  private consumers: EventConsumer<Tx<S>>[] = [];
  private serving = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly definition: ServiceDefinition<C, S>,
    readonly config: C,
    readonly logger: Logger,
  ) {
    this.metrics = new Metrics(definition.name);
    this.streamName = streamName(config.NATS_SUBJECT_PREFIX, definition.events.name);
    this.database = new Database({
      url: config.DATABASE_URL,
      schemaName: definition.database.schemaName,
      appRole: config.DB_APP_ROLE,
      schema: definition.database.schema,
      poolSize: config.DB_POOL_SIZE,
      logger,
    });
    this.seenAssertions = new PgSeenAssertions(this.database.pool, definition.database.schemaName);
    this.metrics.watchPool(() => this.database.pool);
    const outbox = getTableConfig(definition.database.outbox);
    const backlog = `select count(*)::int as pending, coalesce(extract(epoch from now() - min(occurred_at)), 0)::float8 as lag from "${outbox.schema}"."${outbox.name}" where published_at is null`;
    this.metrics.watchOutbox(async () => {
      const { rows } = await this.database.pool.query<{ pending: number; lag: number }>(backlog);
      return { pending: rows[0]?.pending ?? 0, oldestSeconds: Math.max(0, rows[0]?.lag ?? 0) };
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

  readonly get: ProviderLookup = (token) => {
    if (!this.nest) throw new Error(`${this.definition.name} is not listening`);
    return this.nest.get(token, { strict: false });
  };

  async listen(): Promise<void> {
    const { definition, config, logger } = this;
    const prefix = config.NATS_SUBJECT_PREFIX;
    try {
      const prepared = (await definition.prepare?.({ config, logger })) ?? [];
      const portVariable = httpPortVariable(definition.name);
      const port = (config as unknown as Record<string, unknown>)[portVariable];
      if (typeof port !== 'number')
        throw new StartupError(
          `${portVariable} is not in the configuration: build its schema with serviceEnvSchema()`,
        );
      const keys = await this.busKeys();
      const signer = await this.eventSigner();
      const retentionMs = this.eventRetention();
      const host = (config as unknown as Record<string, unknown>).HEALTH_HOST;
      this.port = await listenOn(this.http, port, typeof host === 'string' ? host : undefined);
      this.nats = await connectNats(config.NATS_URL, definition.name, logger, natsCredentials(config));
      await this.database.migrate(definition.database.migrationsFolder);
      await this.seenAssertions.ensureTable();
      await ensureEventStream(this.nats, definition.events, prefix, retentionMs, config.NATS_STREAM_REPLICAS);
      this.relay = new OutboxRelay({
        db: this.database,
        table: definition.database.outbox,
        nc: this.nats,
        subjectPrefix: prefix,
        logger,
        signer,
      });
      this.relay.start();
      const keyTable = definition.database.idempotentRequests;
      if (keyTable) {
        this.keyPruner = new IdempotencyKeyPruner({
          pool: this.database.pool,
          table: keyTable,
          keepMs: config.IDEMPOTENCY_KEY_HOURS * 60 * 60 * 1000,
          logger,
        });
        this.keyPruner.start();
      }
      // Its own connection counts in db_pool_* with the service's pool.
      this.metrics.watchPool(() => this.relay?.poolStats());
      // Before the first request: a token ended before this service started is refused too.
      this.revocations = new SessionRevocations({
        nc: this.nats,
        subjectPrefix: prefix,
        lookbackSeconds: config.SESSION_REVOCATION_LOOKBACK_SECONDS,
        logger,
        signer,
      });
      await this.revocations.start();

      this.natsServer = new ServiceNatsServer(this.nats, definition.name, prefix, {
        logger,
        observer: this.metrics,
        traceScope: definition.name,
        admit: createAdmission({
          sessions: new SessionTokenVerifier(keys.sessions, this.revocations),
          assertions: new GatewayAssertionVerifier(keys.gateway, this.seenAssertions),
        }),
      });
      this.nest = await NestFactory.createMicroservice(
        {
          module: ServiceRootModule,
          imports: [
            KitModule.register({
              config,
              logger,
              database: this.database,
              outbox: definition.database.outbox,
              relay: this.relay,
              bus: new NatsTypedClient(this.nats, prefix, config.NATS_REQUEST_TIMEOUT_MS, undefined, {
                observer: this.metrics,
                traceScope: definition.name,
              }),
              prepared,
            }),
            ...definition.modules,
          ],
        },
        { strategy: this.natsServer, logger: new NestPinoLogger(logger), abortOnError: false },
      );
      const errors = new ServiceErrorFilter(logger, withoutQueryParameters, (err) =>
        databaseUnavailable(err)
          ? new ServiceError('UNAVAILABLE', 'The database is busy or unavailable')
          : undefined,
      );
      this.nest.useGlobalFilters(errors);
      // @Handles methods with nothing but their payload's pipe are called without Nest's pipeline.
      this.natsServer.serveDirectly(directHandlers(this.nest, errors), errors);
      await this.nest.listen();
      await this.startConsumers(signer);
      this.serving = true;
      logger.info(
        { httpPort: this.port, subjectPrefix: prefix || undefined },
        `${definition.name} service started`,
      );
    } catch (err) {
      await this.close().catch(() => undefined);
      throw err;
    }
  }

  /**
   * The pinned keys the admission step verifies callers with (one line when they are
   * missing): identity's, for session tokens, and the gateway's, for its assertions.
   */
  private async busKeys(): Promise<{ sessions: PinnedKeys; gateway: PinnedKeys }> {
    const required = async (name: string) => {
      let keys;
      try {
        keys = await loadPublicKeys(this.config, name);
      } catch (err) {
        if (err instanceof BusKeyError) throw new StartupError(err.message);
        throw err;
      }
      if (!keys)
        throw new StartupError(
          `${name} or ${name}_FILE is required: the bus trusts no caller it cannot verify`,
        );
      return keys;
    };
    return {
      sessions: await required('SESSION_PUBLIC_KEYS'),
      gateway: await required('GATEWAY_PUBLIC_KEYS'),
    };
  }

  /**
   * The event streams' max_age (EVENT_RETENTION_DAYS), which must cover the session
   * revocations this and every process reads back at start.
   */
  private eventRetention(): number {
    const { config } = this;
    const retentionMs = eventRetentionMs(config);
    if (retentionMs > 0 && retentionMs < config.SESSION_REVOCATION_LOOKBACK_SECONDS * 1000)
      throw new StartupError(
        `EVENT_RETENTION_DAYS (${config.EVENT_RETENTION_DAYS}) keeps events for less than ` +
          `SESSION_REVOCATION_LOOKBACK_SECONDS (${config.SESSION_REVOCATION_LOOKBACK_SECONDS}): ` +
          'ended sessions would be forgotten. Raise it, or set it to 0 to keep events forever',
      );
    return retentionMs;
  }

  /** The signer of the service's events and checker of those it reads (EVENT_SIGNING_SECRET). */
  private async eventSigner(): Promise<EventSigner> {
    try {
      return await requireEventSigner(this.config);
    } catch (err) {
      if (err instanceof BusKeyError) throw new StartupError(err.message);
      throw err;
    }
  }

  private async startConsumers(signer: EventSigner): Promise<void> {
    const { definition, config, logger } = this;
    for (const consumerDefinition of definition.consumers ?? []) {
      const consumer = new EventConsumer<Tx<S>>({
        nc: this.nats!,
        stream: streamName(config.NATS_SUBJECT_PREFIX, consumerDefinition.stream),
        name: consumerDefinition.name,
        subjectPrefix: config.NATS_SUBJECT_PREFIX,
        signer,
        db: this.database,
        processedEvents: definition.database.processedEvents,
        logger,
        observer: this.metrics,
        traceScope: definition.name,
        keepProcessedMs: processedEventsRetentionMs(config),
      });
      consumerDefinition.register(consumer, this.get);
      this.consumers.push(consumer);
      await consumer.start();
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
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
    await this.relay?.stop();
    await this.keyPruner?.stop();
    await this.revocations?.stop();
    if (this.nats && !this.nats.isClosed()) await this.nats.drain().catch(() => undefined);
    // While NATS is away, nats.js's drain resolves yet leaves the connection dialling.
    if (this.nats && !this.nats.isClosed()) await this.nats.close();
    await this.nest?.close();
    await closeServer(this.http);
    await this.database.close().catch(() => undefined);
    await flushTracing().catch(() => undefined);
    if (started) this.logger.info(`${this.definition.name} service stopped`);
  }

  private async waitForInFlight(): Promise<void> {
    const deadline = Date.now() + SHUTDOWN_WAIT_MS;
    while (this.metrics.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A definition as @planted/testing's startService takes it: the service configured from
 * a test's environment. (libs/testing cannot import the kit: the kit's own libraries'
 * tests import libs/testing.)
 */
export function serviceUnderTest<C extends ServiceEnv, S extends DbSchema>(
  definition: ServiceDefinition<C, S>,
) {
  return {
    name: definition.name,
    create: (env: Record<string, string | undefined>, options: ServiceAppOptions) =>
      createServiceApp(definition, parseConfig(definition.config, env) as C, options),
  };
}
