import { randomUUID } from 'node:crypto';
import {
  AccountingSettingsChanged,
  HireUpdated,
  HiresCreate,
  HiresGet,
  PurchaseOrderCreated,
  PurchaseOrderFailed,
  PurchaseOrderUpdated,
  type Actor,
  type Hire,
} from '@planted/contracts';
import { waitFor } from '@planted/testing';
import { outbox } from '../src/db/schema';
import {
  createHire,
  hire,
  hireSetting,
  newCompany,
  startHires,
  type HiresHarness,
} from './support/hires-harness';

let h: HiresHarness;

beforeAll(async () => {
  h = await startHires();
});

afterAll(async () => {
  await h?.close();
});

const settings = (actor: Actor, isActive: boolean, at?: string, autoCreate = false) =>
  h.publish(
    AccountingSettingsChanged,
    { customer_id: actor.customerId, is_active: isActive, auto_create_purchase_orders: autoCreate },
    { at },
  );

/** Creates hires until the answer offers (or stops offering) a purchase order: the event was applied. */
async function offerBecomes(
  actor: Actor,
  setting: Awaited<ReturnType<typeof hireSetting>>,
  expected: boolean,
) {
  return waitFor(async () => {
    // Completed hires: as many as it takes, and none counts against the plan's active hires.
    const answer = await h.client.send(HiresCreate, hire(actor, setting, { hire_status: 'completed' }));
    return answer.purchase_order_available === expected ? answer : undefined;
  }, 10_000);
}

const getHire = async (actor: Actor, id: string) => (await h.client.send(HiresGet, { actor, id })).hire;

async function hireUntil(actor: Actor, id: string, until: (hire: Hire) => boolean): Promise<Hire> {
  return waitFor(async () => {
    const found = await getHire(actor, id);
    return until(found) ? found : undefined;
  }, 10_000);
}

describe('the purchase-order prompt follows accounting.settings.changed', () => {
  it('offers a purchase order only while the company integration is active', async () => {
    const a = newCompany('Prompt');
    const other = newCompany('No integration');
    const setting = await hireSetting(h, a.actor);
    const otherSetting = await hireSetting(h, other.actor);

    expect((await h.client.send(HiresCreate, hire(a.actor, setting))).purchase_order_available).toBe(false);

    await settings(a.actor, true);
    await offerBecomes(a.actor, setting, true);
    // Another company's integration is not this one's.
    expect((await h.client.send(HiresCreate, hire(other.actor, otherSetting))).purchase_order_available).toBe(
      false,
    );

    await settings(a.actor, false);
    await offerBecomes(a.actor, setting, false);
  });

  it('offers none while every new hire gets its purchase order automatically', async () => {
    const a = newCompany('Automatic');
    const setting = await hireSetting(h, a.actor);
    await settings(a.actor, true);
    await offerBecomes(a.actor, setting, true);
    await settings(a.actor, true, undefined, true);
    await offerBecomes(a.actor, setting, false);
  });

  it('keeps the newer settings when an older event arrives late', async () => {
    const a = newCompany('Late settings');
    const setting = await hireSetting(h, a.actor);
    await settings(a.actor, true, '2026-06-02T10:00:00.000Z');
    await offerBecomes(a.actor, setting, true);
    await settings(a.actor, false, '2026-06-01T10:00:00.000Z');
    // A later marker event shows the late one has been applied (one stream, in order).
    const marker = newCompany('Marker');
    const markerSetting = await hireSetting(h, marker.actor);
    await settings(marker.actor, true);
    await offerBecomes(marker.actor, markerSetting, true);
    expect((await h.client.send(HiresCreate, hire(a.actor, setting))).purchase_order_available).toBe(true);
  });
});

describe('purchase orders from the accounting connector', () => {
  it('writes the PO number and document onto each hire of the order and tells the others', async () => {
    const a = newCompany('Ordered');
    const setting = await hireSetting(h, a.actor);
    const first = await createHire(h, a.actor, setting);
    const second = await createHire(h, a.actor, setting);
    const untouched = await createHire(h, a.actor, setting);

    await h.publish(PurchaseOrderCreated, {
      customer_id: a.actor.customerId,
      hire_ids: [first.id, second.id],
      zahara_document_id: '9001',
      zahara_po_number: 'PO-000123',
      external_id: randomUUID(),
    });

    for (const id of [first.id, second.id]) {
      const found = await hireUntil(a.actor, id, (x) => x.zahara_po_number !== null);
      expect(found).toMatchObject({
        zahara_po_number: 'PO-000123',
        zahara_document_id: '9001',
        purchase_order_error: null,
      });
    }
    expect(await getHire(a.actor, untouched.id)).toMatchObject({
      zahara_po_number: null,
      zahara_document_id: null,
    });

    // A hire.updated per hire of the order, published by the outbox relay.
    const updates = await waitFor(async () => {
      const rows = await h.app.database.withSystem((tx) => tx.select().from(outbox));
      const mine = rows.filter(
        (r) =>
          r.subject === HireUpdated.name &&
          [first.id, second.id].includes((r.payload as { hire: { id: string } }).hire.id),
      );
      return mine.length === 2 && mine.every((r) => r.publishedAt !== null) ? mine : undefined;
    }, 10_000);
    expect(updates.map((r) => (r.payload as { hire: { id: string } }).hire.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
  });

  it("never writes onto another company's hire", async () => {
    const a = newCompany('Owner');
    const b = newCompany('Intruder');
    const setting = await hireSetting(h, a.actor);
    const theirs = await createHire(h, a.actor, setting);
    const mine = await createHire(h, b.actor, await hireSetting(h, b.actor));

    await h.publish(PurchaseOrderCreated, {
      customer_id: b.actor.customerId,
      hire_ids: [theirs.id, mine.id],
      zahara_document_id: '77',
      zahara_po_number: 'PO-B',
      external_id: randomUUID(),
    });
    await hireUntil(b.actor, mine.id, (x) => x.zahara_po_number === 'PO-B');
    expect(await getHire(a.actor, theirs.id)).toMatchObject({ zahara_po_number: null });
  });

  it('shows an edit that did not reach the order in Zahara until one does, the latest outcome winning', async () => {
    const a = newCompany('Updating');
    const setting = await hireSetting(h, a.actor);
    const [one, two, marker] = [
      await createHire(h, a.actor, setting),
      await createHire(h, a.actor, setting),
      await createHire(h, a.actor, setting),
    ];
    const refused = 'Zahara refused the request: Purchase order PO-00009 is completed and cannot be changed.';
    const ended = (hireIds: string[], error: string | null, at: string) =>
      h.publish(
        PurchaseOrderUpdated,
        {
          customer_id: a.actor.customerId,
          hire_ids: hireIds,
          zahara_po_number: 'PO-00009',
          error,
          will_retry: false,
        },
        { at },
      );
    await ended([one.id, two.id], refused, '2026-11-27T10:00:00.000Z');
    const failed = await hireUntil(a.actor, two.id, (x) => x.purchase_order_update_error !== null);
    expect(failed.purchase_order_update_error).toBe(refused);
    // An older outcome arriving late changes nothing (the marker, later on the same stream, shows it was applied).
    await ended([one.id, two.id], null, '2026-11-27T09:00:00.000Z');
    await ended([marker.id], 'Marker', '2026-11-27T09:30:00.000Z');
    await hireUntil(a.actor, marker.id, (x) => x.purchase_order_update_error === 'Marker');
    expect(await getHire(a.actor, one.id)).toMatchObject({ purchase_order_update_error: refused });
    // A newer success clears it on both.
    await ended([one.id, two.id], null, '2026-11-27T11:00:00.000Z');
    await hireUntil(a.actor, one.id, (x) => x.purchase_order_update_error === null);
    expect(await getHire(a.actor, two.id)).toMatchObject({ purchase_order_update_error: null });
  });

  it('shows a failure on the hire until the purchase order is created', async () => {
    const a = newCompany('Failing');
    const setting = await hireSetting(h, a.actor);
    const created = await createHire(h, a.actor, setting);

    await h.publish(PurchaseOrderFailed, {
      customer_id: a.actor.customerId,
      hire_ids: [created.id],
      error: 'Zahara is unavailable',
      attempts: 3,
      will_retry: true,
    });
    const failed = await hireUntil(a.actor, created.id, (x) => x.purchase_order_error !== null);
    expect(failed).toMatchObject({ purchase_order_error: 'Zahara is unavailable', zahara_po_number: null });
    expect(failed.purchase_order_failed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await h.publish(PurchaseOrderCreated, {
      customer_id: a.actor.customerId,
      hire_ids: [created.id],
      zahara_document_id: '555',
      zahara_po_number: 'PO-555',
      external_id: created.id,
    });
    const ordered = await hireUntil(a.actor, created.id, (x) => x.zahara_po_number === 'PO-555');
    expect(ordered).toMatchObject({ purchase_order_error: null, purchase_order_failed_at: null });

    // A failure arriving after the order (a redelivery, a late retry) leaves the order alone.
    await h.publish(PurchaseOrderFailed, {
      customer_id: a.actor.customerId,
      hire_ids: [created.id],
      error: 'Late failure',
      attempts: 4,
      will_retry: false,
    });
    // A later event on the same stream, once applied, shows the late failure was applied too.
    const marker = await createHire(h, a.actor, setting);
    await h.publish(PurchaseOrderFailed, {
      customer_id: a.actor.customerId,
      hire_ids: [marker.id],
      error: 'Marker',
      attempts: 1,
      will_retry: false,
    });
    await hireUntil(a.actor, marker.id, (x) => x.purchase_order_error === 'Marker');
    expect(await getHire(a.actor, created.id)).toMatchObject({
      zahara_po_number: 'PO-555',
      purchase_order_error: null,
    });
  });
});
