import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from 'nats';
import { sql } from 'drizzle-orm';
import {
  CATALOGUE_MESSAGES,
  CatalogueEquipmentCreate,
  CatalogueEquipmentFavoriteAdd,
  CatalogueEquipmentList,
  CatalogueSupplierCreate,
  CatalogueSupplierDetailsSave,
  CatalogueSupplierFavoriteAdd,
  CatalogueSupplierNoteAdd,
  HireCreated,
  type Actor,
} from '@planted/contracts';
import { runWithSessionToken } from '@planted/logging';
import {
  EventSigner,
  NatsTypedClient,
  prefixed,
  publishSignedEvent,
  SESSION_TOKEN_HEADER,
} from '@planted/messaging';
import { testKeys, waitFor } from '@planted/testing';
import {
  equipment,
  equipmentFavorites,
  hirePrices,
  supplierDetails,
  supplierFavorites,
  supplierTimeline,
} from '../src/db/schema';
import { errorOf, newCompany, sessionTokenFor, uniqueWord, useCatalogue } from './support/catalogue-harness';

/** Signs the events this test publishes as another service would (the deployment's secret). */
const eventSigner = EventSigner.fromSetting(testKeys().events);

const h = useCatalogue();
const a = newCompany('Alpha');
const b = newCompany('Beta');
let itemId: string;
let supplierId: string;

const PRIVATE_TABLES = {
  equipment_favorites: equipmentFavorites,
  supplier_favorites: supplierFavorites,
  supplier_details: supplierDetails,
  supplier_timeline: supplierTimeline,
  hire_prices: hirePrices,
} as const;

beforeAll(async () => {
  itemId = (
    await h.client.send(CatalogueEquipmentCreate, {
      actor: a.admin,
      name: `Dumper ${uniqueWord()}`,
      category: 'Lift & Shift',
    })
  ).equipment.id;
  supplierId = (
    await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name: `Yard ${uniqueWord()}` })
  ).supplier.id;
  // A row of A's in every per-company table.
  await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: a.user, id: itemId });
  await h.client.send(CatalogueSupplierFavoriteAdd, { actor: a.user, id: supplierId });
  await h.client.send(CatalogueSupplierDetailsSave, {
    actor: a.user,
    id: supplierId,
    contact_name: 'Private Pat',
  });
  await h.client.send(CatalogueSupplierNoteAdd, { actor: a.user, id: supplierId, note: 'Private note' });
  const eventId = randomUUID();
  const now = new Date().toISOString();
  const hire = {
    id: randomUUID(),
    customer_id: a.customerId,
    equipment_id: itemId,
    supplier_id: supplierId,
    site_id: randomUUID(),
    price: 100,
    pricing_term: 'day',
    price_per_day: 100,
    delivery_charge: 0,
    operator_cost: 0,
    hire_start_date: '2026-01-05',
    hire_end_date: '2026-01-05',
    hire_duration_days: 1,
    net_cost: 100,
    vat_amount: 20,
    total_cost: 120,
    hire_status: 'active',
    created_by: a.user.userId,
    created_at: now,
    updated_at: now,
  };
  await publishSignedEvent(
    h.nc.jetstream(),
    prefixed(h.prefix, HireCreated.name),
    { id: eventId, type: HireCreated.name, occurredAt: now, customerId: a.customerId, payload: { hire } },
    { signer: eventSigner },
  );
  await waitFor(async () => {
    const { rows } = await h.app.database.pool.query(
      'select 1 from catalogue.hire_prices where hire_id = $1',
      [hire.id],
    );
    return rows.length > 0 ? true : undefined;
  });
});

describe('row-level security on every per-company table (design: RLS behind every query)', () => {
  it.each(Object.keys(PRIVATE_TABLES))(
    "%s: A's rows exist (seen across companies by withSystem)",
    async (name) => {
      const table = PRIVATE_TABLES[name as keyof typeof PRIVATE_TABLES];
      const rows = await h.app.database.withSystem((tx) =>
        tx
          .select()
          .from(table)
          .where(sql`customer_id = ${a.customerId}`),
      );
      expect(rows.length).toBeGreaterThan(0);
    },
  );

  it.each(Object.keys(PRIVATE_TABLES))(
    "%s: a query as the service's role with no company set sees no rows at all",
    async (name) => {
      const client = await h.app.database.pool.connect();
      try {
        await client.query('begin');
        await client.query(`set local role "${h.app.config.DB_APP_ROLE}"`);
        const { rows } = await client.query(`select count(*)::int as n from catalogue.${name}`);
        expect(rows[0].n).toBe(0);
      } finally {
        await client.query('rollback');
        client.release();
      }
    },
  );

  it.each(['withTenant', 'readAsTenant'] as const)(
    "a raw query inside %s(B) sees none of A's private rows, even asking for them by company",
    async (scope) => {
      for (const name of Object.keys(PRIVATE_TABLES)) {
        const rows = await h.app.database[scope](b.customerId, async (tx) => {
          const { rows } = await tx.execute(
            sql.raw(`select * from catalogue.${name} where customer_id = '${a.customerId}'`),
          );
          return rows;
        });
        expect([name, rows]).toEqual([name, []]);
      }
    },
  );

  it("B's transaction cannot write a row for A, nor change A's equipment", async () => {
    const write = h.app.database.withTenant(b.customerId, (tx) =>
      tx
        .insert(supplierDetails)
        .values({ customerId: a.customerId, supplierId, contactName: 'Planted by B' }),
    );
    await expect(write).rejects.toThrow();
    const changed = await h.app.database.withTenant(b.customerId, (tx) =>
      tx
        .update(equipment)
        .set({ name: 'Hijacked' })
        .where(sql`id = ${itemId}`)
        .returning(),
    );
    expect(changed).toEqual([]);
    const [row] = await h.app.database.withSystem((tx) =>
      tx
        .select()
        .from(equipment)
        .where(sql`id = ${itemId}`),
    );
    expect(row.name).not.toBe('Hijacked');
  });
});

/** A request as any NATS client could send it, with the session token of `tokenOf`. */
async function rawRequest(subject: string, data: unknown, tokenOf?: Actor): Promise<Record<string, unknown>> {
  const headers = natsHeaders();
  if (tokenOf) headers.set(SESSION_TOKEN_HEADER, await sessionTokenFor(tokenOf));
  const packet = { pattern: subject, data, id: randomUUID() };
  const reply = await h.nc.request(
    prefixed(h.prefix, subject),
    new TextEncoder().encode(JSON.stringify(packet)),
    {
      timeout: 5000,
      headers,
    },
  );
  return JSON.parse(new TextDecoder().decode(reply.data)) as Record<string, unknown>;
}

describe('trust on the bus (the company comes from the verified token, never from the payload)', () => {
  it('refuses a request without a session token', async () => {
    const reply = await rawRequest(CatalogueEquipmentList.name, { actor: a.admin });
    expect(reply.err).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("refuses B's token speaking for A", async () => {
    const bus = new NatsTypedClient(h.nc, h.prefix, 5000);
    const error = await errorOf(
      runWithSessionToken(await sessionTokenFor(b.admin), () =>
        bus.send(CatalogueEquipmentList, { actor: a.admin }),
      ),
    );
    expect(error.code).toBe('FORBIDDEN');
  });

  it("takes the role from the token: a user claiming 'admin' in the payload still cannot add equipment", async () => {
    const claimed = { ...a.user, role: 'admin' as const };
    const reply = await rawRequest(
      CatalogueEquipmentCreate.name,
      { actor: claimed, name: 'Sneaky', category: 'Heating' },
      a.user,
    );
    expect(reply.err).toMatchObject({
      code: 'FORBIDDEN',
      message: CATALOGUE_MESSAGES.ONLY_ADMINS_ADD_EQUIPMENT,
    });
  });
});

describe('validation on the server (spec §5), with its messages', () => {
  it('refuses a bad item with the field messages', async () => {
    const reply = await rawRequest(
      CatalogueEquipmentCreate.name,
      {
        actor: a.admin,
        name: '  ',
        category: 'Spaceships',
        power: 'Nuclear',
        unit_of_measure: 'x'.repeat(51),
      },
      a.admin,
    );
    expect(reply.err).toMatchObject({ code: 'VALIDATION_FAILED' });
    const details = (reply.err as { details: { param: string; msg: string }[] }).details;
    expect(details).toEqual(
      expect.arrayContaining([
        { param: 'name', msg: 'Equipment name is required' },
        { param: 'category', msg: 'Please select a valid category' },
        { param: 'power', msg: 'Please select a valid power type' },
        { param: 'unit_of_measure', msg: 'Unit of measure must be 50 characters or less' },
      ]),
    );
  });

  it('refuses a bad supplier and a bad page', async () => {
    const supplier = await rawRequest(
      CatalogueSupplierCreate.name,
      { actor: a.admin, name: 'x'.repeat(256), contact_email: 'not-an-email', contact_phone: '0'.repeat(51) },
      a.admin,
    );
    expect((supplier.err as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { param: 'name', msg: 'Supplier name must be 255 characters or less' },
        { param: 'contact_email', msg: CATALOGUE_MESSAGES.CONTACT_EMAIL_INVALID },
        { param: 'contact_phone', msg: 'Office phone must be 50 characters or less' },
      ]),
    );
    const page = await rawRequest(
      CatalogueEquipmentList.name,
      { actor: a.admin, page: 0, limit: 1001 },
      a.admin,
    );
    expect((page.err as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { param: 'page', msg: CATALOGUE_MESSAGES.PAGE_INVALID },
        { param: 'limit', msg: CATALOGUE_MESSAGES.LIMIT_INVALID },
      ]),
    );
  });

  it('answers NOT_FOUND wording for an id that is not one', async () => {
    const reply = await rawRequest('catalogue.equipment.get.v1', { actor: a.admin, id: 'nope' }, a.admin);
    expect(reply.err).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: CATALOGUE_MESSAGES.EQUIPMENT_NOT_FOUND,
    });
  });
});

describe('health', () => {
  it('answers /healthz, /readyz and /metrics on its own port', async () => {
    expect(await h.get('/healthz')).toMatchObject({ status: 200 });
    expect(await h.get('/readyz')).toMatchObject({ status: 200 });
    const metrics = await h.get('/metrics');
    expect(metrics.body).toMatch(/nats_requests_total\{subject="catalogue\.equipment\.create\.v1"/);
  });
});
