import * as contracts from '@planted/contracts';
import type { RequestSubject } from '@planted/contracts';
import { IDENTITY_EVENT_STREAM, natsInboxPrefix } from '@planted/messaging';
import { contractEventsOf, STREAMS_NATS_USER } from '../event-stream';

/** A durable JetStream consumer: the stream it reads (base name) and its durable name. */
export interface DurableConsumer {
  stream: string;
  name: string;
}

/** A NATS user: a service, or the gateway (which serves nothing and calls services). */
export interface BusParticipant {
  user: string;
  /**
   * The service whose request subjects (`<service>.…`) it answers, in the queue group of that
   * name (ServiceNatsServer), and only in it.
   */
  serves?: string;
  /** The stream its outbox publishes to (its service definition's `events.name`), e.g. 'IDENTITY'. */
  stream?: string;
  /**
   * The request subjects it may publish: a service's name for all of that service's, or
   * single subjects (`<service>.…`) where it needs only those (least privilege: a process
   * that only reads two kinds of record is not one that could delete them).
   */
  calls: readonly string[];
  /**
   * Other services' streams it reads with durable consumers (its ConsumerDefinitions'
   * `stream`s). It never creates, updates or deletes them: only their producer does.
   */
  reads?: readonly string[];
  /**
   * Its durable consumers (its ConsumerDefinitions' `stream` and `name`), on its own stream or
   * one it reads: it may create, read from, acknowledge and delete those, and no one else's.
   */
  consumers?: readonly DurableConsumer[];
  /** Subjects by service, when not the contracts' (a test's own service). */
  subjectsOf?: (service: string) => { requests: readonly string[]; events: readonly string[] };
  /**
   * The streams it creates and brings up to date (their subjects, replicas and retention):
   * only the migration step's user (STREAMS_NATS_USER), never a serving process. A stream's
   * configuration travels in the request's body, which permissions cannot check, so whoever
   * may update a stream may point it at any subject (logins included) or republish into
   * another's stream (audit BA-2).
   */
  makesStreams?: readonly string[];
}

/**
 * Who is on the bus and what each may do: nats-server's users and permissions are
 * rendered from this (natsAuthorizationConfig), for docker-compose and Kubernetes alike.
 * A new service adds itself here.
 */
export const BUS_PARTICIPANTS: readonly BusParticipant[] = [
  { user: 'gateway', calls: ['identity', 'hires', 'catalogue', 'billing', 'accounting'] },
  // Keeps each company's plan, status and dates from billing's events.
  {
    user: 'identity',
    serves: 'identity',
    stream: IDENTITY_EVENT_STREAM,
    calls: [],
    reads: ['BILLING'],
    consumers: [{ stream: 'BILLING', name: 'identity-billing' }],
  },
  // Reads the HIRES stream (latest prices), waiting for it when hires has not run yet,
  // and the accounting connector's (a supplier's 'exported' timeline event).
  {
    user: 'catalogue',
    serves: 'catalogue',
    stream: 'CATALOGUE',
    calls: [],
    reads: ['HIRES', 'ACCOUNTING'],
    consumers: [
      { stream: 'HIRES', name: 'catalogue-hire-prices' },
      { stream: 'ACCOUNTING', name: 'catalogue-accounting' },
    ],
  },
  // Keeps read models of the catalogue, identity and billing (waiting for a stream whose producer
  // has not run yet), and asks the catalogue for an item or supplier whose event has not reached it yet;
  // writes the accounting connector's purchase orders (and their failures) onto hires.
  {
    user: 'hires',
    serves: 'hires',
    stream: 'HIRES',
    calls: [contracts.CatalogueEquipmentGet.name, contracts.CatalogueSupplierGet.name],
    reads: ['CATALOGUE', 'IDENTITY', 'BILLING', 'ACCOUNTING'],
    consumers: [
      { stream: 'CATALOGUE', name: 'hires-catalogue' },
      { stream: 'IDENTITY', name: 'hires-identity' },
      { stream: 'BILLING', name: 'hires-billing' },
      { stream: 'ACCOUNTING', name: 'hires-accounting' },
    ],
  },
  // Plans and subscriptions; the card provider's webhooks reach it through the gateway.
  {
    user: 'billing',
    serves: 'billing',
    stream: 'BILLING',
    calls: [],
    consumers: [{ stream: 'BILLING', name: 'billing-stripe-events' }],
  },
  // The Zahara connector: read models of hires and the catalogue (hires, sites, equipment names, suppliers);
  // project sync writes sites through the one hires subject reserved for it (HiresSitesApplyProjects' callers).
  {
    user: 'accounting',
    serves: 'accounting',
    stream: 'ACCOUNTING',
    calls: [],
    reads: ['HIRES', 'CATALOGUE'],
    consumers: [
      { stream: 'HIRES', name: 'accounting-hires' },
      { stream: 'CATALOGUE', name: 'accounting-catalogue' },
    ],
  },
  // The migration step (`node main.js migrate` of each service, `npm start` before the
  // services): makes each service's stream and brings it up to date. Nothing else.
  {
    user: STREAMS_NATS_USER,
    calls: [],
    makesStreams: [IDENTITY_EVENT_STREAM, 'CATALOGUE', 'HIRES', 'BILLING', 'ACCOUNTING'],
  },
];

const isRequest = (value: unknown): value is RequestSubject =>
  typeof value === 'object' && value !== null && (value as RequestSubject).kind === 'request';

const contractRequests = (): RequestSubject[] => (Object.values(contracts) as unknown[]).filter(isRequest);

/** Every request subject of the contracts that `<service>` answers. */
export function contractRequestsOf(service: string): readonly string[] {
  return contractRequests()
    .map((request) => request.name)
    .filter((name) => name.startsWith(`${service}.`))
    .sort();
}

/** Whether `user` may publish the request subject: any caller of its service, unless its contract names its `callers`. */
function mayPublish(user: string, subject: string): boolean {
  const callers = contractRequests().find((request) => request.name === subject)?.callers;
  return !callers || callers.includes(user);
}

/** The request subjects whose contracts name `user` among their only `callers` (project sync's writes to sites). */
export function reservedRequestsFor(user: string): readonly string[] {
  return contractRequests()
    .filter((request) => request.callers?.includes(user))
    .map((request) => request.name)
    .sort();
}

/** Every JetStream client asks whether JetStream is there (jetstreamManager()). */
const JETSTREAM_INFO = '$JS.API.INFO';

/** Reading a stream one owns or consumes: its info, and single messages by sequence or subject. */
const streamReadApi = (stream: string) => [
  `$JS.API.STREAM.INFO.${stream}`,
  `$JS.API.STREAM.MSG.GET.${stream}`,
];

/**
 * What everyone else may read of identity's stream without a consumer: its info, and the last
 * ended session (SessionRevocations, at start), by JetStream's direct get with the subject in
 * the API subject, which is what permissions can hold to. STREAM.MSG.GET names the message in
 * its body, so it would let any process read every user, company and invitation there by
 * sequence number (audit AE-1).
 */
const lastEventApi = (stream: string, subject: string) => [
  `$JS.API.STREAM.INFO.${stream}`,
  `$JS.API.DIRECT.GET.${stream}.${subject}`,
];

/**
 * What a durable consumer's owner does with it, and nobody else may: create or update it
 * (with a filter subject, or the legacy durable API), look it up, pull from it, delete it,
 * and acknowledge its messages.
 */
const durableApi = ({ stream, name }: DurableConsumer) => [
  `$JS.API.CONSUMER.CREATE.${stream}.${name}`,
  `$JS.API.CONSUMER.CREATE.${stream}.${name}.>`,
  `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${name}`,
  `$JS.API.CONSUMER.INFO.${stream}.${name}`,
  `$JS.API.CONSUMER.MSG.NEXT.${stream}.${name}`,
  `$JS.API.CONSUMER.DELETE.${stream}.${name}`,
  `$JS.ACK.${stream}.${name}.>`,
];

/**
 * The ordered consumers everyone reads ended sessions with (SessionRevocations): names made
 * up by nats.js, so any name, and no acknowledgements; but only of `filter` (the create
 * subject carries it, and nats-server holds the consumer to it), so nobody else reads the
 * stream's other events (users, companies) or has them delivered elsewhere (a push
 * consumer's deliver subject, which nats-server does not check: nats-server#8274). Other
 * participants' durable consumers on that stream are denied by name (see jetStreamApi).
 */
const orderedApi = (stream: string, filter: string) => [
  `$JS.API.CONSUMER.CREATE.${stream}.*.${filter}`,
  `$JS.API.CONSUMER.INFO.${stream}.*`,
  `$JS.API.CONSUMER.MSG.NEXT.${stream}.*`,
  `$JS.API.CONSUMER.DELETE.${stream}.*`,
];

/** Making a stream: creating it, or bringing it up to date (the migration step's user only). */
const makerApi = (stream: string) => [
  `$JS.API.STREAM.CREATE.${stream}`,
  `$JS.API.STREAM.UPDATE.${stream}`,
  `$JS.API.STREAM.INFO.${stream}`,
];

/**
 * The JetStream API a participant may call (allow), and what it may not within that (deny):
 * everyone reads identity's stream for ended sessions (the gateway's and the kit's token
 * checks) with ordered consumers of that event only, and its last one by direct get; a service
 * reads its own stream (which only the migration step's user makes: makesStreams) and the streams
 * it consumes, and works its own durable consumers only:
 * another's it can neither delete, drain, acknowledge, reconfigure nor look into. Never
 * `$JS.API.>`: that would let any service delete or purge another's stream, or read its events.
 */
function jetStreamApi(
  participant: BusParticipant,
  everyone: readonly BusParticipant[],
): { allow: string[]; deny: string[] } {
  const readable = [...(participant.stream ? [participant.stream] : []), ...(participant.reads ?? [])];
  for (const consumer of participant.consumers ?? [])
    if (!readable.includes(consumer.stream))
      throw new Error(
        `${participant.user}: its consumer ${consumer.name} reads ${consumer.stream}, which it neither owns nor reads`,
      );
  const streams = [...new Set(readable)];
  const others = everyone
    .filter((other) => other.user !== participant.user)
    .flatMap((other) => other.consumers ?? [])
    .filter((consumer) => consumer.stream === IDENTITY_EVENT_STREAM);
  if (participant.makesStreams)
    return { allow: [JETSTREAM_INFO, ...participant.makesStreams.flatMap(makerApi)], deny: [] };
  return {
    // Each subject once: identity's stream info is both a reader's and everyone's.
    allow: [
      ...new Set([
        JETSTREAM_INFO,
        ...streams.flatMap(streamReadApi),
        ...lastEventApi(IDENTITY_EVENT_STREAM, contracts.SessionsRevoked.name),
        ...orderedApi(IDENTITY_EVENT_STREAM, contracts.SessionsRevoked.name),
        ...(participant.consumers ?? []).flatMap(durableApi),
      ]),
    ],
    deny: others.flatMap(durableApi),
  };
}

export interface BusPermissions {
  publish: string[];
  /** Subjects denied within those allowed (other participants' durable consumers on a shared stream). */
  publishDeny: string[];
  /**
   * What it may subscribe to: a served request subject only as `<subject> <queue group>`, so a
   * process holding the service's login cannot listen beside the replicas (outside the group,
   * it would get a copy of every request, tokens and all) nor take a share in a group of its own.
   */
  subscribe: string[];
  /** Replies only to the inbox of a request it received, and only once. */
  allowResponses: boolean;
}

/**
 * Exact subjects, never `<service>.>`: a caller may only send requests (not fake a
 * service's events), and a service may only take its own requests and publish its own
 * events. Replies come back on the participant's own inbox (natsInboxPrefix: nobody reads
 * another's replies). The JetStream API only for the streams it owns or reads (jetStreamApi).
 */
export function permissionsOf(
  participant: BusParticipant,
  everyone: readonly BusParticipant[] = BUS_PARTICIPANTS,
): BusPermissions {
  const subjectsOf =
    participant.subjectsOf ??
    ((service: string) => ({ requests: contractRequestsOf(service), events: contractEventsOf(service) }));
  const calls = [
    ...new Set([
      ...participant.calls.flatMap((call) => {
        const service = call.split('.')[0];
        const requests = subjectsOf(service).requests;
        if (call !== service && !requests.includes(call))
          throw new Error(`${participant.user} calls ${call}, which ${service} does not answer`);
        return (call === service ? requests : [call]).filter((subject) =>
          mayPublish(participant.user, subject),
        );
      }),
      ...reservedRequestsFor(participant.user),
    ]),
  ];
  const serves = participant.serves ? subjectsOf(participant.serves) : undefined;
  const jetStream = jetStreamApi(participant, everyone);
  return {
    publish: [...(serves?.events ?? []), ...calls, ...jetStream.allow],
    publishDeny: jetStream.deny,
    subscribe: [
      ...(serves?.requests ?? []).map((subject) => `${subject} ${participant.serves}`),
      `${natsInboxPrefix(participant.user)}.>`,
    ],
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
    const p = permissionsOf(participant, participants);
    const password = passwords
      ? JSON.stringify(passwords[participant.user] ?? '')
      : `$${natsPasswordVariable(participant.user)}`;
    return [
      '    {',
      `      user: ${JSON.stringify(participant.user)}`,
      `      password: ${password}`,
      '      permissions: {',
      p.publishDeny.length
        ? `        publish: { allow: ${list(p.publish)}, deny: ${list(p.publishDeny)} }`
        : `        publish: { allow: ${list(p.publish)} }`,
      `        subscribe: { allow: ${list(p.subscribe)} }`,
      ...(p.allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    ].join('\n');
  });
  return [
    '# Generated from libs/service-kit/src/nats/bus-permissions.ts (BUS_PARTICIPANTS); a test',
    '# fails when this file and the contracts disagree. Passwords come from the environment.',
    '# The largest message: a page of 1,000 hires (the hires map asks for one) runs past the 1 MB',
    '# default; a longer answer still gets a clear refusal (PrefixedNatsServer), not a crash.',
    'max_payload: 8MB',
    '',
    'authorization {',
    '  users = [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
