import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AckPolicy,
  connect,
  headers as natsHeaders,
  type JetStreamManager,
  type NatsConnection,
  type Subscription,
} from 'nats';
import { eventRetentionMs } from '@planted/config';
import { SessionsRevoked } from '@planted/contracts';
import { GATEWAY_ASSERTION_HEADER, GatewayAssertionSigner, natsCredentials } from '@planted/messaging';
import { startService, TestNatsServer } from '@planted/testing';
import {
  BUS_PARTICIPANTS,
  ensureEventStream,
  natsAuthorizationConfig,
  natsPasswordVariable,
  serviceUnderTest,
  type BusParticipant,
} from '../src';
import { kitTestService, NoteCreate, NoteCreated } from './kit-test-service/kit-test.service';

jest.setTimeout(30_000);

// Issue 8, item 1 (design: "Trust on the bus"): NATS requires credentials, and each
// participant may only publish and subscribe where its role needs to.

const COMMITTED = join(__dirname, '../../../deploy/nats/nats.conf');

describe('the committed nats-server configuration (deploy/nats/nats.conf)', () => {
  it('is the one rendered from BUS_PARTICIPANTS and the contracts (PLANTED_WRITE_NATS_CONF=1 rewrites it)', async () => {
    const rendered = natsAuthorizationConfig();
    if (process.env.PLANTED_WRITE_NATS_CONF === '1') await writeFile(COMMITTED, rendered);
    expect(await readFile(COMMITTED, 'utf8')).toBe(rendered);
  });

  it('starts nats-server with passwords from its environment and refuses a connection without them', async () => {
    const passwords = Object.fromEntries(
      // nats-server parses a variable's value as a config value: one starting with a digit
      // would be read as a number, so passwords start with a letter (deploy/README.md says so).
      BUS_PARTICIPANTS.map((p) => [natsPasswordVariable(p.user), `p${randomBytes(12).toString('hex')}`]),
    );
    const server = await TestNatsServer.start({ config: await readFile(COMMITTED, 'utf8'), env: passwords });
    try {
      await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow(/Authorization/i);
      const identity = await connect({
        servers: server.url,
        user: 'identity',
        pass: passwords[natsPasswordVariable('identity')],
      });
      await identity.close();
    } finally {
      await server.dispose();
    }
  });
});

describe('per-participant permissions on a nats-server configured from them', () => {
  const kitSubjects = () => ({ requests: [NoteCreate.name], events: [NoteCreated.name] });
  const hiresSubjects = () => ({ requests: ['hires.customer-stats.get.v1'], events: [] });
  const idpSubjects = () => ({ requests: [], events: [SessionsRevoked.name, 'identity.user.updated.v1'] });
  const subjectsOf = (service: string) =>
    service === 'kit-test' ? kitSubjects() : service === 'idp' ? idpSubjects() : hiresSubjects();
  const participants: BusParticipant[] = [
    { user: 'gateway', calls: ['kit-test', 'hires'], subjectsOf },
    {
      user: 'kit-test',
      serves: 'kit-test',
      stream: 'KIT_TEST',
      calls: [],
      consumers: [{ stream: 'KIT_TEST', name: 'kit-test-seen-notes' }],
      subjectsOf,
    },
    { user: 'hires', serves: 'hires', stream: 'HIRES', calls: [], subjectsOf },
    {
      user: 'reader',
      calls: [],
      reads: ['KIT_TEST'],
      consumers: [{ stream: 'KIT_TEST', name: 'reader-notes' }],
      subjectsOf,
    },
    // Another reader of the same stream, with durable consumers of its own there and on identity's.
    {
      user: 'rival',
      calls: [],
      reads: ['KIT_TEST', 'IDENTITY'],
      consumers: [
        { stream: 'KIT_TEST', name: 'rival-notes' },
        { stream: 'IDENTITY', name: 'rival-sessions' },
      ],
      subjectsOf,
    },
    // Owns the stream every participant reads ended sessions from.
    { user: 'idp', serves: 'idp', stream: 'IDENTITY', calls: [], subjectsOf },
    // The migration step's user: the only one that makes streams.
    { user: 'maker', calls: [], makesStreams: ['KIT_TEST', 'IDENTITY'], subjectsOf },
  ];
  const passwords = Object.fromEntries(participants.map((p) => [p.user, randomBytes(12).toString('hex')]));
  let server: TestNatsServer;
  const connections: NatsConnection[] = [];
  const as = async (user: string) => {
    const nc = await connect({
      servers: server.url,
      ...natsCredentials({ NATS_USER: user, NATS_PASSWORD: passwords[user] }),
      reconnect: false,
    });
    connections.push(nc);
    return nc;
  };

  beforeAll(async () => {
    server = await TestNatsServer.start({ config: natsAuthorizationConfig(participants, passwords) });
  });
  afterAll(async () => {
    await Promise.all(connections.map((nc) => nc.close().catch(() => undefined)));
    await server?.dispose();
  });

  /** Messages a subscription got within a short while after the publisher flushed. */
  async function delivered(subscription: Subscription, publish: () => Promise<void>): Promise<number> {
    await publish();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return subscription.getReceived();
  }

  it('refuses a connection without credentials, or with a wrong password', async () => {
    await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow(/Authorization/i);
    await expect(
      connect({ servers: server.url, user: 'kit-test', pass: 'guess', reconnect: false }),
    ).rejects.toThrow(/Authorization/i);
  });

  it("delivers the gateway's request to the service that serves it", async () => {
    const service = await as('kit-test');
    const gateway = await as('gateway');
    const subscription = service.subscribe(NoteCreate.name, { queue: 'kit-test' });
    await service.flush();
    expect(
      await delivered(subscription, async () => {
        gateway.publish(NoteCreate.name, new Uint8Array());
        await gateway.flush();
      }),
    ).toBe(1);
    // In the service's queue group: left there, it would take a share of later tests' requests.
    subscription.unsubscribe();
  });

  it("does not let a service publish on another service's subjects", async () => {
    const hires = await as('hires');
    const kit = await as('kit-test');
    const intoHires = hires.subscribe('hires.customer-stats.get.v1', { queue: 'hires' });
    const intoKit = kit.subscribe(NoteCreate.name, { queue: 'kit-test' });
    await Promise.all([hires.flush(), kit.flush()]);
    const sent = async () => {
      kit.publish('hires.customer-stats.get.v1', new Uint8Array());
      hires.publish(NoteCreate.name, new Uint8Array());
      await Promise.all([hires.flush().catch(() => undefined), kit.flush().catch(() => undefined)]);
    };
    await sent();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(intoHires.getReceived()).toBe(0);
    expect(intoKit.getReceived()).toBe(0);
    intoHires.unsubscribe();
    intoKit.unsubscribe();
  });

  it("does not let a service take another service's requests, nor the gateway fake a service's events", async () => {
    const hires = await as('hires');
    const gateway = await as('gateway');
    const kit = await as('kit-test');
    const stolen = hires.subscribe(NoteCreate.name, { queue: 'kit-test' });
    const events = kit.subscribe(NoteCreated.name);
    await hires.flush().catch(() => undefined);
    await kit.flush();
    gateway.publish(NoteCreate.name, new Uint8Array());
    gateway.publish(NoteCreated.name, new Uint8Array());
    await gateway.flush().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stolen.getReceived()).toBe(0);
    expect(events.getReceived()).toBe(0);
  });

  it("does not let a process with a service's login listen outside the service's queue group", async () => {
    // Beside the replicas, a plain subscription would get a copy of every request (tokens and
    // all), and a group of its own would take a share of them: both are refused (audit AM-3).
    const replica = await as('kit-test');
    const spy = await as('kit-test');
    const gateway = await as('gateway');
    const refusals: string[] = [];
    const served = replica.subscribe(NoteCreate.name, { queue: 'kit-test' });
    const copy = spy.subscribe(NoteCreate.name, { callback: (err) => err && refusals.push(err.message) });
    const share = spy.subscribe(NoteCreate.name, {
      queue: 'spies',
      callback: (err) => err && refusals.push(err.message),
    });
    await Promise.all([replica.flush(), spy.flush().catch(() => undefined)]);
    for (let i = 0; i < 10; i++) gateway.publish(NoteCreate.name, new Uint8Array());
    await gateway.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(served.getReceived()).toBe(10);
    expect(copy.getReceived() + share.getReceived()).toBe(0);
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Permissions Violation for Subscription to "kit-test\.note\.create/),
        expect.stringMatching(/using queue "spies"/),
      ]),
    );
    served.unsubscribe();
  });

  it("does not let a service read another's replies (a sign-in's session token, say)", async () => {
    const kit = await as('kit-test');
    const gateway = await as('gateway');
    const hires = await as('hires');
    const served = kit.subscribe(NoteCreate.name, {
      queue: 'kit-test',
      callback: (_err, msg) => msg.respond(msg.data),
    });
    const everyInbox = hires.subscribe('_INBOX.>');
    const gatewayInbox = hires.subscribe('_INBOX_gateway.>');
    await Promise.all([kit.flush(), hires.flush().catch(() => undefined)]);
    const reply = await gateway.request(NoteCreate.name, new TextEncoder().encode('token'), {
      timeout: 5000,
    });
    expect(new TextDecoder().decode(reply.data)).toBe('token');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(everyInbox.getReceived() + gatewayInbox.getReceived()).toBe(0);
    served.unsubscribe();
  });

  it("does not let a service create or change even its own stream: only the migration step's user makes streams (BA-2)", async () => {
    const maker = await (await as('maker')).jetstreamManager();
    await maker.streams.add({ name: 'KIT_TEST', subjects: [NoteCreated.name] });
    const owner = await (await as('kit-test')).jetstreamManager();
    // Pointed at the gateway's requests, its stream would keep every sign-in's body.
    await expect(
      owner.streams.update('KIT_TEST', {
        subjects: [NoteCreated.name, 'kit-test.note.create.v1', '_INBOX_gateway.>'],
      }),
    ).rejects.toThrow(/Permissions Violation|timeout/i);
    await expect(owner.streams.add({ name: 'KIT_TEST', subjects: [NoteCreated.name, '>'] })).rejects.toThrow(
      /Permissions Violation|timeout/i,
    );
    await expect(owner.streams.info('KIT_TEST')).resolves.toMatchObject({
      config: { subjects: [NoteCreated.name] },
    });
    // The maker may make and change only the streams it is given.
    await expect(maker.streams.add({ name: 'ROGUE', subjects: ['rogue.>'] })).rejects.toThrow(
      /Permissions Violation|timeout/i,
    );
  });

  it('does not let a reader create the stream it reads: only its producer does', async () => {
    const reader = await (await as('reader')).jetstreamManager();
    await expect(reader.streams.add({ name: 'KIT_TEST', subjects: [NoteCreated.name] })).rejects.toThrow(
      /Permissions Violation|timeout/i,
    );
  });

  it("does not let a service delete, purge or read another service's stream, nor the gateway touch any", async () => {
    const owner = await (await as('kit-test')).jetstreamManager();
    const maker = await (await as('maker')).jetstreamManager();
    await maker.streams.add({ name: 'KIT_TEST', subjects: [NoteCreated.name] });
    const refused = async (user: string, call: (jsm: JetStreamManager) => Promise<unknown>) => {
      const jsm = await (await as(user)).jetstreamManager();
      await expect(call(jsm)).rejects.toThrow(/Permissions Violation|timeout/i);
    };
    try {
      await refused('hires', (jsm) => jsm.streams.delete('KIT_TEST'));
      await refused('hires', (jsm) => jsm.streams.purge('KIT_TEST'));
      await refused('hires', (jsm) => jsm.streams.getMessage('KIT_TEST', { seq: 1 }));
      await refused('hires', (jsm) => jsm.consumers.add('KIT_TEST', { durable_name: 'spy' }));
      await refused('gateway', (jsm) => jsm.streams.delete('KIT_TEST'));
      await refused('gateway', (jsm) => jsm.streams.add({ name: 'ROGUE', subjects: ['rogue.>'] }));
      // A reader reads it with consumers of its own, but never changes it.
      await refused('reader', (jsm) =>
        jsm.streams.update('KIT_TEST', { subjects: [NoteCreated.name, 'kit-test.other.v1'] }),
      );
      await (
        await as('reader')
      )
        .jetstreamManager()
        .then((jsm) =>
          jsm.consumers.add('KIT_TEST', { durable_name: 'reader-notes', ack_policy: AckPolicy.Explicit }),
        );
      // The owner still may.
      await expect(owner.streams.info('KIT_TEST')).resolves.toMatchObject({ config: { name: 'KIT_TEST' } });
    } finally {
      await owner.streams.delete('KIT_TEST').catch(() => undefined);
      await maker.streams.delete('KIT_TEST').catch(() => undefined);
    }
  });

  it("lets a reader work its own durable consumers only: another's it can neither take over, drain, look into nor delete", async () => {
    const owner = await (await as('kit-test')).jetstreamManager();
    const maker = await (await as('maker')).jetstreamManager();
    await maker.streams.add({ name: 'KIT_TEST', subjects: [NoteCreated.name] });
    const identity = maker;
    await identity.streams.add({ name: 'IDENTITY', subjects: ['identity.>'], allow_direct: true });
    const refused = async (call: Promise<unknown>) =>
      expect(call).rejects.toThrow(/Permissions Violation|timeout/i);
    try {
      const rivalNc = await as('rival');
      const rival = await rivalNc.jetstreamManager();
      const durable = { ack_policy: AckPolicy.Explicit };
      await rival.consumers.add('KIT_TEST', { durable_name: 'rival-notes', ...durable });
      await rival.consumers.add('IDENTITY', { durable_name: 'rival-sessions', ...durable });
      const kit = await as('kit-test');
      kit.publish(NoteCreated.name, new TextEncoder().encode('{}'));
      await kit.flush();

      const readerNc = await as('reader');
      const reader = await readerNc.jetstreamManager();
      // Its own: yes.
      await reader.consumers.add('KIT_TEST', { durable_name: 'reader-notes', ...durable });
      await expect(reader.consumers.info('KIT_TEST', 'reader-notes')).resolves.toBeTruthy();
      // Another's, or one it has not declared: no.
      await refused(reader.consumers.info('KIT_TEST', 'rival-notes'));
      await refused(reader.consumers.delete('KIT_TEST', 'rival-notes'));
      await refused(reader.consumers.add('KIT_TEST', { durable_name: 'rival-notes', ...durable }));
      await refused(reader.consumers.update('KIT_TEST', 'rival-notes', { description: 'mine now' }));
      await refused(reader.consumers.add('KIT_TEST', { durable_name: 'spy', ...durable }));
      await refused(
        readerNc
          .jetstream()
          .consumers.get('KIT_TEST', 'rival-notes')
          .then((c) => c.next({ expires: 1000 })),
      );
      // On identity's stream, ordered consumers of any name of ended sessions only, not another's durable.
      const idp = await as('idp');
      idp.publish(SessionsRevoked.name, new TextEncoder().encode('ended'));
      await idp.flush();
      const ordered = await readerNc.jetstream().consumers.get('IDENTITY', {
        filterSubjects: SessionsRevoked.name,
      });
      const first = await ordered.next({ expires: 5000 });
      expect(new TextDecoder().decode(first!.data)).toBe('ended');
      // The last ended session by direct get, as SessionRevocations starts; but no other event of
      // the stream, by sequence or by subject (audit AE-1: users, companies and invitations).
      idp.publish('identity.user.updated.v1', new TextEncoder().encode('private'));
      await idp.flush();
      type Direct = { getMessage(stream: string, query: object): Promise<{ data: Uint8Array; seq: number }> };
      const direct = (reader as unknown as { direct: Direct }).direct;
      const last = await direct.getMessage('IDENTITY', { last_by_subj: SessionsRevoked.name });
      expect(new TextDecoder().decode(last.data)).toBe('ended');
      await refused(direct.getMessage('IDENTITY', { last_by_subj: 'identity.user.updated.v1' }));
      await refused(direct.getMessage('IDENTITY', { seq: last.seq + 1 }));
      await refused(reader.streams.getMessage('IDENTITY', { seq: last.seq + 1 }));
      await refused(reader.streams.getMessage('IDENTITY', { last_by_subj: 'identity.user.updated.v1' }));
      // A reader of the stream (its durable consumers read every event anyway) still may.
      const readable = await rival.streams.getMessage('IDENTITY', { seq: last.seq + 1 });
      expect(new TextDecoder().decode(readable.data)).toBe('private');
      // Not of its other events, nor of all of them, nor pushed to a subject of one's choice
      // (nats-server would publish there itself: nats-server#8274).
      await refused(
        reader.consumers.add('IDENTITY', { name: 'peek', filter_subject: 'identity.user.updated.v1' }),
      );
      await refused(reader.consumers.add('IDENTITY', { name: 'peek-all' }));
      // Several filters (nats-server 2.10 on): the create subject then carries none, so it is refused too.
      await expect(
        reader.consumers.add('IDENTITY', {
          name: 'peek-many',
          filter_subjects: [SessionsRevoked.name, 'identity.>'],
        }),
      ).rejects.toThrow(/Permissions Violation|timeout|requires server 2\.10/i);
      await refused(reader.consumers.add('IDENTITY', { deliver_subject: 'hires.hire.created.v1' }));
      await refused(reader.consumers.delete('IDENTITY', 'rival-sessions'));
      await refused(reader.consumers.info('IDENTITY', 'rival-sessions'));
      await refused(reader.consumers.add('IDENTITY', { durable_name: 'rival-sessions', ...durable }));
      await refused(reader.consumers.add('IDENTITY', { name: 'rival-sessions' }));
      // Nor through the API's older subject without a name, with the durable's name in the body.
      const legacy = await readerNc
        .request(
          '$JS.API.CONSUMER.CREATE.IDENTITY',
          new TextEncoder().encode(
            JSON.stringify({
              stream_name: 'IDENTITY',
              config: { durable_name: 'rival-sessions', ack_policy: 'explicit', description: 'taken' },
            }),
          ),
          { timeout: 2000 },
        )
        .then(
          (reply) => JSON.parse(new TextDecoder().decode(reply.data)) as { error?: unknown },
          (err: Error) => ({ error: err.message }),
        );
      expect(legacy.error).toBeDefined();
      expect((await rival.consumers.info('IDENTITY', 'rival-sessions')).config.description).toBeUndefined();
      // The rival's own are untouched, and still its to delete.
      await expect(rival.consumers.info('KIT_TEST', 'rival-notes')).resolves.toMatchObject({
        num_pending: 1,
      });
      await expect(rival.consumers.delete('IDENTITY', 'rival-sessions')).resolves.toBe(true);
    } finally {
      await owner.streams.delete('KIT_TEST').catch(() => undefined);
      await maker.streams.delete('KIT_TEST').catch(() => undefined);
      await identity.streams.delete('IDENTITY').catch(() => undefined);
    }
  });

  it('runs a whole service under its permissions once the migration step made its stream: outbox relay, consumer and replies', async () => {
    const env = {
      NATS_URL: server.url,
      NATS_USER: 'kit-test',
      NATS_PASSWORD: passwords['kit-test'],
      NATS_SUBJECT_PREFIX: '',
    };
    const maker = await as('maker');
    // The stream as an older build left it (another event subject).
    const jsm = await maker.jetstreamManager();
    await jsm.streams.add({ name: 'KIT_TEST', subjects: ['kit-test.old.v1'] }).catch(() => undefined);
    await jsm.streams.update('KIT_TEST', { subjects: ['kit-test.old.v1'] });
    // A stream not as this build wants it: the service may not change it, and says who does.
    await expect(startService(serviceUnderTest(kitTestService), { env })).rejects.toThrow(
      /KIT_TEST: it is not as this build wants it .*node main\.js migrate/s,
    );
    // As the migration step makes it: the default retention (EVENT_RETENTION_DAYS 30), one replica.
    await ensureEventStream(
      maker,
      kitTestService.events,
      '',
      eventRetentionMs({ EVENT_RETENTION_DAYS: 30 }),
      1,
    );
    const h = await startService(serviceUnderTest(kitTestService), { env });
    try {
      const gateway = await as('gateway');
      const signer = await GatewayAssertionSigner.fromPem(h.env.GATEWAY_PRIVATE_KEY!, 'test');
      const data = { customerId: randomUUID(), text: 'under permissions' };
      const hdrs = natsHeaders();
      hdrs.set(GATEWAY_ASSERTION_HEADER, await signer.sign(NoteCreate.name, JSON.stringify(data)));
      const packet = JSON.stringify({ pattern: NoteCreate.name, data, id: randomUUID() });
      const reply = await gateway.request(NoteCreate.name, new TextEncoder().encode(packet), {
        timeout: 5000,
        headers: hdrs,
      });
      expect(JSON.parse(new TextDecoder().decode(reply.data))).toMatchObject({
        response: { text: 'under permissions' },
      });
      const jsm = await h.nc.jetstreamManager();
      const deadline = Date.now() + 10_000;
      let info = await jsm.consumers.info(h.app.streamName, 'kit-test-seen-notes');
      while (info.delivered.stream_seq < 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        info = await jsm.consumers.info(h.app.streamName, 'kit-test-seen-notes');
      }
      expect(info.delivered.stream_seq).toBeGreaterThanOrEqual(1);
    } finally {
      await h.close();
    }
  });
});
