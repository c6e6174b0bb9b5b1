import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { parseConfig } from '@planted/config';
import { createServiceApp, type ServiceApp } from '@planted/service-kit';
import { FakeSmtp, freePort, inviteTokenFrom, testServiceEnv, uniqueName } from '@planted/testing';
import { createGatewayApp, type GatewayApp } from '@planted/gateway/src/app';
import { gatewayEnvSchema } from '@planted/gateway/src/config';
import { parseIdentityConfig, type IdentityConfig } from '@planted/identity/src/config';
import type { IdentitySchema } from '@planted/identity/src/db/schema';
import { identityService } from '@planted/identity/src/identity.service';

export interface System {
  url: string;
  smtp: FakeSmtp;
  gateway: GatewayApp;
  identity: ServiceApp<IdentityConfig, IdentitySchema>;
  /** One more gateway replica on the same NATS, Redis and identity (closed with the system). */
  startGateway(): Promise<GatewayApp>;
  close(): Promise<void>;
}

/** Identity and the gateway in this process, on the run's database, real NATS, Redis and SMTP. */
export async function startSystem(gatewayEnv: Record<string, string> = {}): Promise<System> {
  const smtp = new FakeSmtp();
  const smtpUrl = await smtp.start();
  const env = testServiceEnv({ SMTP_URL: smtpUrl });
  const identity = createServiceApp(
    identityService,
    parseIdentityConfig({ ...env, IDENTITY_HTTP_PORT: '0' }),
  );
  await identity.listen();
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'planted-api-'));
  const replicas: GatewayApp[] = [];
  const startGateway = async () => {
    const replica = await createGatewayApp(
      parseConfig(gatewayEnvSchema, {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        UPLOAD_DIR: uploads,
        WEB_DIST: path.join(uploads, 'none'),
        ...gatewayEnv,
      }),
    );
    replicas.push(replica);
    return replica;
  };
  const gateway = await startGateway();
  return {
    url: gateway.url,
    smtp,
    gateway,
    identity,
    startGateway,
    async close() {
      for (const replica of replicas) await replica.close();
      await identity.close();
      const nc = await connect({ servers: env.NATS_URL });
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(identity.streamName).catch(() => undefined);
      await nc.close();
      await smtp.stop();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
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
    delete: (url: string, token?: string) => call('DELETE', url, undefined, token),
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

export { freePort, inviteTokenFrom };
