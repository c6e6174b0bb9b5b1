import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '@planted/config';
import { testServiceEnv } from '@planted/testing';
import { createGatewayApp, type GatewayApp } from '../src/app';
import { gatewayEnvSchema } from '../src/config';

/** A TCP relay to `target` that can be cut (every connection dropped, new ones refused). */
async function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function hostPort(url: string) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

/**
 * The gateway is ready while NATS answers, whether or not Redis does: without Redis only the
 * calls that need it answer 503 (sign-in limits, social sign-in, quotas), so one Redis pod
 * evicted must not take every gateway out of its Service at once (AR-7).
 */
describe('gateway readiness', () => {
  const env = testServiceEnv();
  let uploads: string;
  let gw: GatewayApp | undefined;
  const open: Array<{ cut(): Promise<void> }> = [];

  async function start(redisPort: number, natsPort: number) {
    uploads = mkdtempSync(path.join(os.tmpdir(), 'planted-gw-ready-'));
    const nats = new URL(env.NATS_URL ?? 'nats://127.0.0.1:4222');
    nats.port = String(natsPort);
    const redis = new URL(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    redis.port = String(redisPort);
    gw = await createGatewayApp(
      parseConfig(gatewayEnvSchema, {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        UPLOAD_DIR: uploads,
        WEB_DIST: path.join(uploads, 'no-web-build'),
        NATS_URL: nats.toString().replace(/\/$/, ''),
        REDIS_URL: redis.toString(),
        NATS_REQUEST_TIMEOUT_MS: '2000',
      }),
    );
    return gw;
  }

  afterEach(async () => {
    await gw?.close();
    gw = undefined;
    await Promise.all(open.splice(0).map((r) => r.cut()));
    rmSync(uploads, { recursive: true, force: true });
  });

  const readyz = async (app: GatewayApp) => {
    const res = await fetch(app.url + '/readyz');
    return {
      status: res.status,
      body: (await res.json()) as { status: string; checks: Record<string, string> },
    };
  };

  it('stays ready without Redis, says it is degraded, and answers 503 only where Redis is needed', async () => {
    const redis = await relay(hostPort(env.REDIS_URL ?? 'redis://127.0.0.1:6379'));
    open.push(redis);
    const app = await start(redis.port, hostPort(env.NATS_URL ?? 'nats://127.0.0.1:4222').port);
    expect(await readyz(app)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { nats: 'ok', redis: 'ok' } },
    });

    await redis.cut();
    const after = await readyz(app);
    expect(after.status).toBe(200);
    expect(after.body.status).toBe('degraded');
    expect(after.body.checks.nats).toBe('ok');
    expect(after.body.checks.redis).not.toBe('ok');
    // Signing in counts attempts in Redis: it cannot be served, and says so.
    const login = await fetch(app.url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.test', password: 'not-a-real-password' }),
    });
    expect(login.status).toBe(503);
  });

  it('is not ready while NATS is away', async () => {
    const nats = await relay(hostPort(env.NATS_URL ?? 'nats://127.0.0.1:4222'));
    open.push(nats);
    const app = await start(hostPort(env.REDIS_URL ?? 'redis://127.0.0.1:6379').port, nats.port);
    expect((await readyz(app)).status).toBe(200);

    await nats.cut();
    const after = await readyz(app);
    expect(after.status).toBe(503);
    expect(after.body.status).toBe('not ready');
    expect(after.body.checks.nats).not.toBe('ok');
    expect(after.body.checks.redis).toBe('ok');
  });
});
