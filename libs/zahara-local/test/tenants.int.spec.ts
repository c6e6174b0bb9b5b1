import type { NominalCode, PurchaseOrder, Supplier, TaxCode, ZaharaErrorBody, ZaharaSimulator } from '../src';
import { startZaharaSimulator } from '../src';
import { control, line, zaharaAs } from './zahara-client';

const FIRST = 'bu-key-first-company-01';
const SECOND = 'bu-key-second-company-02';

describe('Zahara simulator: a tenant per business-unit key', () => {
  let sim: ZaharaSimulator;

  beforeAll(async () => {
    sim = await startZaharaSimulator({ keys: [FIRST, SECOND] });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  async function addOrder(key: string, externalId: string) {
    const api = zaharaAs(sim, key);
    const [supplier] = (await api.get<Supplier[]>('Supplier/Search/NOR001')).body;
    const nominal = (await api.get<NominalCode>('NominalCode/GetByCode/7100')).body;
    const tax = (await api.get<TaxCode>('TaxCode/GetByCode/T1')).body;
    const ids = { ProjectId: null, NominalCodeId: nominal.NominalCodeId, TaxCodeId: tax.TaxCodeId };
    const added = await api.post<PurchaseOrder>('PurchaseOrder/Add', {
      SupplierId: supplier.SupplierId,
      ExternalId: externalId,
      LineItems: [line(ids, 120, 2)],
    });
    expect(added.status).toBe(200);
    return { order: added.body, supplier, ids };
  }

  it('each key starts with its own copy of the seed data, under ids no other key has', async () => {
    const first = zaharaAs(sim, FIRST);
    const second = zaharaAs(sim, SECOND);
    const a = (await first.get<NominalCode>('NominalCode/GetByCode/7100')).body;
    const b = (await second.get<NominalCode>('NominalCode/GetByCode/7100')).body;
    expect(a.Description).toBe(b.Description);
    expect(a.NominalCodeId).not.toBe(b.NominalCodeId);
    expect((await second.get(`NominalCode/Get/${a.NominalCodeId}`)).status).toBe(404);
  });

  it("a key never reaches another key's suppliers, projects or orders", async () => {
    const { order, supplier } = await addOrder(FIRST, 'hire-isolated');
    const second = zaharaAs(sim, SECOND);
    expect((await second.get(`PurchaseOrder/Get/${order.DocumentId}`)).status).toBe(404);
    expect((await second.get(`Supplier/Get/${supplier.SupplierId}`)).status).toBe(404);
    expect((await second.get('PurchaseOrder/GetByExternalId/hire-isolated')).body).toEqual([]);
    expect(
      (await second.get<PurchaseOrder[]>('PurchaseOrder/Get/0/100')).body.map((o) => o.DocumentId),
    ).not.toContain(order.DocumentId);
    const updateOther = await second.put(`PurchaseOrder/Update/${order.DocumentId}`, {});
    expect(updateOther.status).toBe(404);
    const firstProject = (await zaharaAs(sim, FIRST).get<{ ProjectId: number }[]>('Project/GetAll')).body[0];
    expect((await second.get(`Project/Get/${firstProject.ProjectId}`)).status).toBe(404);
  });

  it("an order naming another key's supplier or codes is refused", async () => {
    const { supplier, ids } = await addOrder(FIRST, 'hire-a');
    const refused = await zaharaAs(sim, SECOND).post<ZaharaErrorBody>('PurchaseOrder/Add', {
      SupplierId: supplier.SupplierId,
      LineItems: [line(ids, 10, 1)],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.Errors).toEqual([
      `SupplierId ${supplier.SupplierId} is not a supplier of this business unit.`,
      `LineItems[0].NominalCodeId ${ids.NominalCodeId} is not a nominal code of this business unit.`,
      `LineItems[0].TaxCodeId ${ids.TaxCodeId} is not a tax code of this business unit.`,
    ]);
  });

  it('purchase order numbers run per business unit', async () => {
    const a = await addOrder(FIRST, 'x');
    const b = await addOrder(SECOND, 'y');
    expect(a.order.PurchaseOrderNumber).toBe('PO-00003');
    expect(b.order.PurchaseOrderNumber).toBe('PO-00003');
    expect(a.order.DocumentId).not.toBe(b.order.DocumentId);
  });

  it('a key it does not know is a 401 with a JSON error', async () => {
    const res = await zaharaAs(sim, 'bu-key-nobody-knows-00').get<ZaharaErrorBody>('Project/GetAll');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ Message: 'Authorization has been denied for this request.' });
    expect(sim.keys).toEqual([FIRST, SECOND]);
  });

  it('a key added through the handle or the control API gets the seed data; reset forgets it', async () => {
    sim.addKey('bu-key-added-by-handle');
    const added = await control<{ key: string; businessUnitId: number }>(sim, 'POST', '/keys', {
      key: 'bu-key-added-by-control',
    });
    expect(added.status).toBe(201);
    for (const key of ['bu-key-added-by-handle', 'bu-key-added-by-control']) {
      const projects = await zaharaAs(sim, key).get<unknown[]>('Project/GetAll');
      expect(projects).toMatchObject({ status: 200 });
      expect(projects.body).toHaveLength(4);
    }
    sim.reset();
    expect(sim.keys).toEqual([FIRST, SECOND]);
    expect((await zaharaAs(sim, 'bu-key-added-by-handle').get('Project/GetAll')).status).toBe(401);
  });

  it('reset puts the seed data back', async () => {
    await addOrder(FIRST, 'before-reset');
    expect(sim.tenant(FIRST)!.purchaseOrders).toHaveLength(3);
    sim.reset();
    expect(sim.tenant(FIRST)!.purchaseOrders).toHaveLength(2);
    expect((await zaharaAs(sim, FIRST).get('PurchaseOrder/GetByExternalId/before-reset')).body).toEqual([]);
  });
});

describe('Zahara simulator: accepting any key that looks like one', () => {
  let sim: ZaharaSimulator;

  beforeAll(async () => {
    sim = await startZaharaSimulator({ acceptAnyKey: true });
  });
  afterAll(() => sim.close());

  it('a new key matching the pattern becomes a tenant with the seed data on its first call', async () => {
    const key = '3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b';
    const suppliers = await zaharaAs(sim, key).get<Supplier[]>('Supplier/After/2000-01-01');
    expect(suppliers.status).toBe(200);
    expect(suppliers.body.map((s) => s.SupplierName)).toContain('Northern Plant Hire Ltd');
    expect(sim.keys).toContain(key);
  });

  it('a key that does not look like one is still a 401', async () => {
    for (const key of ['short', 'has spaces in it but long enough']) {
      const res = await zaharaAs(sim, key).get<ZaharaErrorBody>('Project/GetAll');
      expect(res.status).toBe(401);
      expect(sim.keys).not.toContain(key);
    }
  });

  it('a custom pattern decides what is accepted', async () => {
    const strict = await startZaharaSimulator({ acceptAnyKey: true, keyPattern: /^zk_[a-z]{8}$/ });
    try {
      expect((await zaharaAs(strict, 'zk_abcdefgh').get('Project/GetAll')).status).toBe(200);
      expect(
        (await zaharaAs(strict, '3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b').get('Project/GetAll')).status,
      ).toBe(401);
    } finally {
      await strict.close();
    }
  });
});
