import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNTING_MESSAGES as M,
  AccountingPurchaseOrderCreate,
  AccountingPurchaseOrderCreateBulk,
  AccountingSettingsPut,
  AccountingSupplierMatchCreate,
  HireDeleted,
  HireUpdated,
  HIRES_MESSAGES,
  purchaseOrderCompletedMessage,
  type HireEvent,
  SiteCreated,
} from '@planted/contracts';
import { waitFor } from '@planted/testing';
import { outbox, purchaseOrders } from '../src/db/schema';
import {
  catalogueItem,
  catalogueSupplier,
  createdHire,
  errorOf,
  hireEvent,
  newCompany,
  seedOf,
  settingsFor,
  startAccounting,
  userOf,
  type AccountingHarness,
} from './support/accounting-harness';

let t: AccountingHarness;

beforeAll(async () => {
  t = await startAccounting();
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  t.zahara.fail.clear();
});

/** A configured company with a directory supplier matched to Zahara's Northern Plant Hire, and an item. */
async function setting(name: string, h: AccountingHarness = t) {
  const company = newCompany(name);
  await h.client.send(AccountingSettingsPut, settingsFor(h, company));
  const supplier = await catalogueSupplier(h);
  const theirs = h.zahara.tenant(company.key)!.suppliers.find((s) => s.ReferenceNumber === 'NOR001')!;
  await h.client.send(AccountingSupplierMatchCreate, {
    actor: company.actor,
    supplier_id: supplier.id,
    zahara_supplier_id: theirs.SupplierId,
  });
  const item = await catalogueItem(h, '8t tracked excavator');
  const hire = (overrides = {}) =>
    createdHire(h, hireEvent(company.actor, { supplierId: supplier.id, equipmentId: item.id }, overrides));
  return { ...company, supplier, theirs, item, hire };
}

/** The orders Zahara holds for an ExternalId. */
const ordersIn = (key: string, externalId: string) =>
  t.zahara.tenant(key)!.purchaseOrders.filter((o) => o.ExternalId === externalId);

const eventsOf = (customerId: string, subject: string) =>
  t.h.app.database
    .withSystem((tx) => tx.select().from(outbox).where(eq(outbox.customerId, customerId)).orderBy(outbox.seq))
    .then((rows) => rows.filter((r) => r.subject === subject).map((r) => r.payload));

describe('a purchase order for one hire (spec §7 POST /zahara/purchase-order/create)', () => {
  it("creates it with the hire's lines and the match's codes, and announces it", async () => {
    const s = await setting('Single');
    const project = 300_001;
    const siteId = '00000000-0000-4000-8000-0000000000a1';
    await t.publish(SiteCreated, {
      site: {
        id: siteId,
        customer_id: s.actor.customerId,
        name: 'Riverside',
        address_line_1: 'Plot 4',
        address_line_2: null,
        city: 'Salford',
        county: null,
        postcode: 'M5 4WT',
        country: 'GB',
        job_number: 'J-2041',
        status: 'active',
        zahara_project_id: String(project),
        latitude: null,
        longitude: null,
        geocode_source: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      },
    });
    const hire = await s.hire({ site_id: siteId, delivery_charge: 45, net_cost: 945 });
    const answer = await waitFor(() =>
      t.client
        .send(AccountingPurchaseOrderCreate, { actor: userOf(s), hireId: hire.id })
        .catch((err: { code?: string }) => {
          // The site's event may not be applied yet the first time round: the line then has no project.
          if (err.code) throw err;
          return undefined;
        }),
    );
    const [made] = ordersIn(s.key, hire.id);
    expect(answer).toEqual({
      success: true,
      zaharaPoId: String(made.DocumentId),
      zaharaPoNumber: made.PurchaseOrderNumber,
      message: `Purchase Order #${made.PurchaseOrderNumber} successfully created in Zahara!`,
    });
    expect(made.SupplierId).toBe(s.theirs.SupplierId);
    expect(
      made.LineItems.map((l) => [l.Description, l.Price, l.Quantity, l.NetValue, l.TaxPercentage]),
    ).toEqual([
      ['8t tracked excavator hire, 2026-11-02 to 2026-11-10 (2 weeks)', 450, 2, 900, 20],
      ['Delivery: 8t tracked excavator, 2026-11-02', 45, 1, 45, 20],
    ]);
    expect(made.LineItems[0]).toMatchObject({
      NominalCodeId: s.theirs.DefaultNominalCodeId,
      TaxCodeId: s.theirs.DefaultTaxCodeId,
      CostCodeId: s.theirs.DefaultCostCodeId,
      DivisionId: s.theirs.DefaultDivisionId,
    });
    expect(made.TotalNetValue).toBe(945);
    await waitFor(async () =>
      (await eventsOf(s.actor.customerId, 'accounting.purchase_order.created.v1')).length ? true : undefined,
    );
    expect(await eventsOf(s.actor.customerId, 'accounting.purchase_order.created.v1')).toEqual([
      {
        customer_id: s.actor.customerId,
        hire_ids: [hire.id],
        zahara_document_id: String(made.DocumentId),
        zahara_po_number: made.PurchaseOrderNumber,
        external_id: hire.id,
      },
    ]);
  });

  it('answers the same order again when asked again: a hire never gets two', async () => {
    const s = await setting('Twice');
    const hire = await s.hire();
    const first = await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    const again = await Promise.all(
      [1, 2, 3].map(() => t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id })),
    );
    expect(again.map((a) => a.zaharaPoNumber)).toEqual([
      first.zaharaPoNumber,
      first.zaharaPoNumber,
      first.zaharaPoNumber,
    ]);
    expect(ordersIn(s.key, hire.id)).toHaveLength(1);
  });

  it('makes one order when the connection drops after Zahara created it (looked up by ExternalId)', async () => {
    const s = await setting('Dropped');
    const hire = await s.hire();
    t.zahara.fail.dropAfterCreate({ key: s.key });
    const answer = await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    expect(ordersIn(s.key, hire.id).map((o) => o.PurchaseOrderNumber)).toEqual([answer.zaharaPoNumber]);
    const calls = t.zahara
      .calls({ key: s.key })
      .map((c) => `${c.path.split('/').slice(0, 2).join('/')} ${c.outcome}`);
    expect(calls.filter((c) => c.startsWith('PurchaseOrder/'))).toEqual([
      'PurchaseOrder/Add dropped',
      'PurchaseOrder/GetByExternalId answered',
    ]);
  });

  it('makes one order when Zahara answers too slowly (the client gave up after Zahara made it)', async () => {
    const s = await setting('Slow');
    // A first order: the tax code's rate is then known, so the slow call below is the Add.
    await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: (await s.hire()).id });
    const hire = await s.hire();
    t.zahara.clearCalls();
    // Every answer comes 1.5 s after the work is done; the client waits 1 s (ZAHARA_TIMEOUT_MS).
    t.zahara.fail.slow({ delayMs: 1_500, key: s.key });
    expect(
      await errorOf(t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id })),
    ).toEqual({
      // Not 'failed': it may be in Zahara already (it is), and is being checked.
      code: 'ZAHARA_UNAVAILABLE',
      message: M.PURCHASE_ORDER_UNCONFIRMED,
    });
    // Zahara made the order before its slow answer; the client looked it up (slowly too) and
    // never sent a second Add.
    expect(ordersIn(s.key, hire.id)).toHaveLength(1);
    // The hire's card says so meanwhile (hire_ids' purchase_order_error, from purchase_order.failed).
    expect(
      (await eventsOf(s.actor.customerId, 'accounting.purchase_order.failed.v1')).some(
        (e) =>
          (e as { hire_ids: string[]; error: string }).hire_ids.includes(hire.id) &&
          (e as { error: string }).error === M.PURCHASE_ORDER_UNCONFIRMED,
      ),
    ).toBe(true);
    t.zahara.fail.clear();
    // The recorded order is tried again by the worker, which finds it by its ExternalId.
    await waitFor(
      async () =>
        (await eventsOf(s.actor.customerId, 'accounting.purchase_order.created.v1')).some(
          (e) => (e as { external_id: string }).external_id === hire.id,
        ) || undefined,
      15_000,
    );
    const settled = await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    expect(settled.zaharaPoNumber).toBe(ordersIn(s.key, hire.id)[0].PurchaseOrderNumber);
    expect(ordersIn(s.key, hire.id)).toHaveLength(1);
    expect(t.zahara.calls({ key: s.key, path: 'PurchaseOrder/Add' })).toHaveLength(1);
  });

  it('retries 500s, looking the order up before each new Add, and makes one', async () => {
    const s = await setting('Errors');
    const hire = await s.hire();
    await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id }).then(
      () => undefined,
      () => undefined,
    );
    // Now a fresh hire with Zahara failing its next three calls.
    const other = await s.hire();
    t.zahara.clearCalls();
    t.zahara.fail.serverErrors({ times: 3, key: s.key });
    const answer = await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: other.id });
    expect(ordersIn(s.key, other.id).map((o) => o.PurchaseOrderNumber)).toEqual([answer.zaharaPoNumber]);
    expect(t.zahara.calls({ key: s.key }).filter((c) => c.status === 500)).toHaveLength(3);
  });

  it('waits out a 429 (Retry-After) and makes the order', async () => {
    const s = await setting('Rate limited');
    const hire = await s.hire();
    t.zahara.setRateLimit(1, 1_200);
    try {
      const answer = await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
      expect(ordersIn(s.key, hire.id).map((o) => o.PurchaseOrderNumber)).toEqual([answer.zaharaPoNumber]);
    } finally {
      t.zahara.setRateLimit(100, 60_000);
    }
  });

  it('answers a refused key (401) without retrying it, records the failure, and creates the order once the key works', async () => {
    const s = await setting('Revoked');
    const hire = await s.hire();
    t.zahara.fail.unauthorized({ key: s.key });
    expect(
      await errorOf(t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id })),
    ).toEqual({
      code: 'ZAHARA_AUTH_FAILED',
      message: M.ZAHARA_AUTH_FAILED,
    });
    const failed = await waitFor(async () => {
      const events = await eventsOf(s.actor.customerId, 'accounting.purchase_order.failed.v1');
      return events.length ? events : undefined;
    });
    expect(failed[0]).toMatchObject({ hire_ids: [hire.id], error: M.ZAHARA_AUTH_FAILED, will_retry: true });
    t.zahara.fail.clear();
    // The worker tries it again by itself (ACCOUNTING_PO_RETRY_BASE_MS): the order is not lost.
    await waitFor(() => (ordersIn(s.key, hire.id).length === 1 ? true : undefined), 15_000);
    const again = await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    expect(again.zaharaPoNumber).toBe(ordersIn(s.key, hire.id)[0].PurchaseOrderNumber);
  });

  it('runs the order itself when the run holding it (the worker retrying it) fails meanwhile', async () => {
    const s = await setting('Raced');
    const hire = await s.hire();
    t.zahara.fail.unauthorized({ key: s.key });
    await errorOf(t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id }));
    const ofHire = eq(purchaseOrders.externalId, hire.id);
    const database = t.h.app.database;
    // Another run (the worker's retry) holds the order...
    await database.withSystem((tx) =>
      tx
        .update(purchaseOrders)
        .set({
          leaseUntil: sql`now() + interval '30 seconds'`,
          nextAttemptAt: sql`now() + interval '30 seconds'`,
        })
        .where(ofHire),
    );
    t.zahara.fail.clear();
    const asked = t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    await new Promise((resolve) => setTimeout(resolve, 600));
    // ...and fails while the user waits: its lease released, the order still pending.
    await database.withSystem((tx) =>
      tx.update(purchaseOrders).set({ leaseUntil: null, lastError: M.PURCHASE_ORDER_QUEUED }).where(ofHire),
    );
    const made = await asked;
    expect(ordersIn(s.key, hire.id)).toHaveLength(1);
    expect(made.zaharaPoNumber).toBe(ordersIn(s.key, hire.id)[0].PurchaseOrderNumber);
  });

  it('answers a run still holding the order (one that died with its process) before the caller gives up', async () => {
    // The gateway's bus timeout, for the service and for its caller alike.
    const quick = await startAccounting({ env: { NATS_REQUEST_TIMEOUT_MS: '4000' } });
    try {
      const company = await setting('Held', quick);
      const hire = await company.hire();
      quick.zahara.fail.unauthorized({ key: company.key });
      await errorOf(
        quick.client.send(AccountingPurchaseOrderCreate, { actor: company.actor, hireId: hire.id }),
      );
      quick.zahara.fail.clear();
      // A run whose process died holds the order: its lease has minutes to go.
      await quick.h.app.database.withSystem((tx) =>
        tx
          .update(purchaseOrders)
          .set({
            leaseUntil: sql`now() + interval '5 minutes'`,
            nextAttemptAt: sql`now() + interval '5 minutes'`,
          })
          .where(eq(purchaseOrders.externalId, hire.id)),
      );
      expect(
        await errorOf(
          quick.client.send(
            AccountingPurchaseOrderCreate,
            { actor: company.actor, hireId: hire.id },
            { timeoutMs: 4_000 },
          ),
        ),
      ).toMatchObject({ code: 'CONFLICT' });
    } finally {
      await quick.close();
    }
  });

  it('refuses a hire whose supplier is not matched, recording nothing', async () => {
    const s = await setting('Unmatched');
    const other = await catalogueSupplier(t);
    const hire = await createdHire(t, hireEvent(s.actor, { supplierId: other.id, equipmentId: s.item.id }));
    expect(
      await errorOf(t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id })),
    ).toEqual({
      code: 'SUPPLIER_NOT_MATCHED',
      message: M.SUPPLIER_NOT_MATCHED,
    });
    const rows = await t.h.app.database.withSystem((tx) =>
      tx.select().from(purchaseOrders).where(eq(purchaseOrders.customerId, s.actor.customerId)),
    );
    expect(rows).toEqual([]);
  });

  it("answers 404 for another company's hire, a deleted one, and without settings", async () => {
    const s = await setting('Owner');
    const hire = await s.hire();
    const b = newCompany('Prober');
    await t.client.send(AccountingSettingsPut, settingsFor(t, b));
    expect(
      await errorOf(t.client.send(AccountingPurchaseOrderCreate, { actor: b.actor, hireId: hire.id })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: HIRES_MESSAGES.HIRE_NOT_FOUND,
    });
    const gone = await s.hire();
    await t.publish(HireDeleted, { hire_id: gone.id, customer_id: s.actor.customerId });
    await waitFor(async () => {
      const e = await errorOf(
        t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: gone.id }),
      );
      return e.code === 'NOT_FOUND' ? e : undefined;
    });
    expect(ordersIn(s.key, gone.id)).toEqual([]);
  });
});

describe('a bulk purchase order (spec §5 bulk purchase order, §7 create-bulk)', () => {
  it('makes one order for hires of one supplier, with their lines, hire and line counts', async () => {
    const s = await setting('Bulk');
    const [one, two] = [await s.hire(), await s.hire({ operator_cost: 120, net_cost: 1020 })];
    const answer = await t.client.send(AccountingPurchaseOrderCreateBulk, {
      actor: s.actor,
      hireIds: [one.id, two.id],
    });
    const made = t.zahara
      .tenant(s.key)!
      .purchaseOrders.filter((o) => o.PurchaseOrderNumber === answer.zaharaPoNumber);
    expect(made).toHaveLength(1);
    expect(answer).toMatchObject({
      success: true,
      hireCount: 2,
      lineItemCount: 3,
      zaharaPoId: String(made[0].DocumentId),
    });
    expect(made[0].TotalNetValue).toBe(1920);
    // Both hires are on it: neither can be ordered again on its own.
    const single = await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: one.id });
    expect(single.zaharaPoNumber).toBe(answer.zaharaPoNumber);
    // The same selection again answers the same order.
    const again = await t.client.send(AccountingPurchaseOrderCreateBulk, {
      actor: s.actor,
      hireIds: [two.id, one.id],
    });
    expect(again.zaharaPoNumber).toBe(answer.zaharaPoNumber);
    expect(
      t.zahara.tenant(s.key)!.purchaseOrders.filter((o) => o.ExternalId === made[0].ExternalId),
    ).toHaveLength(1);
  });

  it("refuses hires of two suppliers with the spec's message", async () => {
    const s = await setting('Two suppliers');
    const other = await catalogueSupplier(t);
    const one = await s.hire();
    const two = await createdHire(t, hireEvent(s.actor, { supplierId: other.id, equipmentId: s.item.id }));
    expect(
      await errorOf(
        t.client.send(AccountingPurchaseOrderCreateBulk, { actor: s.actor, hireIds: [one.id, two.id] }),
      ),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Selected hires must be from the same supplier. Please select hires from one supplier only.',
    });
  });

  it('refuses a hire already on another order', async () => {
    const s = await setting('Already');
    const [one, two] = [await s.hire(), await s.hire()];
    await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: one.id });
    expect(
      await errorOf(
        t.client.send(AccountingPurchaseOrderCreateBulk, { actor: s.actor, hireIds: [one.id, two.id] }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: M.HIRE_ALREADY_ON_ORDER,
    });
  });

  it('refuses a hire whose own order waits for Zahara, saying so (it may be made any moment)', async () => {
    const s = await setting('Waiting');
    await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: (await s.hire()).id });
    const [waiting, other] = [await s.hire(), await s.hire()];
    t.zahara.fail.slow({ delayMs: 1_500, key: s.key });
    expect(
      await errorOf(t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: waiting.id })),
    ).toMatchObject({ code: 'ZAHARA_UNAVAILABLE' });
    expect(
      await errorOf(
        t.client.send(AccountingPurchaseOrderCreateBulk, { actor: s.actor, hireIds: [waiting.id, other.id] }),
      ),
    ).toEqual({ code: 'CONFLICT', message: M.HIRE_ORDER_WAITING });
    t.zahara.fail.clear();
    // The waiting order is still made, once.
    await waitFor(async () => ordersIn(s.key, waiting.id).length === 1 || undefined, 15_000);
  });

  it('uses the settings codes when the match has none', async () => {
    const s = await setting('Settings codes');
    const seed = seedOf(t, s.key);
    const plain = t.zahara.tenant(s.key)!.suppliers.find((x) => x.ReferenceNumber === 'PEN001')!;
    const supplier = await catalogueSupplier(t);
    await t.client.send(AccountingSupplierMatchCreate, {
      actor: s.actor,
      supplier_id: supplier.id,
      zahara_supplier_id: plain.SupplierId,
      zahara_nominal_id: seed.nominal.id,
      zahara_default_tax_code_id: seed.tax.id,
    });
    const hire = await createdHire(
      t,
      hireEvent(s.actor, { supplierId: supplier.id, equipmentId: s.item.id }),
    );
    const answer = await t.client.send(AccountingPurchaseOrderCreateBulk, {
      actor: s.actor,
      hireIds: [hire.id],
    });
    const [made] = t.zahara
      .tenant(s.key)!
      .purchaseOrders.filter((o) => o.PurchaseOrderNumber === answer.zaharaPoNumber);
    expect(made.LineItems[0]).toMatchObject({ NominalCodeId: seed.nominal.id, TaxCodeId: seed.tax.id });
  });
});

describe("a created order follows its hires' edits (PurchaseOrder/Update)", () => {
  const orderRow = (id: string) =>
    t.h.app.database
      .withSystem((tx) => tx.select().from(purchaseOrders).where(eq(purchaseOrders.externalId, id)))
      .then(([row]) => row);
  const edited = (hire: HireEvent, changes: Partial<HireEvent>) =>
    t.publish(HireUpdated, { hire: { ...hire, ...changes, updated_at: new Date().toISOString() } });
  const puts = (key: string) =>
    t.zahara.calls({ key }).filter((c) => c.method === 'PUT' && c.path.startsWith('PurchaseOrder/Update'));

  it('replaces the lines in Zahara when the price or dates change, keeping the number', async () => {
    const s = await setting('Edited');
    const hire = await s.hire();
    const made = await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    await edited(hire, { price: 500, hire_end_date: '2026-11-20', hire_duration_days: 19, net_cost: 1500 });
    const [order] = await waitFor(() => {
      const found = ordersIn(s.key, hire.id);
      return found[0]?.TotalNetValue === 1500 ? found : undefined;
    });
    expect(ordersIn(s.key, hire.id)).toHaveLength(1);
    expect(order.PurchaseOrderNumber).toBe(made.zaharaPoNumber);
    expect(order.LineItems.map((l) => [l.Description, l.Price, l.Quantity, l.NetValue])).toEqual([
      ['8t tracked excavator hire, 2026-11-02 to 2026-11-20 (3 weeks)', 500, 3, 1500],
    ]);
    const row = await waitFor(async () => {
      const found = await orderRow(hire.id);
      return found.updateDueAt === null ? found : undefined;
    });
    expect(row).toMatchObject({ updateError: null, updateFailures: 0, lineItemCount: 1 });
    expect(await eventsOf(s.actor.customerId, 'accounting.purchase_order.updated.v1')).toEqual([
      {
        customer_id: s.actor.customerId,
        hire_ids: [hire.id],
        zahara_po_number: made.zaharaPoNumber,
        error: null,
        will_retry: false,
      },
    ]);
  });

  it('leaves Zahara alone when only the status changes', async () => {
    const s = await setting('Status only');
    const hire = await s.hire();
    await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    await edited(hire, { hire_status: 'completed' });
    // A later edit that does change a line shows the first one was applied and passed over.
    await edited(hire, { hire_status: 'completed', delivery_charge: 30, net_cost: 930 });
    await waitFor(() => (ordersIn(s.key, hire.id)[0]?.TotalNetValue === 930 ? true : undefined));
    expect(puts(s.key)).toHaveLength(1);
  });

  it("keeps a completed order's refusal on the order, saying so with its number, and tries again on the next save once reopened", async () => {
    const s = await setting('Completed');
    const hire = await s.hire();
    await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    const [inZahara] = ordersIn(s.key, hire.id);
    t.zahara.setPurchaseOrderStatus(s.key, inZahara.DocumentId, 4);
    const priced = { ...hire, price: 480, net_cost: 960 };
    await edited(priced, {});
    const row = await waitFor(async () => {
      const found = await orderRow(hire.id);
      return found.updateError ? found : undefined;
    });
    expect(row.updateError).toBe(purchaseOrderCompletedMessage(inZahara.PurchaseOrderNumber));
    expect(row.updateDueAt).toBeNull();
    expect(ordersIn(s.key, hire.id)[0].TotalNetValue).toBe(900);
    expect(await eventsOf(s.actor.customerId, 'accounting.purchase_order.updated.v1')).toMatchObject([
      { hire_ids: [hire.id], error: row.updateError, will_retry: false },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(puts(s.key)).toHaveLength(1);

    // Reopened in Zahara: saving the hire again, unchanged, sends the change this time.
    t.zahara.setPurchaseOrderStatus(s.key, inZahara.DocumentId, 1);
    await edited(priced, {});
    await waitFor(() => (ordersIn(s.key, hire.id)[0]?.TotalNetValue === 960 ? true : undefined));
    const cleared = await waitFor(async () => {
      const found = await orderRow(hire.id);
      return found.updateError === null && found.updateDueAt === null ? found : undefined;
    });
    expect(cleared.updateFailures).toBe(0);
    expect((await eventsOf(s.actor.customerId, 'accounting.purchase_order.updated.v1')).at(-1)).toMatchObject(
      {
        error: null,
      },
    );
  });

  it('tries again while Zahara is down, then updates', async () => {
    const s = await setting('Down');
    const hire = await s.hire();
    await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: hire.id });
    t.zahara.fail.serverErrors({ times: 8, status: 503, key: s.key });
    await edited(hire, { price: 470, net_cost: 940 });
    const failed = await waitFor(async () => {
      const found = await orderRow(hire.id);
      return found.updateFailures > 0 ? found : undefined;
    });
    expect(failed.updateError).toBe(M.PURCHASE_ORDER_UPDATE_QUEUED);
    expect(failed.updateDueAt).not.toBeNull();
    await waitFor(() => (ordersIn(s.key, hire.id)[0]?.TotalNetValue === 940 ? true : undefined), 15_000);
    const row = await waitFor(async () => {
      const found = await orderRow(hire.id);
      return found.updateDueAt === null ? found : undefined;
    });
    expect(row).toMatchObject({ updateError: null, updateFailures: 0 });
    const announced = await eventsOf(s.actor.customerId, 'accounting.purchase_order.updated.v1');
    expect(announced[0]).toMatchObject({ error: M.PURCHASE_ORDER_UPDATE_QUEUED, will_retry: true });
    expect(announced.at(-1)).toMatchObject({ error: null, will_retry: false });
  });

  it("moves a one-hire order to the hire's new supplier; a bulk order split between two is kept as it is", async () => {
    const s = await setting('Moved');
    const other = await catalogueSupplier(t);
    const theirs = t.zahara.tenant(s.key)!.suppliers.find((x) => x.SupplierId !== s.theirs.SupplierId)!;
    await t.client.send(AccountingSupplierMatchCreate, {
      actor: s.actor,
      supplier_id: other.id,
      zahara_supplier_id: theirs.SupplierId,
    });
    const single = await s.hire();
    await t.client.send(AccountingPurchaseOrderCreate, { actor: s.actor, hireId: single.id });
    await edited(single, { supplier_id: other.id });
    await waitFor(() => (ordersIn(s.key, single.id)[0]?.SupplierId === theirs.SupplierId ? true : undefined));
    expect(
      await waitFor(async () => ((await orderRow(single.id)).supplierId === other.id ? true : undefined)),
    ).toBe(true);

    const [one, two] = [await s.hire(), await s.hire()];
    const bulk = await t.client.send(AccountingPurchaseOrderCreateBulk, {
      actor: s.actor,
      hireIds: [one.id, two.id],
    });
    await edited(two, { supplier_id: other.id });
    const row = await waitFor(async () => {
      const [found] = await t.h.app.database.withSystem((tx) =>
        tx.select().from(purchaseOrders).where(eq(purchaseOrders.zaharaDocumentId, bulk.zaharaPoId)),
      );
      return found?.updateError ? found : undefined;
    });
    expect(row.updateError).toBe(M.ORDER_SUPPLIERS_DIFFER);
    expect(row.supplierId).toBe(s.supplier.id);
  });
});
