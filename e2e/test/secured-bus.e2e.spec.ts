// `npm start` as a newcomer runs it (no NATS_URL, no subject prefix): scripts/start.mjs runs a
// nats-server of its own that lets in only the system's processes, each logged in as itself.
// A process on the machine without a password cannot reach the bus; the system works over it,
// requests and (signed) events alike.
import { spawn, type ChildProcess } from 'node:child_process';
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
  await new Promise((resolve) => {
    runner.once('exit', resolve);
    runner.kill('SIGTERM');
  });
});

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${system.baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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
});
