import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUS_PARTICIPANTS, natsPasswordVariable } from '@planted/service-kit';
import { TestNatsServer, waitFor } from '@planted/testing';
import { client, company, PASSWORD, startSystem, type System } from './system';

jest.setTimeout(60_000);

// Issue 8 (trust on the bus): the whole system on a nats-server that enforces the committed
// per-participant permissions (deploy/nats/nats.conf) with each process logged in as its
// own user, as in compose and Kubernetes. The gateway reads identity's stream for ended
// sessions (at start and afterwards) with only what its permissions allow.

const COMMITTED = join(__dirname, '../../../deploy/nats/nats.conf');

describe('the system under enforced NATS permissions', () => {
  let server: TestNatsServer;
  let sys: System;
  let api: ReturnType<typeof client>;
  const password = () => `p${randomBytes(12).toString('hex')}`;
  const passwords = Object.fromEntries(BUS_PARTICIPANTS.map((p) => [p.user, password()]));
  const as = (user: string) => ({
    NATS_URL: server.url,
    NATS_SUBJECT_PREFIX: '',
    NATS_USER: user,
    NATS_PASSWORD: passwords[user]!,
  });

  beforeAll(async () => {
    server = await TestNatsServer.start({
      config: await readFile(COMMITTED, 'utf8'),
      env: Object.fromEntries(
        BUS_PARTICIPANTS.map((p) => [natsPasswordVariable(p.user), passwords[p.user]!]),
      ),
    });
    sys = await startSystem({}, {}, as);
    api = client(sys.url);
  });

  afterAll(async () => {
    await sys?.close();
    await server?.dispose();
  });

  const refusedSoon = (base: ReturnType<typeof client>, token: string) =>
    waitFor(
      async () => ((await base.get('/api/auth/verify', token)).status === 401 ? true : undefined),
      10_000,
    );

  it('registers, signs in and answers the profile through the gateway and identity', async () => {
    const input = company('Permitted');
    const registered = await api.post('/api/auth/register', input);
    expect(registered.status).toBe(201);
    const login = await api.post('/api/auth/login', { email: input.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect((await api.get('/api/auth/profile', login.body.token)).body.user).toMatchObject({
      email: input.email.toLowerCase(),
    });
  });

  it('ends a session at every gateway, one started afterwards included (it reads the stream back)', async () => {
    const input = company('Ended');
    const { token } = (await api.post('/api/auth/register', input)).body as { token: string };
    const other = (await api.post('/api/auth/login', { email: input.email, password: PASSWORD })).body
      .token as string;
    expect((await api.get('/api/auth/verify', token)).status).toBe(200);
    expect((await api.post('/api/auth/logout', {}, token)).status).toBe(200);
    await refusedSoon(api, token);
    expect((await api.get('/api/auth/verify', other)).status).toBe(200);

    const later = client((await sys.startGateway()).url);
    expect((await later.get('/api/auth/verify', token)).status).toBe(401);
    expect((await later.get('/api/auth/verify', other)).status).toBe(200);
  });
});
