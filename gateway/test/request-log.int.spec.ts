import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseConfig } from '@planted/config';
import { createLogger } from '@planted/logging';
import { testServiceEnv } from '@planted/testing';
import { createGatewayApp, type GatewayApp } from '../src/app';
import { gatewayEnvSchema } from '../src/config';

/**
 * Request logging at info: a line for a failed request (4xx/5xx) and for a slow one, none for
 * a request that succeeded in time (a line and a pipe write per request were a tenth of the
 * gateway's CPU under load).
 */
describe('gateway request log', () => {
  const apps: GatewayApp[] = [];
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'planted-reqlog-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    rmSync(dir, { recursive: true, force: true });
    delete process.env.LOG_SLOW_MS;
  });

  async function start(level: string, slowMs?: string) {
    if (slowMs === undefined) delete process.env.LOG_SLOW_MS;
    else process.env.LOG_SLOW_MS = slowMs;
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await createGatewayApp(
      parseConfig(gatewayEnvSchema, {
        ...testServiceEnv(),
        PORT: '0',
        HOST: '127.0.0.1',
        UPLOAD_DIR: path.join(dir, `uploads-${apps.length}`),
      }),
      { logger: createLogger('gateway', { level }, sink) },
    );
    apps.push(app);
    const requests = () => lines.filter((l) => typeof l.status === 'number');
    return { app, requests };
  }

  it('logs failures, not successes, at info', async () => {
    const { app, requests } = await start('info');
    for (let i = 0; i < 5; i++) expect((await fetch(app.url + '/healthz')).status).toBe(200);
    expect((await fetch(app.url + '/api/no-such-route')).status).toBe(404);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests()).toEqual([
      expect.objectContaining({
        msg: 'request failed',
        status: 404,
        url: '/api/no-such-route',
        method: 'GET',
      }),
    ]);
  });

  it('logs a successful request that was slow, and every request at debug', async () => {
    const slow = await start('info', '0');
    await fetch(slow.app.url + '/healthz');
    await new Promise((r) => setTimeout(r, 50));
    expect(slow.requests()).toEqual([
      expect.objectContaining({ msg: 'slow request', status: 200, url: '/healthz' }),
    ]);

    const debug = await start('debug');
    await fetch(debug.app.url + '/healthz');
    await new Promise((r) => setTimeout(r, 50));
    expect(debug.requests()).toEqual([
      expect.objectContaining({ msg: 'request', status: 200, url: '/healthz' }),
    ]);
  });
});
