// `npm start` as a newcomer runs it (no NATS_URL, no subject prefix): scripts/start.mjs runs a
// nats-server of its own that lets in only the system's processes, each logged in as itself.
// A process on the machine without a password cannot reach the bus; the system works over it,
// requests and (signed) events alike. A service killed under load is started again, and the
// requests retried with their Idempotency-Key each create exactly one hire.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from 'nats';
import { waitFor } from '@planted/testing';
import type { RunningSystem } from '../support/start-system.mjs';

jest.setTimeout(180_000);

let runner: ChildProcess;
let system: Omit<RunningSystem, 'stop'>;

beforeAll(async () => {
  // A second system, started as a plain `npm start` (support/run-system.mjs prints it when ready).
  runner = spawn(
    process.execPath,
    [
      path.join(__dirname, '../support/run-system.mjs'),
      JSON.stringify({ ownNats: true, timeoutMs: 150_000 }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  system = await new Promise((resolve, reject) => {
    let output = '';
    runner.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as typeof system);
    });
    runner.once('exit', (code) =>
      reject(new Error(`run-system.mjs exited (${code}) before the system was ready`)),
    );
  });
});

afterAll(async () => {
  if (!runner || runner.exitCode !== null) return;
  // The system stops within 20 s (start-system.mjs); a runner that does not is killed, and the
  // test run's process group takes what it left.
  await new Promise((resolve) => {
    const timer = setTimeout(() => runner.kill('SIGKILL'), 60_000);
    runner.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    runner.kill('SIGTERM');
  });
});

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const isForm = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`${system.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    // No answer at all (the connection dropped): status 0.
    return { status: 0, body: {} as T };
  }
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

describe('npm start runs its own NATS, with credentials', () => {
  it('refuses a connection without a password, or with a wrong one', async () => {
    expect(system.natsUrl).toBeDefined();
    for (const credentials of [
      {},
      { user: 'hires', pass: 'not-the-password' },
      { user: 'gateway', pass: '' },
    ]) {
      const attempt = connect({ servers: system.natsUrl!, reconnect: false, timeout: 3_000, ...credentials });
      await expect(attempt).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    }
  });

  it('serves requests and delivers events over it: a new name reaches the hires list', async () => {
    const { body: demo } = await call<{ token: string }>('POST', '/api/auth/login', system.demo);
    expect(demo.token).toBeTruthy();
    const { body: profile } = await call<{ user: { email: string } }>(
      'GET',
      '/api/auth/profile',
      undefined,
      demo.token,
    );
    const renamed = `Demo Renamed ${Date.now().toString(36)}`;
    const update = await call(
      'PUT',
      '/api/auth/profile',
      { name: renamed, email: profile.user.email },
      demo.token,
    );
    expect(update.status).toBe(200);
    // identity's user.updated, signed, through the bus to hires' read model of users.
    const shown = await waitFor(
      async () => {
        const { body } = await call<{ hires: unknown[] }>('GET', '/api/hires?limit=5', undefined, demo.token);
        return JSON.stringify(body).includes(renamed) ? true : undefined;
      },
      20_000,
      200,
    );
    expect(shown).toBe(true);
  });

  it('starts a service killed under load again; requests retried with their Idempotency-Key create each hire once', async () => {
    const email = `killed-${randomUUID()}@planted.test`;
    const registered = await call<{ token: string }>('POST', '/api/auth/register', {
      customerName: 'Killed Plant Ltd',
      customerAddress: '1 Restart Road, Leeds LS1 1AA',
      userName: 'Kim Killed',
      email,
      password: 'restart-me-please',
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token;
    const form = new FormData();
    form.append('name', 'Lighting Tower K');
    form.append('category', 'Lighting');
    const equipment = await call<{ equipment: { id: string } }>('POST', '/api/equipment', form, token);
    const supplier = await call<{ supplier: { id: string } }>(
      'POST',
      '/api/suppliers',
      { name: 'Restart Hire Ltd' },
      token,
    );
    const site = await call<{ site: { id: string } }>(
      'POST',
      '/api/sites',
      { name: 'Restart Yard', address_line_1: '1 Restart Road', city: 'Leeds', postcode: 'LS1 1AA' },
      token,
    );
    const hire = {
      equipment_id: equipment.body.equipment.id,
      supplier_id: supplier.body.supplier.id,
      site_id: site.body.site.id,
      price: 40,
      pricing_term: 'day',
      hire_start_date: '2026-03-02',
      hire_end_date: '2026-03-06',
      // Outside the free plan's limit of active hires.
      hire_status: 'collection_booked',
    };
    // Once hires has heard of the new equipment and supplier.
    await waitFor(
      async () => ((await call('POST', '/api/hires', hire, token)).status === 201 ? true : undefined),
      20_000,
      200,
    );

    /** Creates a hire, trying again with the same key until it is answered 201 (as the web app does). */
    const created: string[] = [];
    const retried = { count: 0 };
    const createOnce = async () => {
      const key = randomUUID();
      const deadline = Date.now() + 60_000;
      for (;;) {
        const answer = await call<{ hire: { id: string } }>('POST', '/api/hires', hire, token, {
          'Idempotency-Key': key,
        });
        if (answer.status === 201) {
          created.push(answer.body.hire.id);
          // Killed in the middle of the load, whatever the machine's speed: 8 made, 32 to come.
          if (created.length === 8) process.kill(killed, 'SIGKILL');
          return;
        }
        // 503 (service away), 504 (outcome unknown), 409 (the first attempt still in flight), or no answer.
        expect([0, 409, 502, 503, 504]).toContain(answer.status);
        if (Date.now() > deadline)
          throw new Error(`no hire after a minute of retries (last ${answer.status})`);
        retried.count += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const pidOf = (name: string) => Number(readFileSync(path.join(system.pidDir, `${name}.pid`), 'utf8'));
    const killed = pidOf('hires');
    const workers = Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 10; i++) await createOnce();
    });
    await Promise.all(workers);

    expect(created.length).toBeGreaterThan(8);
    expect(pidOf('hires')).not.toBe(killed);
    expect(retried.count).toBeGreaterThan(0);
    expect(new Set(created).size).toBe(40);
    const { body } = await call<{ hires: { id: string }[]; pagination: { total: number } }>(
      'GET',
      '/api/hires?status=collection_booked&limit=100',
      undefined,
      token,
    );
    // The hire made while waiting for the read models, and the 40: none twice, none lost.
    expect(body.pagination.total).toBe(41);
    for (const id of created) expect(body.hires.map((h) => h.id)).toContain(id);
  });
});
