import {
  IdentityInvitationCreate,
  IdentityLogin,
  IdentityRegister,
  type EventEnvelope,
} from '@planted/contracts';
import { prefixed } from '@planted/messaging';
import { waitFor } from '@planted/testing';
import {
  errorOf,
  PASSWORD,
  registerCompany,
  startIdentity,
  uniqueEmail,
  type IdentityHarness,
} from './support/identity-harness';

describe('health, readiness and metrics (HTTP on IDENTITY_HTTP_PORT)', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentity({ smtp: false });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers /healthz and /readyz with 200 while Postgres and NATS are up', async () => {
    expect(h.app.httpPort).toBeGreaterThan(0);
    expect(await h.get('/healthz')).toMatchObject({ status: 200, body: '{"status":"ok"}' });
    const ready = await h.get('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
    expect((await h.get('/nope')).status).toBe(404);
  });

  it('counts requests by subject and outcome on /metrics', async () => {
    await registerCompany(h.client);
    await errorOf(h.client.send(IdentityLogin, { email: uniqueEmail('ghost'), password: PASSWORD }));
    const metrics = await h.get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain/);
    expect(metrics.body).toMatch(
      /^nats_requests_total\{subject="identity\.auth\.register\.v1",outcome="ok",service="identity"\} [1-9]/m,
    );
    expect(metrics.body).toMatch(
      /^nats_requests_total\{subject="identity\.auth\.login\.v1",outcome="INVALID_CREDENTIALS",service="identity"\} [1-9]/m,
    );
    expect(metrics.body).toMatch(/^nats_requests_in_flight\{service="identity"\} 0$/m);
  });

  it('without SMTP_URL writes the accept link to the log, in exactly one info line', async () => {
    const { actor } = await registerCompany(h.client);
    const email = uniqueEmail('logged');
    const reply = await h.client.send(IdentityInvitationCreate, { actor, email, role: 'user' });
    expect(reply.message).toBe('Invitation sent');
    const linkLines = h.logLines.filter((l) => JSON.stringify(l).includes('/accept-invite?token='));
    expect(linkLines).toHaveLength(1);
    expect(linkLines[0]).toMatchObject({ level: 30, to: email });
    expect(String(linkLines[0]!.msg)).toMatch(
      /http:\/\/localhost:3000\/accept-invite\?token=[A-Za-z0-9_-]{43}/,
    );
  });

  it('publishes outbox events to its JetStream stream with the event id as message id', async () => {
    const { session } = await registerCompany(h.client);
    const jsm = await h.nc.jetstreamManager();
    const stream = h.app.streamName;
    const subject = prefixed(h.config.NATS_SUBJECT_PREFIX, 'identity.user.created.v1');
    const envelope = await waitFor(async () => {
      const msg = await jsm.streams.getMessage(stream, { last_by_subj: subject });
      const parsed = msg.json<EventEnvelope<{ user: { id: string } }>>();
      return parsed.payload.user.id === session.user.id
        ? { parsed, msgId: msg.header.get('Nats-Msg-Id') }
        : undefined;
    });
    expect(envelope.parsed).toMatchObject({
      type: 'identity.user.created.v1',
      customerId: session.customer.id,
    });
    expect(envelope.msgId).toBe(envelope.parsed.id);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in progress, then stops answering', async () => {
    // Slow hashing keeps the request in progress long enough to close during it.
    const h = await startIdentity({ smtp: false, env: { ARGON2_TIME_COST: '60' } });
    const register = h.client.send(IdentityRegister, {
      customerName: 'Closing Time Ltd',
      customerAddress: '2 Last Orders Lane, York',
      userName: 'Carl Closer',
      email: uniqueEmail('closing'),
      password: PASSWORD,
    });
    await waitFor(
      async () =>
        (await h.get('/metrics')).body.includes('nats_requests_in_flight{service="identity"} 1')
          ? true
          : undefined,
      10_000,
      5,
    );
    const closing = h.app.close();
    await expect(register).resolves.toMatchObject({ user: { name: 'Carl Closer' } });
    await closing;
    expect(
      (
        await errorOf(
          h.client.send(IdentityLogin, { email: uniqueEmail(), password: PASSWORD }, { timeoutMs: 1000 }),
        )
      ).code,
    ).toBe('UNAVAILABLE');
    await h.close();
  });
});
