import * as contracts from '@planted/contracts';
import type { EventSubject } from '@planted/contracts';
import {
  ensureStream,
  prefixed,
  streamInfo,
  streamMatches,
  streamName,
  type StreamSpec,
} from '@planted/messaging';
import type { NatsConnection } from 'nats';
import { StartupError } from './startup-error';

/**
 * The NATS user the migration step makes the services' streams with, the only one that may
 * create or change a stream (never a serving process: audit BA-2).
 */
export const STREAMS_NATS_USER = 'streams';

/** The JetStream stream a service publishes its outbox to. */
export interface EventStreamDefinition {
  /** Base name, e.g. 'IDENTITY' (prefixed per environment and test run). */
  name: string;
  /** Exact event subjects, unprefixed. Never a wildcard such as 'identity.>': see contractEventsOf. */
  subjects: readonly string[];
  description: string;
}

const isEvent = (value: unknown): value is EventSubject =>
  typeof value === 'object' && value !== null && (value as EventSubject).kind === 'event';

/**
 * Every event of the contracts whose subject starts with `<service>.`, so a new event is
 * captured without touching the service. Exact subjects, never `<service>.>`: that would
 * also capture the request-reply subjects, and JetStream would answer requests with its
 * PubAck.
 */
export function contractEventsOf(service: string): readonly string[] {
  return (Object.values(contracts) as unknown[])
    .filter(isEvent)
    .map((event) => event.name)
    .filter((name) => name.startsWith(`${service}.`))
    .sort();
}

/**
 * The stream's spec; `maxAgeMs` is EVENT_RETENTION_DAYS (eventRetentionMs), 0 keeping every
 * event, and `replicas` NATS_STREAM_REPLICAS.
 */
export function eventStreamSpec(
  stream: EventStreamDefinition,
  subjectPrefix: string,
  maxAgeMs = 0,
  replicas = 1,
): StreamSpec {
  return {
    name: streamName(subjectPrefix, stream.name),
    subjects: stream.subjects.map((subject) => prefixed(subjectPrefix, subject)),
    description: stream.description,
    maxAgeMs,
    replicas,
  };
}

/**
 * Makes sure the stream is there as this build wants it (its subjects, max_age and replicas),
 * at boot and in the migration step; without it the outbox could not be published. A stream
 * already so is left alone (no write at all): on a bus with credentials a serving process may
 * only read its stream, and the migration step's user (STREAMS_NATS_USER) makes it and
 * brings it up to date. Otherwise it is created or updated here: an existing one takes the new
 * max_age, dropping events older than it, and is scaled to `replicas` (NATS_STREAM_REPLICAS).
 */
export async function ensureEventStream(
  nc: NatsConnection,
  stream: EventStreamDefinition,
  subjectPrefix: string,
  maxAgeMs = 0,
  replicas = 1,
): Promise<string> {
  const spec = eventStreamSpec(stream, subjectPrefix, maxAgeMs, replicas);
  let existing: Awaited<ReturnType<typeof streamInfo>>;
  try {
    existing = await streamInfo(nc, spec.name);
    if (existing && streamMatches(existing, spec)) return spec.name;
    await ensureStream(nc, spec, existing ?? null);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const state = existing ? 'is not as this build wants it' : 'does not exist';
    throw new StartupError(
      `Cannot set up the JetStream stream ${spec.name}: it ${state} and could not be made so (${reason}). ` +
        (replicas > 1
          ? `NATS_STREAM_REPLICAS is ${replicas}: that needs a JetStream cluster of at least ${replicas} nodes. `
          : '') +
        `On a bus with credentials only the migration step makes streams: run this service's ` +
        `\`node main.js migrate\` with NATS_USER=${STREAMS_NATS_USER} first. ` +
        'Without credentials: is nats-server running with JetStream? Start it with: nats-server -js',
    );
  }
  return spec.name;
}
