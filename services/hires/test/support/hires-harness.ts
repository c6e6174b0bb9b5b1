import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { importPKCS8, SignJWT } from 'jose';
import { connect, type NatsConnection } from 'nats';
import {
  CatalogueEquipmentGet,
  CatalogueSupplierGet,
  EquipmentCreated,
  HiresCreate,
  HiresSiteCreate,
  SupplierCreated,
  UserCreated,
  type Actor,
  type EventEnvelope,
  type EventPayloadOf,
  type EventSubject,
  type Hire,
  type ReplyOf,
  type RequestOf,
  type RequestSubject,
  type Site,
  type TypedClient,
} from '@planted/contracts';
import { runWithSessionToken } from '@planted/logging';
import {
  ensureStream,
  EventSigner,
  NatsTypedClient,
  prefixed,
  publishSignedEvent,
  runWithIdempotencyKey,
  SESSION_TOKEN_AUDIENCE,
  SESSION_TOKEN_HEADER,
  SESSION_TOKEN_ISSUER,
  streamName,
} from '@planted/messaging';
import { contractEventsOf, serviceUnderTest, type ServiceApp } from '@planted/service-kit';
import { type ServiceHarness, startService, testKeys, uniqueName, waitFor } from '@planted/testing';
import type { HiresConfig } from '../../src/config';
import { equipment, suppliers, users, type HiresSchema } from '../../src/db/schema';
import { hiresService } from '../../src/hires.service';

/** Signs the events this test publishes as another service would (the deployment's secret). */
const eventSigner = EventSigner.fromSetting(testKeys().events);

/** The streams hires reads (catalogue's, identity's, billing's, accounting's), made by the test as their services would. */
const UPSTREAM = ['CATALOGUE', 'IDENTITY', 'BILLING', 'ACCOUNTING'] as const;

export interface HiresHarness extends ServiceHarness<ServiceApp<HiresConfig, HiresSchema>> {
  /** Calls hires as the gateway does: with a session token signed for the payload's actor. */
  client: TypedClient;
  /** Calls with the session token of `tokenActor`, whatever actor the payload names (forgery tests). */
  sendAs: <S extends RequestSubject>(
    tokenActor: Actor,
    subject: S,
    payload: RequestOf<S>,
  ) => Promise<ReplyOf<S>>;
  /** Runs `call` (a client.send) with an Idempotency-Key, as the gateway forwards the header. */
  withKey<T>(key: string, call: () => Promise<T>): Promise<T>;
  /** Publishes an event of catalogue, identity, billing or accounting to its stream, as its outbox relay would. */
  publish<E extends EventSubject>(
    event: E,
    payload: EventPayloadOf<E>,
    /** `at`: the event's occurredAt; `id`: its envelope id; `msgId`: JetStream's Nats-Msg-Id (default the id). */
    options?: { at?: string; id?: string; msgId?: string },
  ): Promise<string>;
  /** The catalogue's get subjects, answered by a local fake (no catalogue service runs here). */
  catalogue: FakeCatalogue;
}

type EquipmentFacts = EventPayloadOf<typeof EquipmentCreated>['equipment'];
type SupplierFacts = EventPayloadOf<typeof SupplierCreated>['supplier'];

/**
 * Answers `catalogue.equipment.get.v1` and `catalogue.suppliers.get.v1` over NATS in the
 * packet format of the catalogue's Nest server ({pattern, data, id} in, {err, response,
 * isDisposed, id} back): what it was given, else the catalogue's NOT_FOUND. It records
 * each request with the session token it carried, so a test sees hires asking as the user.
 */
export class FakeCatalogue {
  readonly requests: { subject: string; id: string; actor: Actor; token: string | undefined }[] = [];
  private readonly equipment = new Map<string, EquipmentFacts>();
  private readonly suppliers = new Map<string, SupplierFacts>();

  constructor(nc: NatsConnection, prefix: string) {
    const serve = (subject: string, answer: (id: string) => unknown, missing: string) =>
      nc.subscribe(prefixed(prefix, subject), {
        callback: (err, msg) => {
          if (err) return;
          const packet = JSON.parse(new TextDecoder().decode(msg.data)) as {
            id: string;
            data: { id: string; actor: Actor };
          };
          this.requests.push({
            subject,
            id: packet.data.id,
            actor: packet.data.actor,
            token: msg.headers?.get(SESSION_TOKEN_HEADER) || undefined,
          });
          const response = answer(packet.data.id);
          msg.respond(
            JSON.stringify(
              response
                ? { id: packet.id, response, isDisposed: true }
                : { id: packet.id, err: { code: 'NOT_FOUND', message: missing }, isDisposed: true },
            ),
          );
        },
      });
    const now = new Date().toISOString();
    serve(
      CatalogueEquipmentGet.name,
      (id) => {
        const item = this.equipment.get(id);
        return (
          item && {
            equipment: {
              ...item,
              description: null,
              unit_of_measure: null,
              power: null,
              is_favorite: false,
              created_at: now,
              updated_at: now,
            },
          }
        );
      },
      'Equipment not found',
    );
    serve(
      CatalogueSupplierGet.name,
      (id) => {
        const supplier = this.suppliers.get(id);
        return (
          supplier && {
            supplier: {
              ...supplier,
              created_by_you: false,
              is_favorite: false,
              has_customer_note: false,
              customer_contact_name: null,
              customer_contact_email: null,
              customer_phone: null,
              preferred_order_method: null,
              availability_check_method: null,
              customer_note: null,
              zahara_supplier_id: null,
              created_at: now,
              updated_at: now,
            },
          }
        );
      },
      'Supplier not found',
    );
  }

  /** An item the catalogue has, whose event hires has not had. */
  addEquipment(overrides: Partial<EquipmentFacts> = {}): EquipmentFacts {
    const item = equipmentFacts(overrides);
    this.equipment.set(item.id, item);
    return item;
  }

  addSupplier(overrides: Partial<SupplierFacts> = {}): SupplierFacts {
    const supplier = supplierFacts(overrides);
    this.suppliers.set(supplier.id, supplier);
    return supplier;
  }
}

/**
 * The hires service in this process (the generic service harness), with the upstream
 * streams it consumes made first under its subject prefix. The test talks to it only
 * through NATS, as the gateway and the other services do.
 */
export async function startHires(
  options: { env?: Record<string, string | undefined> } = {},
): Promise<HiresHarness> {
  const prefix = uniqueName('t');
  // Before the service starts, so its consumers find them at once.
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
  const harness = await startService(serviceUnderTest(hiresService), {
    env: { NATS_SUBJECT_PREFIX: prefix, ...options.env },
  });
  const key = await importPKCS8(harness.env.JWT_PRIVATE_KEY!, 'EdDSA');
  const bus = new NatsTypedClient(harness.nc, harness.prefix, 15_000);
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
  const client: TypedClient = {
    async send(subject, payload, sendOptions) {
      const actor = (payload as { actor?: Actor }).actor;
      if (!actor) return bus.send(subject, payload, sendOptions);
      const token = await tokenFor(actor);
      return runWithSessionToken(token, () => bus.send(subject, payload, sendOptions));
    },
  };
  const js = harness.nc.jetstream();
  const close = harness.close;
  const catalogue = new FakeCatalogue(harness.nc, harness.prefix);
  return {
    ...harness,
    client,
    catalogue,
    sendAs: async (tokenActor, subject, payload) => {
      const token = await tokenFor(tokenActor);
      return runWithSessionToken(token, () => bus.send(subject, payload));
    },
    withKey: (idempotencyKey, call) => runWithIdempotencyKey(idempotencyKey, call),
    async publish(event, payload, publishOptions = {}) {
      const id = publishOptions.id ?? randomUUID();
      const envelope: EventEnvelope = {
        id,
        type: event.name,
        occurredAt: publishOptions.at ?? new Date().toISOString(),
        customerId: null,
        payload,
      };
      await publishSignedEvent(js, prefixed(harness.prefix, event.name), envelope, {
        signer: eventSigner,
        msgID: publishOptions.msgId ?? id,
      });
      return id;
    },
    async close() {
      await close();
      const jsm = await harness.nc.jetstreamManager().catch(() => undefined);
      for (const base of UPSTREAM) await jsm?.streams.delete(streamName(prefix, base)).catch(() => undefined);
    },
  };
}

let counter = 0;

/** A company and one of its users, as identity's token would name them. */
export function newCompany(name = 'Company'): { actor: Actor } {
  counter += 1;
  return {
    actor: {
      userId: randomUUID(),
      customerId: randomUUID(),
      role: 'admin',
      email: `user${counter}@example.test`,
      name: `${name} User`,
    },
  };
}

const equipmentFacts = (overrides: Partial<EquipmentFacts> = {}): EquipmentFacts => ({
  id: randomUUID(),
  name: `Breaker ${++counter}`,
  category: 'Breaking & Drilling',
  image_url: '/files/equipment/breaker.jpg',
  image_card_url: '/files/equipment/breaker-card.jpg',
  is_active: true,
  customer_id: null,
  ...overrides,
});

const supplierFacts = (overrides: Partial<SupplierFacts> = {}): SupplierFacts => ({
  id: randomUUID(),
  name: `Hire Co ${++counter}`,
  contact_email: null,
  contact_phone: null,
  address: null,
  is_active: true,
  created_by: null,
  ...overrides,
});

/** Waits until the read models hold the row (the consumer applied the event). */
export async function waitForRow(
  h: HiresHarness,
  table: typeof equipment | typeof suppliers | typeof users,
  id: string,
  until: (row: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined;
  await waitFor(async () => {
    const rows = await h.app.database.withSystem((tx) => tx.select().from(table).where(eq(table.id, id)));
    found = rows[0] as Record<string, unknown> | undefined;
    return found !== undefined && until(found) ? true : undefined;
  }, 10_000);
  return found!;
}

/** An item in catalogue's read model: published as catalogue publishes it, and applied. */
export async function catalogueItem(
  h: HiresHarness,
  overrides: Partial<EventPayloadOf<typeof EquipmentCreated>['equipment']> = {},
) {
  const item = equipmentFacts(overrides);
  await h.publish(EquipmentCreated, { equipment: item });
  await waitForRow(h, equipment, item.id);
  return item;
}

export async function catalogueSupplier(
  h: HiresHarness,
  overrides: Partial<EventPayloadOf<typeof SupplierCreated>['supplier']> = {},
) {
  const supplier = supplierFacts(overrides);
  await h.publish(SupplierCreated, { supplier });
  await waitForRow(h, suppliers, supplier.id);
  return supplier;
}

export async function identityUser(h: HiresHarness, actor: Actor, picture: string | null = null) {
  const now = new Date().toISOString();
  await h.publish(UserCreated, {
    user: {
      id: actor.userId,
      name: actor.name,
      email: actor.email,
      role: actor.role,
      customer_id: actor.customerId,
      profile_picture_url: picture,
      language_preference: null,
      is_active: true,
      created_at: now,
      updated_at: now,
    },
  });
  await waitForRow(h, users, actor.userId, (row) => row.profilePictureUrl === picture);
}

/** Payloads as the gateway sends them, for one actor. */
export const site = (
  actor: Actor,
  overrides: Partial<RequestOf<typeof HiresSiteCreate>> = {},
): RequestOf<typeof HiresSiteCreate> => ({ actor, ...siteFields(overrides) });

export const hire = (
  actor: Actor,
  setting: Parameters<typeof hireFields>[0],
  overrides: Partial<RequestOf<typeof HiresCreate>> = {},
): RequestOf<typeof HiresCreate> => ({ actor, ...hireFields(setting, overrides) });

export const siteFields = (overrides: Partial<RequestOf<typeof HiresSiteCreate>> = {}) => ({
  name: 'Leeds Depot',
  address_line_1: '1 Wellington Street',
  city: 'Leeds',
  postcode: 'LS1 4DL',
  ...overrides,
});

export async function createSite(
  h: HiresHarness,
  actor: Actor,
  overrides: Partial<RequestOf<typeof HiresSiteCreate>> = {},
): Promise<Site> {
  return (await h.client.send(HiresSiteCreate, site(actor, overrides))).site;
}

/** What a hire needs around it: an item, a supplier and a site of the company. */
export async function hireSetting(h: HiresHarness, actor: Actor) {
  const [item, supplier, site] = await Promise.all([
    catalogueItem(h),
    catalogueSupplier(h),
    createSite(h, actor),
  ]);
  return { item, supplier, site };
}

export function hireFields(
  setting: { item: { id: string }; supplier: { id: string }; site: { id: string } },
  overrides: Partial<RequestOf<typeof HiresCreate>> = {},
) {
  return {
    equipment_id: setting.item.id,
    supplier_id: setting.supplier.id,
    site_id: setting.site.id,
    price: 100,
    pricing_term: 'week' as const,
    hire_start_date: '2026-11-02',
    hire_end_date: '2026-11-10',
    ...overrides,
  };
}

export async function createHire(
  h: HiresHarness,
  actor: Actor,
  setting: Parameters<typeof hireFields>[0],
  overrides: Partial<RequestOf<typeof HiresCreate>> = {},
): Promise<Hire> {
  return (await h.client.send(HiresCreate, hire(actor, setting, overrides))).hire;
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
