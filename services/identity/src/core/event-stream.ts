import * as contracts from '@planted/contracts';
import type { EventSubject } from '@planted/contracts';
import { ensureStream, prefixed, streamName, type StreamSpec } from '@planted/messaging';
import type { NatsConnection } from 'nats';
import { StartupError } from './startup-error';

/** Base name of the JetStream stream holding identity's domain events (prefixed per environment/test run). */
export const IDENTITY_STREAM = 'IDENTITY';

const isEvent = (value: unknown): value is EventSubject =>
  typeof value === 'object' && value !== null && (value as EventSubject).kind === 'event';

/**
 * Every identity event of the contracts, so a new event is captured without touching
 * this file. Exact subjects, never `identity.>`: that would also capture the
 * request-reply subjects, and JetStream would answer requests with its PubAck.
 */
export const IDENTITY_EVENT_SUBJECTS: readonly string[] = (Object.values(contracts) as unknown[])
  .filter(isEvent)
  .map((event) => event.name)
  .filter((name) => name.startsWith('identity.'))
  .sort();

export function identityStreamSpec(subjectPrefix: string): StreamSpec {
  return {
    name: streamName(subjectPrefix, IDENTITY_STREAM),
    subjects: IDENTITY_EVENT_SUBJECTS.map((subject) => prefixed(subjectPrefix, subject)),
    description: 'Domain events of the identity service (users, companies, invitations)',
  };
}

/** Creates or updates the stream at boot; without it the outbox could not be published. */
export async function ensureIdentityStream(nc: NatsConnection, subjectPrefix: string): Promise<string> {
  const spec = identityStreamSpec(subjectPrefix);
  try {
    await ensureStream(nc, spec);
  } catch (err) {
    throw new StartupError(
      `Cannot set up the JetStream stream ${spec.name} (${err instanceof Error ? err.message : String(err)}). ` +
        'Is nats-server running with JetStream? Start it with: nats-server -js',
    );
  }
  return spec.name;
}
