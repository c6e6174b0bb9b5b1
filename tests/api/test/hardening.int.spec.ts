import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from '@planted/testing';
import { client, company, email, PASSWORD, startSystem, type System } from './system';

// Issue 8: answers that carry tokens are never stored; a forged X-Forwarded-For does not
// escape the per-IP limit; with Redis gone, sign-in answers 503 at once.

async function redisUp(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function startRedis(): Promise<{ port: number; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100 && !(await redisUp(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return { port, process: child };
}

describe('answers that carry a token are not cached (issue 8, item 8)', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
  }, 60_000);
  afterAll(() => sys?.close());

  it('register, login and profile answer Cache-Control: no-store', async () => {
    const input = company('NoStore');
    const reg = await api.post('/api/auth/register', input);
    expect(reg.status).toBe(201);
    expect(reg.headers.get('cache-control')).toBe('no-store');
    const login = await api.post('/api/auth/login', { email: input.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const profile = await api.get('/api/auth/profile', login.body.token);
    expect(profile.headers.get('cache-control')).toBe('no-store');
    const failed = await api.post('/api/auth/login', { email: input.email, password: 'wrong-password' });
    expect(failed.headers.get('cache-control')).toBe('no-store');
  });
});

describe('behind one trusted proxy, the client address is the one the proxy appended (issue 8, item 4)', () => {
  let sys: System;
  beforeAll(async () => {
    sys = await startSystem({ TRUST_PROXY: 'true', LOGIN_RATE_LIMIT_PER_IP: '3' });
  }, 60_000);
  afterAll(() => sys?.close());

  it('a client writing its own left-most X-Forwarded-For entries still meets the per-IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${sys.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // What the proxy appended (the real client) is the right-most entry.
          'x-forwarded-for': `198.51.100.${i + 7}, 10.0.0.1`,
        },
        body: JSON.stringify({ email: email(`xff${i}`), password: 'not-the-password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('with Redis stopped, sign-in answers 503 at once (issue 8, item 5)', () => {
  let sys: System;
  let redis: { port: number; process: ChildProcess };
  beforeAll(async () => {
    redis = await startRedis();
    sys = await startSystem({ REDIS_URL: `redis://127.0.0.1:${redis.port}` });
  }, 60_000);
  afterAll(async () => {
    await sys?.close();
    redis?.process.kill('SIGKILL');
  });

  it('answers 503 with the usual message within a second, and signs in again once Redis is back', async () => {
    const api = client(sys.url);
    const input = company('RedisDown');
    expect((await api.post('/api/auth/register', input)).status).toBe(201);

    redis.process.kill('SIGKILL');
    for (let i = 0; i < 100 && (await redisUp(redis.port)); i++) await new Promise((r) => setTimeout(r, 20));

    const started = Date.now();
    const res = await api.post('/api/auth/login', { email: input.email, password: PASSWORD });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('Service temporarily unavailable. Please try again shortly.');
    expect(elapsed).toBeLessThan(1000);

    const back = spawn('redis-server', ['--port', String(redis.port), '--bind', '127.0.0.1', '--save', ''], {
      stdio: 'ignore',
    });
    redis.process = back;
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await api.post('/api/auth/login', { email: input.email, password: PASSWORD })).status;
    }
    expect(status).toBe(200);
  }, 30_000);
});

describe('GraphQL cannot starve others (issue 8, item 6)', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    sys = await startSystem({ NODE_ENV: 'production' });
    api = client(sys.url);
  }, 60_000);
  afterAll(() => sys?.close());

  it('refuses 20,000 aliases of users before running any, while another company is served', async () => {
    const attacker = (await api.post('/api/auth/register', company('Aliases'))).body.token;
    const other = (await api.post('/api/auth/register', company('Bystander'))).body.token;
    const query = `{ ${Array.from({ length: 20_000 }, (_, i) => `u${i}: users { id }`).join(' ')} }`;

    const [flood, ...profiles] = await Promise.all([
      api.post('/graphql', { query }, attacker),
      ...Array.from({ length: 20 }, () => api.get('/api/auth/profile', other)),
    ]);
    expect(flood.status).toBe(400);
    expect(flood.body.errors[0].message).toMatch(/Document contains more that 5000 tokens/);
    expect(flood.body.data ?? null).toBeNull();
    expect(profiles.map((p) => p.status)).toEqual(profiles.map(() => 200));
  });

  it('refuses a short document that still asks too much', async () => {
    const token = (await api.post('/api/auth/register', company('Aliases31'))).body.token;
    const query = `{ ${Array.from({ length: 31 }, (_, i) => `u${i}: users { id }`).join(' ')} }`;
    const res = await api.post('/graphql', { query }, token);
    expect(res.body.errors[0].message).toBe('Query too large: it uses 31 aliases (at most 30)');
    expect(res.body.data ?? null).toBeNull();
  });

  it('refuses aliases of large list pages whose rows add up past two of the largest pages', async () => {
    const token = (await api.post('/api/auth/register', company('Rows'))).body.token;
    const page = (alias: string, limit: number) => `${alias}: hires(limit: ${limit}) { hires { id } }`;
    const flood = await api.post(
      '/graphql',
      { query: `{ ${Array.from({ length: 30 }, (_, i) => page(`h${i}`, 1000)).join(' ')} }` },
      token,
    );
    expect(flood.body.errors[0].message).toBe(
      'Query too large: it asks for 30000 list items (at most 2000: ask for fewer, or page through them)',
    );
    expect(flood.body.data ?? null).toBeNull();
    const two = await api.post(
      '/graphql',
      { query: `{ ${page('a', 1000)} sites(limit: 1000) { sites { id } } }` },
      token,
    );
    expect(two.status).toBe(200);
    expect(two.body.data.a.hires).toEqual([]);
  });

  it('answers a query without a valid session with HTTP 401, as REST does', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const res = await api.post('/graphql', { query: '{ me { user { email } } users { id } }' }, token);
      expect(res.status).toBe(401);
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    }
  });

  it('refuses with 400, in GraphQL’s shape, a body that is not a GraphQL request or a document that cannot run', async () => {
    const token = (await api.post('/api/auth/register', company('BadBodies'))).body.token;
    for (const body of [
      { query: 5 },
      { query: true },
      { query: ['{ users { id } }'] },
      { query: '{ __typename }', operationName: 5 },
    ]) {
      const res = await api.post('/graphql', body, token);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body).toEqual({
        data: null,
        errors: [
          {
            message:
              'The body must be a JSON object with a "query" text, and "operationName" (a text) and "variables" (an object) when given',
          },
        ],
      });
    }
    // graphql-js's own refusals that answered 200: an unknown operation, an aborted validation.
    const unknown = await api.post('/graphql', { query: '{ __typename }', operationName: 'Nope' }, token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toBe('Unknown operation named "Nope".');
    const huge = await api.post(
      '/graphql',
      { query: `{ users { ${Array.from({ length: 1500 }, () => 'id').join(' ')} } }` },
      token,
    );
    expect(huge.status).toBe(400);
    expect(huge.body.data ?? null).toBeNull();
    expect(huge.body.errors[0].message).toMatch(/^Query too large/);
  });

  it('answers a query within the limits', async () => {
    const token = (await api.post('/api/auth/register', company('Small'))).body.token;
    const res = await api.post('/graphql', { query: '{ me { user { email } } users { id name } }' }, token);
    expect(res.status).toBe(200);
    expect(res.body.data.users).toHaveLength(1);
  });

  it('in production, refuses introspection and suggests no field names', async () => {
    const token = (await api.post('/api/auth/register', company('Introspect'))).body.token;
    const intro = await api.post('/graphql', { query: '{ __schema { types { name } } }' }, token);
    expect(intro.body.data ?? null).toBeNull();
    expect(intro.body.errors[0].message).toContain('introspection has been disabled');
    const typo = await api.post('/graphql', { query: '{ usrs { id } }' }, token);
    expect(typo.body.data ?? null).toBeNull();
    expect(typo.body.errors[0].message).toBe('Cannot query field "usrs" on type "Query".');
  });
});

describe('limits that cannot be turned against users (issue 8, item 4)', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    // One trusted proxy: the right-most X-Forwarded-For entry is the client.
    sys = await startSystem({ TRUST_PROXY: '1' });
    api = client(sys.url);
  }, 60_000);
  afterAll(() => sys?.close());

  const loginFrom = (ip: string, body: unknown) =>
    fetch(`${sys.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });

  it('ten wrong passwords from an attacker leave the owner able to sign in', async () => {
    const owner = company('Owner');
    expect((await api.post('/api/auth/register', owner)).status).toBe(201);
    const attacker: number[] = [];
    for (let i = 0; i < 12; i++)
      attacker.push(
        (await loginFrom('198.51.100.66', { email: owner.email, password: `guess-${i}` })).status,
      );
    expect(attacker.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attacker).toContain(429);

    const ownerLogin = await loginFrom('203.0.113.20', { email: owner.email, password: PASSWORD });
    expect(ownerLogin.status).toBe(200);
  });

  it('wrong current passwords at change-password meet a 429', async () => {
    const input = company('ChangePw');
    const token = (await api.post('/api/auth/register', input)).body.token;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await api.put(
            '/api/auth/change-password',
            { currentPassword: `wrong-${i}`, newPassword: 'new-password-1' },
            token,
          )
        ).status,
      );
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429);
  });

  it('register answers "email in use" only a few times per source before 429', async () => {
    const taken = company('Taken');
    expect((await api.post('/api/auth/register', taken)).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await api.post('/api/auth/register', {
            ...company(`Probe${i}`),
            email: i % 2 ? taken.email : email(`p${i}`),
          })
        ).status,
      );
    expect(statuses.filter((s) => s === 409).length).toBeLessThanOrEqual(5);
    expect(statuses).toContain(429);
  });

  it('invitations answer "already a user" only a few times per inviter before 429', async () => {
    const admin = (await api.post('/api/auth/register', company('Inviter'))).body.token;
    const others = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const input = company(`Member${i}`);
        await api.post('/api/auth/register', input);
        return input.email;
      }),
    );
    const statuses: number[] = [];
    for (const address of others)
      statuses.push((await api.post('/api/invitations', { email: address, role: 'user' }, admin)).status);
    expect(statuses.slice(0, 3)).toEqual([409, 409, 409]);
    expect(statuses).toContain(429);
  });
});
