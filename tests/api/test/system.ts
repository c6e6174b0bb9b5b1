import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { parseConfig } from '@planted/config';
import { FakeSmtp, inviteTokenFrom, testServiceEnv, uniqueName } from '@planted/testing';
import { createGatewayApp, type GatewayApp } from '@planted/gateway/src/app';
import { gatewayEnvSchema } from '@planted/gateway/src/config';
import { createIdentityApp, type IdentityApp } from '@planted/identity/src/app';
import { parseIdentityConfig } from '@planted/identity/src/config';
import { identityStreamSpec } from '@planted/identity/src/core/event-stream';

export interface System {
  url: string;
  smtp: FakeSmtp;
  gateway: GatewayApp;
  identity: IdentityApp;
  close(): Promise<void>;
}

/** Identity and the gateway in this process, on the run's database, real NATS, Redis and SMTP. */
export async function startSystem(gatewayEnv: Record<string, string> = {}): Promise<System> {
  const smtp = new FakeSmtp();
  const smtpUrl = await smtp.start();
  const env = testServiceEnv({ SMTP_URL: smtpUrl });
  const identity = createIdentityApp(parseIdentityConfig({ ...env, IDENTITY_HTTP_PORT: '0' }));
  await identity.listen();
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'planted-api-'));
  const gateway = await createGatewayApp(
    parseConfig(gatewayEnvSchema, {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      UPLOAD_DIR: uploads,
      WEB_DIST: path.join(uploads, 'none'),
      ...gatewayEnv,
    }),
  );
  return {
    url: gateway.url,
    smtp,
    gateway,
    identity,
    async close() {
      await gateway.close();
      await identity.close();
      const nc = await connect({ servers: env.NATS_URL });
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(identityStreamSpec(env.NATS_SUBJECT_PREFIX!).name).catch(() => undefined);
      await nc.close();
      await smtp.stop();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

/**
 * A port nothing listens on right now. For a gateway that must know its own address
 * before it starts (APP_URL, which OAuth callbacks are built from).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

// Answers are JSON of many shapes; tests assert on them field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export function client(base: string) {
  async function call(method: string, url: string, body?: unknown, token?: string): Promise<Answer<Json>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }
  return {
    get: (url: string, token?: string) => call('GET', url, undefined, token),
    post: (url: string, body: unknown, token?: string) => call('POST', url, body, token),
    put: (url: string, body: unknown, token?: string) => call('PUT', url, body, token),
    async upload(url: string, field: string, data: Buffer, filename: string, type: string, token?: string) {
      const form = new FormData();
      form.append(field, new Blob([data], { type }), filename);
      const res = await fetch(base + url, {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
    },
  };
}

export const PASSWORD = 'site-safety-first';

export function email(label: string): string {
  return `${uniqueName(label)}@example.test`;
}

export function company(label: string, overrides: Record<string, string> = {}) {
  return {
    customerName: `${label} Plant Hire Ltd`,
    customerAddress: '12 Quarry Road, Sheffield S1 2AB',
    userName: `${label} Admin`,
    email: email(label.toLowerCase()),
    password: PASSWORD,
    ...overrides,
  };
}

export { inviteTokenFrom };
