import { randomUUID } from 'node:crypto';
import {
  CatalogueEquipmentCreate,
  CatalogueEquipmentPricing,
  CatalogueSupplierCreate,
  HireCreated,
  HireDeleted,
  HireUpdated,
  type EventSubject,
  type HireEvent,
} from '@planted/contracts';
import { EventSigner, prefixed, publishSignedEvent } from '@planted/messaging';
import { testKeys, waitFor } from '@planted/testing';
import { newCompany, useCatalogue } from './support/catalogue-harness';

/** Signs the events this test publishes as another service would (the deployment's secret). */
const eventSigner = EventSigner.fromSetting(testKeys().events);

// Spec §3 Pricing entry, §7 GET /equipment/pricing: the latest price a company paid per item,
// kept from the hires service's events. The hires service does not exist yet: this test
// publishes its events to the HIRES stream as its outbox relay will.

const h = useCatalogue();
const a = newCompany('Alpha');
const b = newCompany('Beta');
let equipmentId: string;
let otherEquipmentId: string;
let supplier: { id: string; name: string };
let otherSupplier: { id: string; name: string };

beforeAll(async () => {
  const add = async (name: string) =>
    (await h.client.send(CatalogueEquipmentCreate, { actor: a.admin, name, category: 'Access Equipment' }))
      .equipment.id;
  equipmentId = await add(`Scissor lift ${randomUUID()}`);
  otherEquipmentId = await add(`Cherry picker ${randomUUID()}`);
  supplier = (await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name: 'Lift Hire Ltd' }))
    .supplier;
  otherSupplier = (await h.client.send(CatalogueSupplierCreate, { actor: b.admin, name: 'Access Direct' }))
    .supplier;
});

function hire(overrides: Partial<HireEvent> = {}): HireEvent {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    customer_id: a.customerId,
    equipment_id: equipmentId,
    supplier_id: supplier.id,
    site_id: randomUUID(),
    price: 350,
    pricing_term: 'week',
    price_per_day: 50,
    delivery_charge: 0,
    operator_cost: 0,
    hire_start_date: '2026-03-02',
    hire_end_date: '2026-03-08',
    hire_duration_days: 7,
    net_cost: 350,
    vat_amount: 70,
    total_cost: 420,
    hire_status: 'active',
    created_by: a.admin.userId,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** Publishes an event as the hires service's outbox relay does (its id as Nats-Msg-Id); answers the event id. */
async function publish<E extends EventSubject>(
  event: E,
  payload: unknown,
  customerId: string,
  id = randomUUID(),
) {
  const envelope = { id, type: event.name, occurredAt: new Date().toISOString(), customerId, payload };
  await publishSignedEvent(h.nc.jetstream(), prefixed(h.prefix, event.name), envelope, {
    signer: eventSigner,
    msgID: id,
  });
  return id;
}

const pricing = (actor = a.user) => h.client.send(CatalogueEquipmentPricing, { actor });

/** Waits until the consumer has applied the event (processed_events has it). */
async function applied(eventId: string) {
  await waitFor(async () => {
    const { rows } = await h.app.database.pool.query(
      'select 1 from catalogue.processed_events where consumer = $1 and event_id = $2',
      ['catalogue-hire-prices', eventId],
    );
    return rows.length > 0 ? true : undefined;
  });
}

describe('the latest price per item (consumer of HireCreated, HireUpdated, HireDeleted)', () => {
  it('answers nothing before any hire', async () => {
    expect(await pricing()).toEqual({});
  });

  it('keeps a created hire, keyed by equipment id, with the supplier name', async () => {
    const first = hire();
    await applied(await publish(HireCreated, { hire: first }, a.customerId));
    expect(await pricing()).toEqual({
      [equipmentId]: {
        price_per_day: 50,
        supplier_id: supplier.id,
        supplier_name: 'Lift Hire Ltd',
        hire_start_date: '2026-03-02',
      },
    });
  });

  it('chooses the hire starting last (DISTINCT ON), per item', async () => {
    const later = hire({ hire_start_date: '2026-04-01', price_per_day: 62.5, supplier_id: otherSupplier.id });
    const earlier = hire({ hire_start_date: '2026-01-15', price_per_day: 40 });
    const other = hire({
      equipment_id: otherEquipmentId,
      price_per_day: 99.99,
      hire_start_date: '2026-02-01',
    });
    for (const one of [later, earlier, other])
      await applied(await publish(HireCreated, { hire: one }, a.customerId));
    const prices = await pricing();
    expect(prices[equipmentId]).toEqual({
      price_per_day: 62.5,
      supplier_id: otherSupplier.id,
      supplier_name: 'Access Direct',
      hire_start_date: '2026-04-01',
    });
    expect(prices[otherEquipmentId]).toMatchObject({ price_per_day: 99.99, hire_start_date: '2026-02-01' });
  });

  it('leaves out the hire being edited when asked: it is compared with the price before it', async () => {
    const prices = await pricing();
    const latest = prices[equipmentId]!;
    expect(latest.hire_start_date).toBe('2026-04-01');
    // The latest is the hire starting 2026-04-01; without it, the one before (2026-03-02).
    const { rows } = await h.app.database.pool.query<{ hire_id: string }>(
      `select hire_id from catalogue.hire_prices where equipment_id = $1 and hire_start_date = '2026-04-01'`,
      [equipmentId],
    );
    const without = await h.client.send(CatalogueEquipmentPricing, {
      actor: a.user,
      exclude_hire_id: rows[0]!.hire_id,
    });
    expect(without[equipmentId]).toMatchObject({ price_per_day: 50, hire_start_date: '2026-03-02' });
    expect(without[otherEquipmentId]).toEqual(prices[otherEquipmentId]);
  });

  it('follows an updated hire, ignores an older update arriving late, and forgets a deleted one', async () => {
    const created = hire({ hire_start_date: '2026-05-01', price_per_day: 70 });
    await applied(await publish(HireCreated, { hire: created }, a.customerId));
    expect((await pricing())[equipmentId].price_per_day).toBe(70);

    const newer = { ...created, price_per_day: 75, updated_at: new Date(Date.now() + 60_000).toISOString() };
    await applied(await publish(HireUpdated, { hire: newer }, a.customerId));
    expect((await pricing())[equipmentId].price_per_day).toBe(75);

    const stale = { ...created, price_per_day: 1, updated_at: new Date(Date.now() - 60_000).toISOString() };
    await applied(await publish(HireUpdated, { hire: stale }, a.customerId));
    expect((await pricing())[equipmentId].price_per_day).toBe(75);

    await applied(
      await publish(HireDeleted, { hire_id: created.id, customer_id: a.customerId }, a.customerId),
    );
    // Back to the hire starting last among those left.
    expect((await pricing())[equipmentId]).toMatchObject({
      price_per_day: 62.5,
      hire_start_date: '2026-04-01',
    });
    const late = { ...created, price_per_day: 80, updated_at: new Date(Date.now() + 120_000).toISOString() };
    await applied(await publish(HireUpdated, { hire: late }, a.customerId));
    expect((await pricing())[equipmentId].price_per_day).toBe(62.5);
  });

  it('applies an event delivered twice once (processed_events), even under another message id', async () => {
    const eventId = randomUUID();
    const twice = hire({ equipment_id: otherEquipmentId, hire_start_date: '2026-06-01', price_per_day: 10 });
    await applied(await publish(HireCreated, { hire: twice }, a.customerId, eventId));
    // The same event id again (a redelivery that escaped the stream's duplicate window), with other content.
    await publishSignedEvent(
      h.nc.jetstream(),
      prefixed(h.prefix, HireUpdated.name),
      {
        id: eventId,
        type: HireUpdated.name,
        occurredAt: new Date().toISOString(),
        customerId: a.customerId,
        payload: {
          hire: { ...twice, price_per_day: 11, updated_at: new Date(Date.now() + 1000).toISOString() },
        },
      },
      { signer: eventSigner, msgID: randomUUID() },
    );
    // A later event proves the consumer moved past the duplicate.
    const marker = hire({ equipment_id: randomUUID() });
    await applied(await publish(HireCreated, { hire: marker }, a.customerId));
    expect((await pricing())[otherEquipmentId].price_per_day).toBe(10);
  });

  it("is private to the company: B sees none of A's prices, and its own only", async () => {
    expect(await pricing(b.admin)).toEqual({});
    const bHire = hire({ customer_id: b.customerId, supplier_id: otherSupplier.id, price_per_day: 33 });
    await applied(await publish(HireCreated, { hire: bHire }, b.customerId));
    expect(await pricing(b.viewer)).toEqual({
      [equipmentId]: {
        price_per_day: 33,
        supplier_id: otherSupplier.id,
        supplier_name: 'Access Direct',
        hire_start_date: '2026-03-02',
      },
    });
    expect((await pricing(a.viewer))[equipmentId].price_per_day).toBe(62.5);
    // A HireDeleted naming another company than the hire's changes nothing.
    await applied(await publish(HireDeleted, { hire_id: bHire.id, customer_id: a.customerId }, a.customerId));
    expect((await pricing(b.viewer))[equipmentId].price_per_day).toBe(33);
  });
});
