import * as contracts from '@planted/contracts';
import type { RequestSubject } from '@planted/contracts';
import { contractEventsOf } from '../event-stream';

/** A NATS user: a service, or the gateway (which serves nothing and calls services). */
export interface BusParticipant {
  user: string;
  /** The service whose request subjects (`<service>.…`) it answers. */
  serves?: string;
  /** The services whose request subjects it may publish. */
  calls: readonly string[];
  /** Whether it reads event streams with its own (ordered) consumers: the gateway reads identity's for ended sessions. */
  readsStreams?: boolean;
  /** Subjects by service, when not the contracts' (a test's own service). */
  subjectsOf?: (service: string) => { requests: readonly string[]; events: readonly string[] };
}

/**
 * Who is on the bus and what each may do: nats-server's users and permissions are
 * rendered from this (natsAuthorizationConfig), for docker-compose and Kubernetes alike.
 * A new service adds itself here.
 */
export const BUS_PARTICIPANTS: readonly BusParticipant[] = [
  { user: 'gateway', calls: ['identity', 'hires'], readsStreams: true },
  { user: 'identity', serves: 'identity', calls: [] },
];

const isRequest = (value: unknown): value is RequestSubject =>
  typeof value === 'object' && value !== null && (value as RequestSubject).kind === 'request';

/** Every request subject of the contracts that `<service>` answers. */
export function contractRequestsOf(service: string): readonly string[] {
  return (Object.values(contracts) as unknown[])
    .filter(isRequest)
    .map((request) => request.name)
    .filter((name) => name.startsWith(`${service}.`))
    .sort();
}

const STREAM_READER_API = [
  '$JS.API.INFO',
  '$JS.API.STREAM.INFO.>',
  '$JS.API.CONSUMER.CREATE.>',
  '$JS.API.CONSUMER.INFO.>',
  '$JS.API.CONSUMER.MSG.NEXT.>',
  '$JS.API.CONSUMER.DELETE.>',
];

export interface BusPermissions {
  publish: string[];
  subscribe: string[];
  /** Replies only to the inbox of a request it received, and only once. */
  allowResponses: boolean;
}

/**
 * Exact subjects, never `<service>.>`: a caller may only send requests (not fake a
 * service's events), and a service may only take its own requests and publish its own
 * events. Replies come back on `_INBOX.>`. A service drives its stream and consumers
 * through the JetStream API.
 */
export function permissionsOf(participant: BusParticipant): BusPermissions {
  const subjectsOf =
    participant.subjectsOf ??
    ((service: string) => ({ requests: contractRequestsOf(service), events: contractEventsOf(service) }));
  const calls = participant.calls.flatMap((service) => subjectsOf(service).requests);
  const serves = participant.serves ? subjectsOf(participant.serves) : undefined;
  // Reading a stream needs its info and a consumer of one's own; not creating or deleting streams.
  const reads = participant.readsStreams ? STREAM_READER_API : [];
  return {
    publish: serves ? [...serves.events, ...calls, '$JS.API.>', '$JS.ACK.>'] : [...calls, ...reads],
    subscribe: serves ? [...serves.requests, '_INBOX.>'] : ['_INBOX.>'],
    allowResponses: Boolean(serves),
  };
}

/** The variable nats-server reads a participant's password from, e.g. IDENTITY_NATS_PASSWORD. */
export function natsPasswordVariable(user: string): string {
  return `${user.toUpperCase().replace(/-/g, '_')}_NATS_PASSWORD`;
}

const list = (subjects: readonly string[]) => `[${subjects.map((s) => JSON.stringify(s)).join(', ')}]`;

/**
 * The `authorization` block of nats-server's configuration: one user per participant with
 * its permissions; every connection must log in as one of them. Passwords are references
 * to nats-server's environment ($IDENTITY_NATS_PASSWORD) unless `passwords` gives them.
 */
export function natsAuthorizationConfig(
  participants: readonly BusParticipant[] = BUS_PARTICIPANTS,
  passwords?: Record<string, string>,
): string {
  const users = participants.map((participant) => {
    const p = permissionsOf(participant);
    const password = passwords
      ? JSON.stringify(passwords[participant.user] ?? '')
      : `$${natsPasswordVariable(participant.user)}`;
    return [
      '    {',
      `      user: ${JSON.stringify(participant.user)}`,
      `      password: ${password}`,
      '      permissions: {',
      `        publish: { allow: ${list(p.publish)} }`,
      `        subscribe: { allow: ${list(p.subscribe)} }`,
      ...(p.allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    ].join('\n');
  });
  return [
    '# Generated from libs/service-kit/src/nats/bus-permissions.ts (BUS_PARTICIPANTS); a test',
    '# fails when this file and the contracts disagree. Passwords come from the environment.',
    'authorization {',
    '  users = [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
