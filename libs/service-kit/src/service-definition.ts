import type { DynamicModule, InjectionToken, Provider, Type } from '@nestjs/common';
import type { z } from 'zod';
import type { ServiceEnv } from '@planted/config';
import type { Tx } from '@planted/db';
import type { Logger } from '@planted/logging';
import type {
  EventConsumer,
  IdempotentRequestsTable,
  OutboxTable,
  ProcessedEventsTable,
} from '@planted/messaging';
import type { EventStreamDefinition } from './event-stream';

export type DbSchema = Record<string, unknown>;

/** Reads a provider of the service's Nest modules (after they are built). */
export type ProviderLookup = <T>(token: InjectionToken<T>) => T;

/** A durable JetStream consumer of the service, started at listen and drained at shutdown. */
export interface ConsumerDefinition<S extends DbSchema = DbSchema> {
  /** Durable name, unique per service and purpose (e.g. 'hires-read-model'); also processed_events.consumer. */
  name: string;
  /**
   * Base name of the stream it reads (the producing service's events.name), e.g. 'IDENTITY'.
   * Only its producer creates it: a consumer starting first waits and retries until it exists,
   * then reads it from the start (a reader creating it raced the producer's create-or-update,
   * which the reader's permissions rightly refuse).
   */
  stream: string;
  /** Registers its handlers with consumer.on(Event, handler); `get` reads the service's providers. */
  register(consumer: EventConsumer<Tx<S>>, get: ProviderLookup): void;
}

/** What a service declares; the kit runs everything around it (see createServiceApp). */
export interface ServiceDefinition<C extends ServiceEnv = ServiceEnv, S extends DbSchema = DbSchema> {
  /** e.g. 'identity': the log's `service`, the metrics' label, the NATS queue group, `<NAME>_HTTP_PORT`. */
  name: string;
  /** serviceEnvSchema(name, ...) extended with the service's own variables. */
  config: z.ZodObject<z.ZodRawShape> & { _zod: { output: C } };
  database: {
    /** The Postgres schema the service owns, e.g. 'identity'. */
    schemaName: string;
    /** Its Drizzle tables (outbox and processed events included). */
    schema: S;
    /** drizzle-kit's output, applied at start-up. */
    migrationsFolder: string;
    outbox: OutboxTable;
    processedEvents: ProcessedEventsTable;
    /** Where creating requests keep their Idempotency-Key; keys older than IDEMPOTENCY_KEY_HOURS are deleted. */
    idempotentRequests?: IdempotentRequestsTable;
  };
  /** The stream the outbox is published to. */
  events: EventStreamDefinition;
  /** The service's Nest modules (handlers are @Handles methods of their controllers). */
  modules: Array<Type | DynamicModule>;
  /**
   * Builds what the modules need before Nest starts and before anything listens (identity
   * loads its signing key). A StartupError thrown here is printed as one line.
   */
  prepare?: (context: { config: C; logger: Logger }) => Promise<Provider[]> | Provider[];
  consumers?: ConsumerDefinition<S>[];
}

/** Type-checks a definition and keeps its config and schema types for createServiceApp and tests. */
export function defineService<C extends ServiceEnv, S extends DbSchema>(
  definition: ServiceDefinition<C, S>,
): ServiceDefinition<C, S> {
  return definition;
}

/** The type of a definition's configuration. */
export type ConfigOf<D> = D extends ServiceDefinition<infer C, DbSchema> ? C : never;
