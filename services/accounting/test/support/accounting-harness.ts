import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { connect } from 'nats';
import {
  AccountingSettingsPut,
  EquipmentCreated,
  HireCreated,
  SupplierCreated,
  type Actor,
  type EventEnvelope,
  type EventPayloadOf,
  type EventSubject,
  type HireEvent,
  type RequestOf,
  type TypedClient,
} from '@planted/contracts';
import { runWithSessionToken } from '@planted/logging';
import {
  ensureStream,
  EventSigner,
  NatsTypedClient,
  prefixed,
  publishSignedEvent,
  SESSION_TOKEN_AUDIENCE,
  SESSION_TOKEN_ISSUER,
  streamName,
} from '@planted/messaging';
import { contractEventsOf, serviceUnderTest, type ServiceApp } from '@planted/service-kit';
import {
  type ServiceHarness,
  startService,
  testKeyEnv,
  testKeys,
  uniqueName,
  waitFor,
} from '@planted/testing';
import { startZaharaSimulator, type ZaharaSimulator } from '@planted/zahara-local';
import { eq } from 'drizzle-orm';
import type { AccountingConfig } from '../../src/config';
import { accountingService } from '../../src/accounting.service';
import { equipment, hires, suppliers, type AccountingSchema } from '../../src/db/schema';

/** Signs the events this test publishes as another service would (the deployment's secret). */
const eventSigner = EventSigner.fromSetting(testKeys().events);

/** The streams the connector reads (hires', catalogue's), made by the test as their services would. */
const UPSTREAM = ['HIRES', 'CATALOGUE'] as const;

/** Short waits, so failure modes play out in seconds. */
export const FAST_ENV = {
  ZAHARA_TIMEOUT_MS: '1000',
  ZAHARA_DEADLINE_MS: '8000',
  ZAHARA_RETRY_BASE_MS: '20',
  ZAHARA_MAX_ATTEMPTS: '4',
  ACCOUNTING_PO_POLL_MS: '100',
  ACCOUNTING_PO_RETRY_BASE_MS: '300',
  ACCOUNTING_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

type App = ServiceApp<AccountingConfig, AccountingSchema>;

export interface AccountingHarness {
  h: ServiceHarness<App>;
  zahara: ZaharaSimulator;
  /** Calls the connector as the gateway does: with a session token signed for the payload's actor. */
  client: TypedClient;
  /** Publishes a hires or catalogue event to its stream, as that service's outbox relay would. */
  publish<E extends EventSubject>(
    event: E,
    payload: EventPayloadOf<E>,
    options?: { id?: string },
  ): Promise<string>;
  /** Stops the connector (consumers, worker, handlers); `start` brings a new one up on the same streams and database. */
  stop(): Promise<void>;
  start(env?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

export async function startAccounting(
  options: { env?: Record<string, string> } = {},
): Promise<AccountingHarness> {
  const prefix = uniqueName('t');
  // One key pair for every start, so tokens signed once stay valid across a restart.
  const keys = testKeyEnv();
  const setup = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    for (const base of UPSTREAM)
      await ensureStream(setup, {
        name: streamName(prefix, base),
        subjects: contractEventsOf(base.toLowerCase()).map((s) => prefixed(prefix, s)),
      });
  } finally {
    await setup.close();
  }
  const zahara = await startZaharaSimulator({ acceptAnyKey: true });
  const baseEnv = {
    ...keys,
    ...FAST_ENV,
    ZAHARA_BASE_URL: zahara.url,
    NATS_SUBJECT_PREFIX: prefix,
    ...options.env,
  };
  let h = await startService(serviceUnderTest(accountingService), { env: baseEnv });
  const key = await importPKCS8(h.env.JWT_PRIVATE_KEY!, 'EdDSA');
  const tokenFor = (actor: Actor) =>
    new SignJWT({
      userId: actor.userId,
      email: actor.email,
      role: actor.role,
      name: actor.name,
      customer_id: actor.customerId,
    })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setSubject(actor.userId)
      .setIssuer(SESSION_TOKEN_ISSUER)
      .setAudience(SESSION_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
  let bus = new NatsTypedClient(h.nc, h.prefix, 30_000);
  let running = true;
  const harness: AccountingHarness = {
    get h() {
      return h;
    },
    zahara,
    client: {
      async send(subject, payload, sendOptions) {
        const actor = (payload as { actor?: Actor }).actor;
        if (!actor) return bus.send(subject, payload, sendOptions);
        const token = await tokenFor(actor);
        return runWithSessionToken(token, () => bus.send(subject, payload, sendOptions));
      },
    },
    async publish(event, payload, publishOptions = {}) {
      const id = publishOptions.id ?? randomUUID();
      const envelope: EventEnvelope = {
        id,
        type: event.name,
        occurredAt: new Date().toISOString(),
        customerId: null,
        payload,
      };
      const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
      try {
        await publishSignedEvent(nc.jetstream(), prefixed(prefix, event.name), envelope, {
          signer: eventSigner,
        });
      } finally {
        await nc.close();
      }
      return id;
    },
    async stop() {
      if (!running) return;
      running = false;
      await h.app.close();
      await h.nc.close();
    },
    async start(env = {}) {
      if (running) return;
      h = await startService(serviceUnderTest(accountingService), { env: { ...baseEnv, ...env } });
      bus = new NatsTypedClient(h.nc, h.prefix, 30_000);
      running = true;
    },
    async close() {
      running = false;
      await h.close();
      await zahara.close();
      const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
      const jsm = await nc.jetstreamManager();
      for (const base of UPSTREAM) await jsm.streams.delete(streamName(prefix, base)).catch(() => undefined);
      await nc.close();
    },
  };
  return harness;
}

let counter = 0;

/** A company, one of its administrators and a business-unit key of its own in the simulator. */
export function newCompany(name = 'Company', role: Actor['role'] = 'admin') {
  counter += 1;
  const customerId = randomUUID();
  return {
    key: `bu-key-${customerId}`,
    actor: {
      userId: randomUUID(),
      customerId,
      role,
      email: `user${counter}@example.test`,
      name: `${name} User`,
    } satisfies Actor,
  };
}

export const userOf = (company: { actor: Actor }, role: Actor['role'] = 'user'): Actor => ({
  ...company.actor,
  userId: randomUUID(),
  role,
});

/** Codes every business unit starts with (libs/zahara-local README); ids differ per unit. */
export interface Seed {
  nominal: { id: number; code: string };
  tax: { id: number; code: string; rate: number };
  cost: { id: number; code: string };
  division: { id: number; name: string };
}

/** The business unit of the company's key (made now if new), and the ids of its seed codes. */
export function seedOf(t: AccountingHarness, key: string): Seed {
  if (!t.zahara.tenant(key)) t.zahara.addKey(key);
  const unit = t.zahara.tenant(key)!;
  const nominal = unit.nominalCodes.find((c) => c.Code === '7100')!;
  const tax = unit.taxCodes.find((c) => c.Code === 'T1')!;
  const cost = unit.costCodes.find((c) => c.Code === 'CC310')!;
  const division = unit.divisions.find((d) => d.Name === 'North West')!;
  return {
    nominal: { id: nominal.NominalCodeId, code: nominal.Code },
    tax: { id: tax.TaxCodeId, code: tax.Code, rate: tax.TaxPercentage },
    cost: { id: cost.CostCodeId, code: cost.Code },
    division: { id: division.DivisionId, name: division.Name },
  };
}

export const settingsFor = (
  t: AccountingHarness,
  company: { key: string; actor: Actor },
  overrides: Partial<RequestOf<typeof AccountingSettingsPut>> = {},
): RequestOf<typeof AccountingSettingsPut> => {
  const seed = seedOf(t, company.key);
  return {
    actor: company.actor,
    api_key: company.key,
    nominal_code: seed.nominal.code,
    nominal_code_id: seed.nominal.id,
    nominal_description: 'Plant hire',
    tax_code: seed.tax.code,
    tax_code_id: seed.tax.id,
    tax_description: 'Standard rate',
    tax_percentage: seed.tax.rate,
    cost_code: seed.cost.code,
    cost_code_id: seed.cost.id,
    cost_description: 'Plant hire - non-operated',
    division_code: 'NW',
    division_code_id: seed.division.id,
    division_description: 'North West',
    is_active: true,
    ...overrides,
  };
};

async function waitForRow(
  t: AccountingHarness,
  table: typeof hires | typeof suppliers | typeof equipment,
  id: string,
) {
  await waitFor(async () => {
    const rows = await t.h.app.database.withSystem((tx) => tx.select().from(table).where(eq(table.id, id)));
    return rows.length > 0 ? true : undefined;
  }, 10_000);
}

/** A supplier of the catalogue, as its event carries it, applied to the read model. */
export async function catalogueSupplier(
  t: AccountingHarness,
  overrides: Partial<EventPayloadOf<typeof SupplierCreated>['supplier']> = {},
) {
  const supplier = {
    id: randomUUID(),
    name: `Hire Co ${++counter}`,
    contact_email: `accounts${counter}@hireco.example`,
    contact_phone: '0113 496 0000',
    address: '1 Mill Lane\nLeeds',
    is_active: true,
    created_by: null,
    ...overrides,
  };
  await t.publish(SupplierCreated, { supplier });
  await waitForRow(t, suppliers, supplier.id);
  return supplier;
}

export async function catalogueItem(t: AccountingHarness, name = `Excavator ${++counter}`) {
  const item = {
    id: randomUUID(),
    name,
    category: 'Lift & Shift',
    image_url: null,
    image_card_url: null,
    is_active: true,
    customer_id: null,
  };
  await t.publish(EquipmentCreated, { equipment: item });
  await waitForRow(t, equipment, item.id);
  return item;
}

/** A hire as hires' hire.created carries it: 9 days at £450 a week (2 weeks: £900 net). */
export function hireEvent(
  actor: Actor,
  setting: { supplierId: string; equipmentId: string; siteId?: string },
  overrides: Partial<HireEvent> = {},
): HireEvent {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    customer_id: actor.customerId,
    equipment_id: setting.equipmentId,
    supplier_id: setting.supplierId,
    site_id: setting.siteId ?? randomUUID(),
    price: 450,
    pricing_term: 'week',
    price_per_day: 64.29,
    delivery_charge: 0,
    operator_cost: 0,
    hire_start_date: '2026-11-02',
    hire_end_date: '2026-11-10',
    hire_duration_days: 9,
    net_cost: 900,
    vat_amount: 180,
    total_cost: 1080,
    hire_status: 'active',
    created_by: actor.userId,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** Publishes hire.created and waits until the read model holds the hire. */
export async function createdHire(t: AccountingHarness, hire: HireEvent): Promise<HireEvent> {
  await t.publish(HireCreated, { hire });
  await waitForRow(t, hires, hire.id);
  return hire;
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
