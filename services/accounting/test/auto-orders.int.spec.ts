import { eq } from 'drizzle-orm';
import {
  AccountingPurchaseOrderCreate,
  AccountingSettingsPut,
  AccountingSupplierMatchCreate,
  HireCreated,
} from '@planted/contracts';
import { waitFor } from '@planted/testing';
import { outbox, purchaseOrders } from '../src/db/schema';
import {
  catalogueItem,
  catalogueSupplier,
  createdHire,
  hireEvent,
  newCompany,
  settingsFor,
  startAccounting,
  type AccountingHarness,
} from './support/accounting-harness';

let t: AccountingHarness;

beforeAll(async () => {
  t = await startAccounting();
});

afterAll(async () => {
  await t?.close();
});

/** A company with auto-create on and its supplier matched. */
async function autoCompany(name: string, auto = true) {
  const company = newCompany(name);
  await t.client.send(AccountingSettingsPut, settingsFor(t, company, { auto_create_purchase_orders: auto }));
  const supplier = await catalogueSupplier(t);
  const theirs = t.zahara.tenant(company.key)!.suppliers[0];
  await t.client.send(AccountingSupplierMatchCreate, {
    actor: company.actor,
    supplier_id: supplier.id,
    zahara_supplier_id: theirs.SupplierId,
  });
  const item = await catalogueItem(t);
  return { ...company, supplier, item, setting: { supplierId: supplier.id, equipmentId: item.id } };
}

const ordersFor = (key: string) => t.zahara.tenant(key)!.purchaseOrders.filter((o) => o.ExternalId);

const createdEvents = (customerId: string) =>
  t.h.app.database
    .withSystem((tx) => tx.select().from(outbox).where(eq(outbox.customerId, customerId)).orderBy(outbox.seq))
    .then((rows) =>
      rows
        .filter((r) => r.subject === 'accounting.purchase_order.created.v1')
        .map((r) => r.payload as { hire_ids: string[]; zahara_po_number: string }),
    );

describe('purchase orders from hire.created (issue 12: auto-create)', () => {
  it("creates the hire's order when the company's auto-create is on, and only then", async () => {
    const on = await autoCompany('Auto on');
    const off = await autoCompany('Auto off', false);
    const hire = await createdHire(t, hireEvent(on.actor, on.setting));
    const manual = await createdHire(t, hireEvent(off.actor, off.setting));
    await waitFor(() => (ordersFor(on.key).some((o) => o.ExternalId === hire.id) ? true : undefined), 15_000);
    const events = await waitFor(async () => {
      const e = await createdEvents(on.actor.customerId);
      return e.length ? e : undefined;
    });
    expect(events[0].hire_ids).toEqual([hire.id]);
    // Asking for it afterwards answers the same order.
    const asked = await t.client.send(AccountingPurchaseOrderCreate, { actor: on.actor, hireId: hire.id });
    expect(asked.zaharaPoNumber).toBe(events[0].zahara_po_number);
    await new Promise((r) => setTimeout(r, 500));
    expect(ordersFor(off.key).filter((o) => o.ExternalId === manual.id)).toEqual([]);
  });

  it('creates every order exactly once after the connector was down while hires were created, through redeliveries and failures', async () => {
    const c = await autoCompany('Outage');
    await t.stop();
    // Hires created while the connector is down: their events wait in the HIRES stream.
    const hires = Array.from({ length: 6 }, () => hireEvent(c.actor, c.setting));
    for (const hire of hires) await t.publish(HireCreated, { hire });
    // The same hires announced again under new event ids (a producer that re-sent them).
    for (const hire of hires.slice(0, 3)) await t.publish(HireCreated, { hire });
    // And Zahara misbehaving when the connector comes back.
    t.zahara.fail.serverErrors({ times: 3, key: c.key });
    t.zahara.fail.dropAfterCreate({ times: 2, key: c.key });
    await t.start();

    await waitFor(
      () => (hires.every((h) => ordersFor(c.key).some((o) => o.ExternalId === h.id)) ? true : undefined),
      30_000,
    );
    const events = await waitFor(async () => {
      const e = await createdEvents(c.actor.customerId);
      return e.length >= hires.length ? e : undefined;
    }, 15_000);
    // Let any straggling run or redelivery finish: nothing more may appear.
    await new Promise((r) => setTimeout(r, 1_000));
    for (const hire of hires) {
      expect(ordersFor(c.key).filter((o) => o.ExternalId === hire.id)).toHaveLength(1);
    }
    expect(ordersFor(c.key)).toHaveLength(hires.length);
    expect(events.map((e) => e.hire_ids[0]).sort()).toEqual(hires.map((h) => h.id).sort());
    expect(
      t.zahara.calls({ key: c.key, path: 'PurchaseOrder/Add' }).filter((x) => x.outcome === 'dropped'),
    ).toHaveLength(2);
    const rows = await t.h.app.database.withSystem((tx) =>
      tx.select().from(purchaseOrders).where(eq(purchaseOrders.customerId, c.actor.customerId)),
    );
    expect(rows.map((r) => r.status)).toEqual(hires.map(() => 'created'));
  });
});
