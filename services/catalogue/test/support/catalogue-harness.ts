import { randomUUID, createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import type { Actor, Role, TypedClient } from '@planted/contracts';
import { runWithSessionToken } from '@planted/logging';
import { connect } from 'nats';
import {
  ensureStream,
  NatsTypedClient,
  prefixed,
  runWithIdempotencyKey,
  SESSION_TOKEN_AUDIENCE,
  SESSION_TOKEN_ISSUER,
  streamName,
} from '@planted/messaging';
import { contractEventsOf, serviceUnderTest, type ServiceApp } from '@planted/service-kit';
import { startService, testKeys, uniqueName, type ServiceHarness } from '@planted/testing';
import { catalogueService } from '../../src/catalogue.service';
import type { CatalogueConfig } from '../../src/config';
import type { CatalogueSchema } from '../../src/db/schema';

export type CatalogueApp = ServiceApp<CatalogueConfig, CatalogueSchema>;

export interface CatalogueHarness extends ServiceHarness<CatalogueApp> {
  /** Calls the catalogue as the gateway does: 'user' subjects with a session token for the payload's actor. */
  client: TypedClient;
  /** The same client, with an Idempotency-Key on the request (as the gateway forwards it). */
  withKey: (key: string) => TypedClient;
}

/** A session token as identity signs it (the test process's identity key, which the service trusts). */
export async function sessionTokenFor(actor: Actor): Promise<string> {
  const key = createPrivateKey(testKeys().identity.privateKey);
  return new SignJWT({
    userId: actor.userId,
    email: actor.email,
    role: actor.role,
    name: actor.name,
    customer_id: actor.customerId,
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(actor.userId)
    .setIssuer(SESSION_TOKEN_ISSUER)
    .setAudience(SESSION_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

/**
 * The catalogue in this process (the generic service harness); the test talks to it over NATS
 * only. The HIRES and ACCOUNTING streams it reads are made first, as their producers (the
 * hires service, the accounting connector) would make them, and the tests publish there.
 */
export async function startCatalogue(
  options: { env?: Record<string, string | undefined> } = {},
): Promise<CatalogueHarness> {
  const prefix = uniqueName('t');
  const upstream = ['HIRES', 'ACCOUNTING'].map((base) => streamName(prefix, base));
  const setup = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    for (const [name, service] of [
      [upstream[0], 'hires'],
      [upstream[1], 'accounting'],
    ])
      await ensureStream(setup, {
        name,
        subjects: contractEventsOf(service).map((s) => prefixed(prefix, s)),
      });
  } finally {
    await setup.close();
  }
  const harness = await startService(serviceUnderTest(catalogueService), {
    // No AI endpoint unless the test configures one (a developer's environment may have one).
    env: { NATS_SUBJECT_PREFIX: prefix, AI_BASE_URL: undefined, AI_API_KEY: undefined, ...options.env },
  });
  const close = harness.close;
  const bus = new NatsTypedClient(harness.nc, harness.prefix, 10_000);
  const clientWith = (key?: string): TypedClient => ({
    async send(subject, payload, sendOptions) {
      const actor = (payload as { actor?: Actor }).actor;
      const call = () => bus.send(subject, payload, sendOptions);
      const withKey = () => runWithIdempotencyKey(key, call);
      if (!actor) return withKey();
      return runWithSessionToken(await sessionTokenFor(actor), withKey);
    },
  });
  return {
    ...harness,
    client: clientWith(),
    withKey: (key) => clientWith(key),
    async close() {
      await close();
      const cleanup = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
      const jsm = await cleanup.jetstreamManager();
      for (const name of upstream) await jsm.streams.delete(name).catch(() => undefined);
      await cleanup.close();
    },
  };
}

/**
 * The catalogue for one test file: started before its tests, closed after them (and
 * `afterClose` run then, e.g. to drop a database of the file's own). The object answered is
 * filled in when the file's tests start.
 */
export function useCatalogue(
  options: Parameters<typeof startCatalogue>[0] | (() => Promise<Parameters<typeof startCatalogue>[0]>) = {},
  afterClose?: () => Promise<void>,
): CatalogueHarness {
  const harness = {} as CatalogueHarness;
  beforeAll(async () => {
    Object.assign(harness, await startCatalogue(typeof options === 'function' ? await options() : options));
  });
  afterAll(async () => {
    await harness.close?.();
    await afterClose?.();
  });
  return harness;
}

let companyNumber = 0;

/** A company of its own (the catalogue knows companies only by the ids in verified tokens). */
export function newCompany(label = 'Company') {
  companyNumber += 1;
  const customerId = randomUUID();
  const user = (role: Role, name: string): Actor => ({
    userId: randomUUID(),
    customerId,
    role,
    email: `${role}-${customerId.slice(0, 8)}@example.test`,
    name,
  });
  return {
    customerId,
    admin: user('admin', `${label} Admin ${companyNumber}`),
    user: user('user', `${label} User ${companyNumber}`),
    viewer: user('viewer', `${label} Viewer ${companyNumber}`),
  };
}

/** A word no other test's rows contain: the catalogue is shared by every test file of the run. */
export function uniqueWord(prefix = 'zq'): string {
  return `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}

/** The ServiceError a call rejects with (fails the test when it resolves). */
export async function errorOf(
  call: Promise<unknown>,
): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await call;
  } catch (err) {
    const e = err as { code: string; message: string; details?: unknown };
    return { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
  }
  throw new Error('expected the call to fail');
}

/** Outbox rows about one entity (by the id in its payload), oldest first. */
export async function outboxRowsAbout(app: CatalogueApp, id: string) {
  const { rows } = await app.database.pool.query<{ subject: string; payload: unknown; customer_id: string }>(
    `select subject, payload, customer_id from catalogue.outbox
      where payload::text like $1 order by seq`,
    [`%${id}%`],
  );
  return rows;
}

export { sql };
