import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, headers as natsHeaders } from 'nats';
import { eventRetentionMs, parseConfig } from '@planted/config';
import type { EventEnvelope, EventPayloadOf, EventSubject, RequestSubject } from '@planted/contracts';
import {
  EventSigner,
  natsCredentials,
  prefixed,
  publishSignedEvent,
  SESSION_TOKEN_HEADER,
  streamName,
} from '@planted/messaging';
import {
  createServiceApp,
  ensureEventStream,
  STREAMS_NATS_USER,
  type ServiceApp,
} from '@planted/service-kit';
import { DEFAULT_VAT_TAX_RATE_ID, startLocalStripe, type LocalStripe } from '@planted/stripe-local';
import {
  decodeQuotedPrintable,
  FakeSmtp,
  freePort,
  inviteTokenFrom,
  testKeys,
  testServiceEnv,
  uniqueName,
} from '@planted/testing';
import { billingService } from '@planted/billing/src/billing.service';
import { parseBillingConfig, type BillingConfig } from '@planted/billing/src/config';
import type { BillingSchema } from '@planted/billing/src/db/schema';
import { startZaharaSimulator, type ZaharaSimulator } from '@planted/zahara-local';
import { accountingService } from '@planted/accounting/src/accounting.service';
import { parseAccountingConfig, type AccountingConfig } from '@planted/accounting/src/config';
import type { AccountingSchema } from '@planted/accounting/src/db/schema';
import { catalogueService } from '@planted/catalogue/src/catalogue.service';
import { parseCatalogueConfig, type CatalogueConfig } from '@planted/catalogue/src/config';
import type { CatalogueSchema } from '@planted/catalogue/src/db/schema';
import { createGatewayApp, type GatewayApp } from '@planted/gateway/src/app';
import { gatewayEnvSchema } from '@planted/gateway/src/config';
import { parseHiresConfig, type HiresConfig } from '@planted/hires/src/config';
import type { HiresSchema } from '@planted/hires/src/db/schema';
import { hiresService } from '@planted/hires/src/hires.service';
import { parseIdentityConfig, type IdentityConfig } from '@planted/identity/src/config';
import type { IdentitySchema } from '@planted/identity/src/db/schema';
import { identityService } from '@planted/identity/src/identity.service';

/** How long this system's gateway still serves a replaced upload before deleting it. */
export const RETIRE_AFTER_SECONDS = 4;

export interface System {
  url: string;
  smtp: FakeSmtp;
  gateway: GatewayApp;
  identity: ServiceApp<IdentityConfig, IdentitySchema>;
  catalogue: ServiceApp<CatalogueConfig, CatalogueSchema>;
  hires: ServiceApp<HiresConfig, HiresSchema>;
  billing: ServiceApp<BillingConfig, BillingSchema>;
  /** The local Stripe billing uses; its webhooks go to the gateway's POST /api/webhooks/stripe. */
  stripe: LocalStripe;
  accounting: ServiceApp<AccountingConfig, AccountingSchema>;
  /** The Zahara simulator the accounting connector calls (any plausible key is a business unit). */
  zahara: ZaharaSimulator;
  /** Where the gateway stores uploads (local disk). */
  uploads: string;
  /**
   * Publishes an event as its service's outbox relay would: a hire event without a hire
   * behind it (the catalogue's latest prices), or billing's subscription.changed without a
   * Stripe subscription behind it.
   */
  publishEvent<E extends EventSubject>(
    event: E,
    payload: EventPayloadOf<E>,
    customerId: string,
  ): Promise<void>;
  /**
   * A request sent straight on the bus, as any process there could, past the gateway: the
   * payload as is, and a session token when given. Answers the service's reply packet.
   */
  busRequest(
    subject: RequestSubject,
    data: unknown,
    token?: string,
  ): Promise<{ response?: unknown; err?: { code: string; message: string } }>;
  /** One more gateway replica on the same NATS, Redis and identity (closed with the system). */
  startGateway(): Promise<GatewayApp>;
  close(): Promise<void>;
}

/**
 * Identity, the catalogue, hires, billing, the accounting connector and the gateway in this
 * process, on the run's database, real NATS, Redis and SMTP, a local Stripe whose webhooks
 * reach the gateway and a Zahara simulator. `natsEnv` gives each participant ('identity',
 * 'catalogue', 'hires', 'billing', 'accounting', 'gateway') more environment: another NATS
 * server and its NATS user, say. Billing's renewal check is off unless `billingEnv` sets
 * BILLING_RENEWAL_CHECK_SECONDS.
 *
 * Started again (on new ports) when the gateway's port was taken before it could listen on it:
 * the port is chosen first (the local Stripe's webhooks and the links name it) and bound only
 * once every service is up, and meanwhile any process on the machine, or an outgoing
 * connection's ephemeral port, may take it. Seen in a CI run beside another test run.
 */
export async function startSystem(...args: Parameters<typeof startSystemOnce>): Promise<System> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSystemOnce(...args);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 3) throw err;
    }
  }
}

/** One try of startSystem. */
async function startSystemOnce(
  gatewayEnv: Record<string, string> = {},
  catalogueEnv: Record<string, string | undefined> = {},
  natsEnv: (user: string) => Record<string, string> = () => ({}),
  hiresEnv: Record<string, string | undefined> = {},
  billingEnv: Record<string, string | undefined> = {},
  accountingEnv: Record<string, string | undefined> = {},
): Promise<System> {
  const smtp = new FakeSmtp();
  const smtpUrl = await smtp.start();
  const env = testServiceEnv({ SMTP_URL: smtpUrl });
  // The gateway's port is known before it starts: the local Stripe sends its webhooks there.
  const gatewayPort = await freePort();
  const appUrl = `http://localhost:${gatewayPort}`;
  const stripe = await startLocalStripe({
    webhookUrl: `http://127.0.0.1:${gatewayPort}/api/webhooks/stripe`,
    webhookRetryDelaysMs: [250, 1000, 3000, 10_000],
  });
  // Every service's stream before any service starts, made as the migration step makes it
  // (as its user, STREAMS_NATS_USER, on a bus with credentials, where a serving process may
  // only read its stream): identity and hires read billing's, the catalogue hires'.
  const maker = { ...env, ...natsEnv(STREAMS_NATS_USER) };
  const makerNc = await connect({ servers: maker.NATS_URL, ...natsCredentials(maker) });
  const retentionMs = eventRetentionMs({ EVENT_RETENTION_DAYS: Number(env.EVENT_RETENTION_DAYS ?? 30) });
  const streamReplicas = Number(env.NATS_STREAM_REPLICAS ?? 1);
  for (const service of [billingService, identityService, catalogueService, hiresService, accountingService])
    await ensureEventStream(
      makerNc,
      service.events,
      maker.NATS_SUBJECT_PREFIX ?? '',
      retentionMs,
      streamReplicas,
    );
  await makerNc.close();
  const billing = createServiceApp(
    billingService,
    parseBillingConfig({
      ...env,
      BILLING_HTTP_PORT: '0',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_BASE_URL: stripe.url,
      ...Object.fromEntries(
        (['TEAMS', 'BUSINESS', 'UNLIMITED'] as const).flatMap((plan) => [
          [`STRIPE_PRICE_${plan}_MONTHLY`, `price_${plan.toLowerCase()}_monthly`],
          [`STRIPE_PRICE_${plan}_YEARLY`, `price_${plan.toLowerCase()}_yearly`],
        ]),
      ),
      STRIPE_TAX_RATE_VAT: DEFAULT_VAT_TAX_RATE_ID,
      APP_URL: appUrl,
      BILLING_RENEWAL_CHECK_SECONDS: '0',
      ...natsEnv('billing'),
      ...billingEnv,
    }),
  );
  await billing.listen();
  const identity = createServiceApp(
    identityService,
    parseIdentityConfig({ ...env, IDENTITY_HTTP_PORT: '0', ...natsEnv('identity') }),
  );
  await identity.listen();
  // The tests' own connection (requests and events straight on the bus), logged in as hires.
  const asHires = { ...env, ...natsEnv('hires') };
  const nc = await connect({ servers: asHires.NATS_URL, ...natsCredentials(asHires) });
  const prefix = asHires.NATS_SUBJECT_PREFIX ?? '';
  const madeHere = [streamName(prefix, hiresService.events.name)];
  const catalogue = createServiceApp(
    catalogueService,
    parseCatalogueConfig({
      ...env,
      CATALOGUE_HTTP_PORT: '0',
      // No AI endpoint unless the test sets one (a developer's environment may have one).
      AI_BASE_URL: undefined,
      AI_API_KEY: undefined,
      ...natsEnv('catalogue'),
      ...catalogueEnv,
    }),
  );
  await catalogue.listen();
  const hires = createServiceApp(
    hiresService,
    parseHiresConfig({
      ...env,
      HIRES_HTTP_PORT: '0',
      // Sites are placed offline unless the test sets a key (a developer's environment may have one).
      GOOGLE_MAPS_API_KEY: undefined,
      ...natsEnv('hires'),
      ...hiresEnv,
    }),
  );
  await hires.listen();
  const zahara = await startZaharaSimulator({ acceptAnyKey: true });
  const accounting = createServiceApp(
    accountingService,
    parseAccountingConfig({
      ...env,
      ACCOUNTING_HTTP_PORT: '0',
      ZAHARA_BASE_URL: zahara.url,
      ACCOUNTING_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      // Failure modes play out in seconds, not minutes.
      ZAHARA_TIMEOUT_MS: '1000',
      ZAHARA_DEADLINE_MS: '8000',
      ZAHARA_RETRY_BASE_MS: '20',
      ACCOUNTING_PO_POLL_MS: '200',
      ACCOUNTING_PO_RETRY_BASE_MS: '500',
      ...natsEnv('accounting'),
      ...accountingEnv,
    }),
  );
  await accounting.listen();
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'planted-api-'));
  const replicas: GatewayApp[] = [];
  const startGateway = async (port = 0) => {
    const replica = await createGatewayApp(
      parseConfig(gatewayEnvSchema, {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        UPLOAD_DIR: uploads,
        // Replaced uploads are still served this long (600 s by default), then deleted.
        FILES_RETIRE_AFTER_SECONDS: String(RETIRE_AFTER_SECONDS),
        WEB_DIST: path.join(uploads, 'none'),
        ...natsEnv('gateway'),
        ...gatewayEnv,
      }),
    );
    replicas.push(replica);
    return replica;
  };
  let gateway: GatewayApp;
  try {
    gateway = await startGateway(gatewayPort);
  } catch (err) {
    await accounting.close();
    await zahara.close();
    await hires.close();
    await catalogue.close();
    await identity.close();
    await billing.close();
    await stripe.close();
    await nc.close();
    await smtp.stop();
    throw err;
  }
  return {
    url: gateway.url,
    smtp,
    gateway,
    identity,
    catalogue,
    hires,
    billing,
    stripe,
    accounting,
    zahara,
    uploads,
    startGateway: () => startGateway(),
    async busRequest(subject, data, token) {
      const headers = natsHeaders();
      if (token) headers.set(SESSION_TOKEN_HEADER, token);
      const packet = { pattern: subject.name, data, id: randomUUID() };
      const reply = await nc.request(prefixed(prefix, subject.name), JSON.stringify(packet), {
        timeout: 10_000,
        headers,
      });
      return JSON.parse(new TextDecoder().decode(reply.data));
    },
    async publishEvent(event, payload, customerId) {
      const envelope: EventEnvelope = {
        id: randomUUID(),
        type: event.name,
        occurredAt: new Date().toISOString(),
        customerId,
        payload: event.payload.parse(payload),
      };
      await publishSignedEvent(nc.jetstream(), prefixed(prefix, event.name), envelope, {
        signer: EventSigner.fromSetting(testKeys().events),
      });
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await accounting.close();
      await zahara.close();
      await hires.close();
      await catalogue.close();
      await identity.close();
      await billing.close();
      await stripe.close();
      const jsm = await nc.jetstreamManager();
      for (const stream of [
        identity.streamName,
        catalogue.streamName,
        billing.streamName,
        accounting.streamName,
        ...madeHere,
      ])
        await jsm.streams.delete(stream).catch(() => undefined);
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
  /**
   * A multipart form as a browser sends it: text fields, and files (a Blob each). Extra
   * headers (an Idempotency-Key) go along.
   */
  async function form(
    method: string,
    url: string,
    fields: Record<string, string | string[]>,
    options: {
      token?: string;
      files?: { field: string; data: Buffer; filename: string; type: string }[];
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer<Json>> {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields))
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    for (const file of options.files ?? [])
      body.append(file.field, new Blob([file.data], { type: file.type }), file.filename);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(base + url, { method, body, headers });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }
  /** Any call with extra headers. */
  async function request(
    method: string,
    url: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<Json>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(base + url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }
  return {
    form,
    request,
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

/** The token of the reset link in a password reset email. */
export function resetTokenFrom(raw: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return match[1]!;
}

export { freePort, inviteTokenFrom };
