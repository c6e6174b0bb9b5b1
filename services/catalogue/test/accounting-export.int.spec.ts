import { randomUUID } from 'node:crypto';
import {
  CatalogueSupplierCreate,
  CatalogueSupplierDetailsSave,
  CatalogueSupplierGet,
  CatalogueSuppliersList,
  CatalogueSupplierTimeline,
  SupplierExported,
  SupplierMatched,
  SupplierUnmatched,
  type Actor,
  type EventPayloadOf,
  type EventSubject,
} from '@planted/contracts';
import { EventSigner, prefixed, publishSignedEvent } from '@planted/messaging';
import { testKeys, waitFor } from '@planted/testing';
import { TIMELINE_TITLES } from '../src/suppliers/suppliers.service';
import { newCompany, uniqueWord, useCatalogue } from './support/catalogue-harness';

/** Signs the events this test publishes as another service would (the deployment's secret). */
const eventSigner = EventSigner.fromSetting(testKeys().events);

// The accounting connector's accounting.supplier.exported: the exporting company's timeline of
// the supplier gets an 'exported' event; accounting.supplier.matched: the company's cards mark
// the supplier as matched. The test publishes them to the ACCOUNTING stream as the connector's
// outbox relay does.

const h = useCatalogue();
const a = newCompany('Exporter');
const b = newCompany('Bystander');

/** Publishes as the connector's relay does (its id as Nats-Msg-Id); answers the event id. */
async function publish<E extends EventSubject>(
  event: E,
  payload: EventPayloadOf<E> & { customer_id: string },
  id: string = randomUUID(),
) {
  const envelope = {
    id,
    type: event.name,
    occurredAt: new Date().toISOString(),
    customerId: payload.customer_id,
    payload,
  };
  await publishSignedEvent(h.nc.jetstream(), prefixed(h.prefix, event.name), envelope, {
    signer: eventSigner,
    msgID: id,
  });
  return id;
}

const publishExported = (payload: EventPayloadOf<typeof SupplierExported>, id?: string) =>
  publish(SupplierExported, payload, id);

/** Waits until the consumer has applied the event (processed_events has it). */
async function applied(eventId: string) {
  await waitFor(async () => {
    const { rows } = await h.app.database.pool.query(
      'select 1 from catalogue.processed_events where consumer = $1 and event_id = $2',
      ['catalogue-accounting', eventId],
    );
    return rows.length > 0 ? true : undefined;
  });
}

const exported = (actor: Actor, supplierId: string, name: string) => ({
  customer_id: actor.customerId,
  supplier_id: supplierId,
  supplier_name: name,
  zahara_supplier_id: 4321,
  user_id: actor.userId,
  user_name: actor.name,
});

const timeline = async (actor: Actor, id: string) =>
  (await h.client.send(CatalogueSupplierTimeline, { actor, id })).events;

describe("accounting.supplier.exported (spec §2 Suppliers Export: the supplier's timeline)", () => {
  it("adds an 'exported' event to the exporting company's timeline, by who exported it", async () => {
    const name = `Export Hire ${uniqueWord()}`;
    const { supplier } = await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name });

    const id = await publishExported(exported(a.user, supplier.id, name));
    await applied(id);

    const events = await timeline(a.admin, supplier.id);
    expect(events.map((e) => [e.type, e.title, e.author])).toEqual([
      ['exported', TIMELINE_TITLES.exported, a.user.name],
      ['created', TIMELINE_TITLES.created, a.admin.name],
    ]);
    // Private to the company that exported it.
    expect((await timeline(b.admin, supplier.id)).map((e) => e.type)).toEqual([]);
  });

  it('adds it once when the event is delivered again', async () => {
    const name = `Twice Hire ${uniqueWord()}`;
    const { supplier } = await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name });
    const payload = exported(a.admin, supplier.id, name);
    const id = await publishExported(payload);
    await applied(id);
    // The same event again (a relay that published twice past JetStream's duplicate window).
    await publishExported(payload, id);
    const marker = await publishExported(exported(a.admin, supplier.id, name));
    await applied(marker);

    const types = (await timeline(a.admin, supplier.id)).map((e) => e.type);
    expect(types).toEqual(['exported', 'exported', 'created']);
  });

  it('skips a supplier the catalogue does not have, and goes on with the next event', async () => {
    const skipped = await publishExported(exported(a.admin, randomUUID(), 'Nobody'));
    await applied(skipped);
    const name = `After Hire ${uniqueWord()}`;
    const { supplier } = await h.client.send(CatalogueSupplierCreate, { actor: b.admin, name });
    const next = await publishExported(exported(b.admin, supplier.id, name));
    await applied(next);
    expect((await timeline(b.admin, supplier.id)).map((e) => e.type)).toEqual(['exported', 'created']);
  });
});

describe('accounting.supplier.matched (spec §2 Suppliers: the card marks a supplier matched with the integration)', () => {
  const get = async (actor: Actor, id: string) =>
    (await h.client.send(CatalogueSupplierGet, { actor, id })).supplier;

  it("sets the matching company's zahara_supplier_id (list and card), keeps its details, and shows other companies nothing", async () => {
    const name = `Matched Hire ${uniqueWord()}`;
    const { supplier } = await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name });
    await h.client.send(CatalogueSupplierDetailsSave, {
      actor: a.user,
      id: supplier.id,
      contact_name: 'Pat Depot',
      contact_email: undefined,
      phone: undefined,
      preferred_order_method: undefined,
      availability_check_method: undefined,
    });
    // Read once before, so a cached page of the list would have to notice the change.
    await h.client.send(CatalogueSuppliersList, { actor: a.user, page: 1, limit: 12, search: name });

    const id = await publish(SupplierMatched, {
      customer_id: a.admin.customerId,
      supplier_id: supplier.id,
      zahara_supplier_id: 1000042,
    });
    await applied(id);

    expect(await get(a.user, supplier.id)).toMatchObject({
      zahara_supplier_id: '1000042',
      customer_contact_name: 'Pat Depot',
    });
    const listed = await h.client.send(CatalogueSuppliersList, {
      actor: a.user,
      page: 1,
      limit: 12,
      search: name,
    });
    expect(listed.suppliers.map((s) => [s.id, s.zahara_supplier_id])).toEqual([[supplier.id, '1000042']]);
    expect((await get(b.admin, supplier.id)).zahara_supplier_id).toBeNull();

    // Matched again with another Zahara supplier: the newer match shows.
    const again = await publish(SupplierMatched, {
      customer_id: a.admin.customerId,
      supplier_id: supplier.id,
      zahara_supplier_id: 1000043,
    });
    await applied(again);
    expect((await get(a.admin, supplier.id)).zahara_supplier_id).toBe('1000043');
    // Saving the company's details afterwards keeps the marker.
    await h.client.send(CatalogueSupplierDetailsSave, {
      actor: a.user,
      id: supplier.id,
      contact_name: 'Sam Depot',
      contact_email: undefined,
      phone: undefined,
      preferred_order_method: undefined,
      availability_check_method: undefined,
    });
    expect(await get(a.user, supplier.id)).toMatchObject({
      zahara_supplier_id: '1000043',
      customer_contact_name: 'Sam Depot',
    });

    // The match removed: no marker, in the list too; the company's own details stay.
    const removed = await publish(SupplierUnmatched, {
      customer_id: a.admin.customerId,
      supplier_id: supplier.id,
    });
    await applied(removed);
    expect(await get(a.user, supplier.id)).toMatchObject({
      zahara_supplier_id: null,
      customer_contact_name: 'Sam Depot',
    });
    const after = await h.client.send(CatalogueSuppliersList, {
      actor: a.user,
      page: 1,
      limit: 12,
      search: name,
    });
    expect(after.suppliers.map((s) => [s.id, s.zahara_supplier_id])).toEqual([[supplier.id, null]]);
  });

  it('skips a supplier the catalogue does not have', async () => {
    const skipped = await publish(SupplierMatched, {
      customer_id: a.admin.customerId,
      supplier_id: randomUUID(),
      zahara_supplier_id: 7,
    });
    await applied(skipped);
  });
});
