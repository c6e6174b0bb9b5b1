import { randomUUID } from 'node:crypto';
import { eventually, tag, twoCompanies, type Companies } from './catalogue-support';
import { catalogueItems, createHire, createSite, hireFields, type Catalogue } from './hires-support';
import { client, startSystem, type Json, type System } from './system';

const CONNECTION_FAILED = 'Connection failed, please check your settings';

describe('the accounting integration over HTTP (spec §2 /zahara, §4, §5, §7 Accounting integration, §8), with a second company probing', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let co: Companies;
  let items: Catalogue;
  let site: Json;
  const keyA = `bu-key-${randomUUID()}`;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    co = await twoCompanies(sys, 'Zahara');
    items = await catalogueItems(api, co.a.token, 'Zahara');
    site = await createSite(api, co.a.token, `Zahara yard ${tag('site')}`);
  }, 60_000);
  afterAll(() => sys?.close());
  beforeEach(() => sys.zahara.fail.clear());

  /** A hire of A's (collection booked: outside the free plan's active-hire limit). */
  const hireOfA = (c: Catalogue = items) =>
    createHire(
      api,
      co.a.token,
      hireFields(c, site, { hire_status: 'collection_booked', price: 450, pricing_term: 'week' }),
    );

  const ordersFor = (externalId: string) =>
    sys.zahara.tenant(keyA)!.purchaseOrders.filter((o) => o.ExternalId === externalId);

  it('needs a session on every accounting route, and an administrator for the settings page', async () => {
    for (const [method, url] of [
      ['GET', '/api/zahara/settings'],
      ['GET', '/api/zahara/status'],
      ['PUT', '/api/zahara/settings'],
      ['POST', '/api/zahara/test-connection'],
      ['POST', '/api/zahara/lookup-nominal-code'],
      ['GET', '/api/zahara/suppliers?type=Hire'],
      ['GET', '/api/zahara/supplier-matches'],
      ['POST', '/api/zahara/supplier-matches'],
      ['DELETE', `/api/zahara/supplier-matches/${randomUUID()}`],
      ['POST', '/api/zahara/export-supplier'],
      ['POST', '/api/zahara/purchase-order/create'],
      ['POST', '/api/zahara/purchase-order/create-bulk'],
      ['GET', '/api/zahara/projects/sync-status'],
      ['POST', '/api/zahara/projects/sync'],
    ] as const) {
      expect((await api.request(method, url, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
    }
    const asUser = await api.get('/api/zahara/settings', co.aUser.token);
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toBe('Only administrators can view or change the Zahara settings');
    const status = await api.get('/api/zahara/status', co.aUser.token);
    expect([status.status, status.body.data.is_active]).toEqual([200, false]);
  });

  it('looks codes up with a typed key, saves the settings, answers the key masked, and tests the connection', async () => {
    const look = async (path: string, body: Json) => {
      const res = await api.post(`/api/zahara/${path}`, { ...body, api_key: keyA }, co.a.token);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      return res.body.data;
    };
    const nominal = await look('lookup-nominal-code', { code: '7100' });
    const tax = await look('lookup-tax-code', { code: 'T1' });
    const cost = await look('lookup-cost-code', { code: 'CC310' });
    const division = await look('lookup-division', { name: 'North West' });
    expect(tax).toMatchObject({ code: 'T1', codeName: 'Standard rate', taxPercentage: 20 });
    const notFound = await api.post(
      '/api/zahara/lookup-nominal-code',
      { code: '9999', api_key: keyA },
      co.a.token,
    );
    expect([notFound.status, notFound.body.error]).toEqual([404, 'Nominal code not found']);
    const blank = await api.post('/api/zahara/lookup-tax-code', { code: ' ' }, co.a.token);
    expect([blank.status, blank.body.error]).toEqual([400, 'Please enter a tax code']);

    const saved = await api.put(
      '/api/zahara/settings',
      {
        api_key: keyA,
        nominal_code: nominal.code,
        nominal_code_id: nominal.id,
        nominal_description: nominal.description,
        tax_code: tax.code,
        tax_code_id: tax.id,
        tax_description: tax.description,
        tax_percentage: tax.taxPercentage,
        cost_code: cost.code,
        cost_code_id: cost.id,
        cost_description: cost.description,
        division_code: division.code,
        division_code_id: division.id,
        division_description: division.description,
        is_active: true,
      },
      co.a.token,
    );
    expect(saved.status).toBe(200);
    const got = await api.get('/api/zahara/settings', co.a.token);
    expect(got.body.data).toMatchObject({
      api_key: `••••••••${keyA.slice(-4)}`,
      is_active: true,
      tax_code_id: tax.id,
    });
    expect(JSON.stringify(got.body)).not.toContain(keyA);
    // Spec §6: every member of the company learns that the integration is configured, nothing of its key.
    const status = await api.get('/api/zahara/status', co.aUser.token);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      success: true,
      data: {
        is_active: true,
        auto_create_purchase_orders: false,
        document_url_template: expect.stringContaining('{documentId}'),
      },
    });
    expect(JSON.stringify(status.body)).not.toContain(keyA.slice(-4));

    expect((await api.post('/api/zahara/test-connection', {}, co.a.token)).status).toBe(200);
    const refused = await api.post('/api/zahara/test-connection', { api_key: 'too-short' }, co.a.token);
    expect([refused.status, refused.body.error]).toEqual([422, CONNECTION_FAILED]);
    sys.zahara.fail.serverErrors({ times: 20, key: keyA });
    const down = await api.post('/api/zahara/test-connection', {}, co.a.token);
    expect([down.status, down.body.error]).toEqual([502, CONNECTION_FAILED]);
  });

  it('exports the supplier, lists Zahara suppliers and the match', async () => {
    const exported = await api.post(
      '/api/zahara/export-supplier',
      { supplier_id: items.supplier.id },
      co.a.token,
    );
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({
      success: true,
      supplier_name: items.supplier.name,
      message: `${items.supplier.name} exported to Zahara successfully!`,
    });
    // The directory's cards mark it matched for A (the connector's supplier.matched event), not for B.
    const marker = async (token: string) =>
      (await api.get(`/api/suppliers/${items.supplier.id}`, token)).body.supplier.zahara_supplier_id;
    await eventually(async () =>
      (await marker(co.aUser.token)) === String(exported.body.zahara_supplier_id) ? true : undefined,
    );
    expect(await marker(co.b.token)).toBeNull();
    // Exporting and matching are an administrator's (they write to the company's Zahara).
    for (const [url, body] of [
      ['/api/zahara/export-supplier', { supplier_id: items.supplier.id }],
      ['/api/zahara/supplier-matches', { supplier_id: items.supplier.id, zahara_supplier_id: 1 }],
    ] as const)
      expect((await api.post(url, body, co.aUser.token)).status).toBe(403);
    const theirs = await api.get('/api/zahara/suppliers?type=Hire', co.a.token);
    expect(theirs.body.data.map((s: Json) => s.supplierName)).toContain(items.supplier.name);
    const matches = await api.get('/api/zahara/supplier-matches', co.aUser.token);
    expect(matches.body.data).toEqual([
      expect.objectContaining({
        supplier_id: items.supplier.id,
        zahara_supplier_id: exported.body.zahara_supplier_id,
        // ISO 8601 UTC, as every other time in the API.
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      }),
    ]);
    const missing = await api.post(
      '/api/zahara/supplier-matches',
      { supplier_id: items.supplier.id },
      co.a.token,
    );
    expect([missing.status, missing.body.error]).toEqual([400, 'Please select both suppliers to match']);
  });

  it('removes a supplier’s match (an administrator): its cards lose the marker, a second time is 404', async () => {
    const supplier = (await api.post('/api/suppliers', { name: `Unmatch ${tag('sup')}` }, co.a.token)).body
      .supplier;
    const theirs = sys.zahara.tenant(keyA)!.suppliers.find((s) => s.IsActive && !s.Void)!;
    // Accounting learns of the new supplier from the catalogue's event, a moment after it is made.
    await eventually(async () => {
      const matched = await api.post(
        '/api/zahara/supplier-matches',
        { supplier_id: supplier.id, zahara_supplier_id: theirs.SupplierId },
        co.a.token,
      );
      return matched.status === 201 ? true : undefined;
    });
    const markerOf = async () =>
      (await api.get(`/api/suppliers?search=${encodeURIComponent(supplier.name)}`, co.a.token)).body
        .suppliers[0]?.zahara_supplier_id;
    await eventually(async () => ((await markerOf()) === String(theirs.SupplierId) ? true : undefined));

    const path = `/api/zahara/supplier-matches/${supplier.id}`;
    const asUser = await api.request('DELETE', path, { token: co.aUser.token });
    expect([asUser.status, asUser.body.error]).toEqual([
      403,
      'Only administrators can view or change the Zahara settings',
    ]);
    const asOther = await api.request('DELETE', path, { token: co.b.token });
    expect([asOther.status, asOther.body.error]).toEqual([404, 'This supplier is not matched']);

    const removed = await api.request('DELETE', path, { token: co.a.token });
    expect([removed.status, removed.body]).toEqual([
      200,
      { success: true, message: 'Supplier match removed' },
    ]);
    const listed = (await api.get('/api/zahara/supplier-matches', co.a.token)).body.data;
    expect(listed.map((m: Json) => m.supplier_id)).not.toContain(supplier.id);
    await eventually(async () => ((await markerOf()) === null ? true : undefined));
    const again = await api.request('DELETE', path, { token: co.a.token });
    expect([again.status, again.body.error]).toEqual([404, 'This supplier is not matched']);
    const malformed = await api.request('DELETE', '/api/zahara/supplier-matches/not-an-id', {
      token: co.a.token,
    });
    expect([malformed.status, malformed.body.error]).toEqual([404, 'This supplier is not matched']);
  });

  it('creates a hire’s purchase order once (asked twice, and through a dropped connection)', async () => {
    const hire = await hireOfA();
    sys.zahara.fail.dropAfterCreate({ key: keyA });
    const made = await api.post('/api/zahara/purchase-order/create', { hireId: hire.id }, co.a.token);
    expect(made.status).toBe(201);
    const [order] = ordersFor(hire.id);
    expect(made.body).toEqual({
      success: true,
      zaharaPoId: String(order.DocumentId),
      zaharaPoNumber: order.PurchaseOrderNumber,
      message: `Purchase Order #${order.PurchaseOrderNumber} successfully created in Zahara!`,
    });
    const again = await api.post('/api/zahara/purchase-order/create', { hireId: hire.id }, co.aUser.token);
    expect(again.body.zaharaPoNumber).toBe(order.PurchaseOrderNumber);
    expect(ordersFor(hire.id)).toHaveLength(1);
  });

  it('creates one bulk order for hires of one supplier, and refuses two suppliers', async () => {
    const [one, two] = [await hireOfA(), await hireOfA()];
    const bulk = await api.post(
      '/api/zahara/purchase-order/create-bulk',
      { hireIds: [one.id, two.id] },
      co.a.token,
    );
    expect(bulk.status).toBe(201);
    expect(bulk.body).toMatchObject({ success: true, hireCount: 2, lineItemCount: 2 });
    const others = await catalogueItems(api, co.a.token, 'Zahara other');
    const foreign = await hireOfA(others);
    const mixed = await api.post(
      '/api/zahara/purchase-order/create-bulk',
      { hireIds: [one.id, foreign.id] },
      co.a.token,
    );
    expect([mixed.status, mixed.body.error]).toEqual([
      400,
      'Selected hires must be from the same supplier. Please select hires from one supplier only.',
    ]);
    const unmatched = await api.post('/api/zahara/purchase-order/create', { hireId: foreign.id }, co.a.token);
    expect(unmatched.status).toBe(409);
  });

  it('syncs projects both ways (spec §4 Project sync, §7): seed projects become sites, the site a project; again: nothing', async () => {
    const never = await api.get('/api/zahara/projects/sync-status', co.a.token);
    expect(never.status).toBe(200);
    expect(never.body).toEqual({
      success: true,
      data: { hasSynced: false, lastSyncDate: null, syncStatus: 'never', lastStats: null, lastError: null },
    });
    const seed = sys.zahara.tenant(keyA)!.projects;

    const first = await api.post('/api/zahara/projects/sync', { syncType: 'incremental' }, co.a.token);

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      stats: {
        zaharaToPlanted: { totalProcessed: seed.length, created: seed.length, updated: 0 },
        plantedToZahara: { pushed: 1, errors: 0 },
      },
    });
    const project = sys.zahara.tenant(keyA)!.projects.find((p) => p.ProjectName === site.name);
    expect(project).toBeDefined();
    // The sites screen shows the seed projects as sites and the yard linked (hires' sites, through the gateway).
    await eventually(async () => {
      const { body } = await api.get('/api/sites?limit=1000', co.a.token);
      const linked = (body.sites as Json[]).filter((s) => s.zahara_project_id !== null);
      return linked.length === seed.length + 1 &&
        linked.some((s) => s.id === site.id && s.zahara_project_id === String(project!.ProjectId))
        ? true
        : undefined;
    }, 20_000);
    const status = await api.get('/api/zahara/projects/sync-status', co.a.token);
    expect(status.body.data).toMatchObject({
      hasSynced: true,
      syncStatus: 'completed',
      lastStats: first.body.stats,
    });

    const second = await api.post('/api/zahara/projects/sync', { syncType: 'incremental' }, co.a.token);
    expect(second.body.stats).toEqual({
      zaharaToPlanted: { totalProcessed: 0, created: 0, updated: 0 },
      plantedToZahara: { pushed: 0, errors: 0 },
    });

    // Spec §6: sites actions show no role gate; a member who is not an administrator syncs too,
    // both ways: their new site becomes a project, and the site is linked to it.
    const usersSite = await createSite(api, co.aUser.token, `User's yard ${tag('site')}`);
    const asUser = await api.post('/api/zahara/projects/sync', { syncType: 'incremental' }, co.aUser.token);
    expect(asUser.status).toBe(200);
    expect(asUser.body.stats.plantedToZahara).toEqual({ pushed: 1, errors: 0 });
    const usersProject = sys.zahara.tenant(keyA)!.projects.find((p) => p.ProjectName === usersSite.name);
    expect(usersProject).toBeDefined();
    await eventually(async () => {
      const { body } = await api.get(`/api/sites/${String(usersSite.id)}`, co.aUser.token);
      return body.site?.zahara_project_id === String(usersProject!.ProjectId) ? true : undefined;
    }, 20_000);
    const statusAsUser = await api.get('/api/zahara/projects/sync-status', co.aUser.token);
    expect(statusAsUser).toMatchObject({ status: 200, body: { data: { syncStatus: 'completed' } } });
    const badType = await api.post('/api/zahara/projects/sync', { syncType: 'full' }, co.a.token);
    expect([badType.status, badType.body.error]).toEqual([400, "syncType must be 'incremental'"]);
    sys.zahara.fail.unauthorized({ key: keyA });
    const revoked = await api.post('/api/zahara/projects/sync', { syncType: 'incremental' }, co.a.token);
    expect([revoked.status, revoked.body.error]).toEqual([
      422,
      'Zahara refused the saved API key. An administrator can enter a new one on the Zahara settings page.',
    ]);
    sys.zahara.fail.clear();
    sys.zahara.fail.serverErrors({ times: 1000, key: keyA });
    const down = await api.post('/api/zahara/projects/sync', { syncType: 'incremental' }, co.a.token);
    expect(down.status).toBe(502);
    sys.zahara.fail.clear();
    expect((await api.get('/api/zahara/projects/sync-status', co.a.token)).body.data).toMatchObject({
      hasSynced: true,
      syncStatus: 'failed',
      lastError: 'Zahara is not answering. Please try again in a few minutes.',
    });
    // The second company: nothing synced, nothing to sync with.
    expect((await api.get('/api/zahara/projects/sync-status', co.b.token)).body.data.syncStatus).toBe(
      'never',
    );
    expect((await api.post('/api/zahara/projects/sync', {}, co.b.token)).status).toBe(409);
  });

  it('lets a user who is not an administrator create a hire’s purchase order (spec §6: hires show no role gate)', async () => {
    const hire = await hireOfA();
    const made = await api.post('/api/zahara/purchase-order/create', { hireId: hire.id }, co.aUser.token);
    expect(made.status).toBe(201);
    expect(made.body.zaharaPoNumber).toBe(ordersFor(hire.id)[0].PurchaseOrderNumber);
    expect(ordersFor(hire.id)).toHaveLength(1);
  });

  it('answers a revoked key with 422 and Zahara down with 502, and creates the kept order once Zahara is back', async () => {
    const hire = await hireOfA();
    sys.zahara.fail.unauthorized({ key: keyA });
    const revoked = await api.post('/api/zahara/purchase-order/create', { hireId: hire.id }, co.a.token);
    expect(revoked.status).toBe(422);
    // The failure shows on the hire, over REST and GraphQL alike.
    const failed = await eventually(async () => {
      const { body } = await api.get(`/api/hires/${hire.id}`, co.a.token);
      return body.hire.purchase_order_error ? body.hire : undefined;
    });
    const gql = await api.post(
      '/graphql',
      {
        query: `{ hires(search: "${items.equipment.name}", status: "collection_booked", limit: 100) { hires { id purchase_order_error purchase_order_failed_at zahara_po_number } } }`,
      },
      co.a.token,
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.hires.hires).toContainEqual({
      id: hire.id,
      purchase_order_error: failed.purchase_order_error,
      purchase_order_failed_at: expect.any(String),
      zahara_po_number: null,
    });
    sys.zahara.fail.clear();
    sys.zahara.fail.serverErrors({ times: 1000, key: keyA });
    const down = await api.post('/api/zahara/purchase-order/create', { hireId: hire.id }, co.a.token);
    expect(down.status).toBe(502);
    sys.zahara.fail.clear();
    await eventually(async () => (ordersFor(hire.id).length === 1 ? true : undefined), 20_000);
    const asked = await api.post('/api/zahara/purchase-order/create', { hireId: hire.id }, co.a.token);
    expect(asked.body.zaharaPoNumber).toBe(ordersFor(hire.id)[0].PurchaseOrderNumber);
  });

  it("shows a second company nothing of the first one's settings, matches or hires", async () => {
    expect((await api.get('/api/zahara/status', co.b.token)).body.data.is_active).toBe(false);
    const settings = await api.get('/api/zahara/settings', co.b.token);
    expect(settings.body.data).toMatchObject({
      api_key: null,
      has_api_key: false,
      is_active: false,
      nominal_code: null,
    });
    expect((await api.get('/api/zahara/supplier-matches', co.b.token)).body.data).toEqual([]);
    const lookup = await api.post('/api/zahara/lookup-nominal-code', { code: '7100' }, co.b.token);
    expect(lookup.status).toBe(409);
    const hire = await hireOfA();
    await api.put('/api/zahara/settings', { api_key: `bu-key-${randomUUID()}`, is_active: true }, co.b.token);
    const probe = await api.post('/api/zahara/purchase-order/create', { hireId: hire.id }, co.b.token);
    expect([probe.status, probe.body.error]).toEqual([404, 'Hire not found']);
    const exportProbe = await api.post(
      '/api/zahara/export-supplier',
      { supplier_id: randomUUID() },
      co.b.token,
    );
    expect(exportProbe.status).toBe(404);
    expect(ordersFor(hire.id)).toEqual([]);
  });
});
