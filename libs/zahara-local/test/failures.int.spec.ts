import { request } from 'node:http';
import type { NominalCode, PurchaseOrder, Supplier, TaxCode, ZaharaErrorBody, ZaharaSimulator } from '../src';
import { startZaharaSimulator } from '../src';
import { control, line, zaharaAs } from './zahara-client';

const KEY = 'bu-key-failures-000001';
const OTHER = 'bu-key-failures-000002';

async function orderBody(sim: ZaharaSimulator, key: string, externalId: string) {
  const api = zaharaAs(sim, key);
  const [supplier] = (await api.get<Supplier[]>('Supplier/Search/THA001')).body;
  const nominal = (await api.get<NominalCode>('NominalCode/GetByCode/7100')).body;
  const tax = (await api.get<TaxCode>('TaxCode/GetByCode/T1')).body;
  return {
    SupplierId: supplier.SupplierId,
    ExternalId: externalId,
    LineItems: [
      line({ ProjectId: null, NominalCodeId: nominal.NominalCodeId, TaxCodeId: tax.TaxCodeId }, 310, 2),
    ],
  };
}

/** A raw node:http POST, to see exactly what a client sees when the connection is cut. */
function rawPost(url: string, body: unknown): Promise<{ status: number } | { error: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error }));
    req.end(JSON.stringify(body));
  });
}

describe('Zahara simulator: rate limit', () => {
  it('allows 100 calls a minute per key by default; the 101st is a 429 with Retry-After', async () => {
    const sim = await startZaharaSimulator({ keys: [KEY, OTHER] });
    try {
      const api = zaharaAs(sim, KEY);
      for (let i = 0; i < 100; i++) expect((await api.get('TaxCode/GetAll')).status).toBe(200);
      const limited = await api.get<ZaharaErrorBody>('TaxCode/GetAll');
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited.body.Message).toBe('API calls quota exceeded! Maximum admitted 100 per 60s.');
      expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
      // The limit is per key: another business unit is not held back.
      expect((await zaharaAs(sim, OTHER).get('TaxCode/GetAll')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('lets calls through again once Retry-After has passed; refused calls do not count', async () => {
    const sim = await startZaharaSimulator({ keys: [KEY], ratePerMinute: 3, rateWindowMs: 1_000 });
    try {
      const api = zaharaAs(sim, KEY);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await api.get('Division/GetAll'));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[3].headers.get('retry-after')).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      expect((await api.get('Division/GetAll')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });

  it('the limit can be changed while running, through the handle or PUT /_sim/rate-limit', async () => {
    const sim = await startZaharaSimulator({ keys: [KEY] });
    try {
      const changed = await control<{ ratePerMinute: number }>(sim, 'PUT', '/rate-limit', {
        ratePerMinute: 1,
      });
      expect(changed.body.ratePerMinute).toBe(1);
      const api = zaharaAs(sim, KEY);
      expect((await api.get('Division/GetAll')).status).toBe(200);
      expect((await api.get('Division/GetAll')).status).toBe(429);
      sim.reset();
      expect(sim.settings().ratePerMinute).toBe(100);
      expect((await api.get('Division/GetAll')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});

describe('Zahara simulator: switchable failures', () => {
  let sim: ZaharaSimulator;

  beforeAll(async () => {
    sim = await startZaharaSimulator({ keys: [KEY, OTHER] });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('unauthorized: the key answers 401 (as if revoked) until cleared; other keys go on', async () => {
    sim.fail.unauthorized({ key: KEY });
    const refused = await zaharaAs(sim, KEY).get<ZaharaErrorBody>('Project/GetAll');
    expect(refused).toMatchObject({
      status: 401,
      body: { Message: 'Authorization has been denied for this request.' },
    });
    expect((await zaharaAs(sim, OTHER).get('Project/GetAll')).status).toBe(200);
    sim.fail.clear();
    expect((await zaharaAs(sim, KEY).get('Project/GetAll')).status).toBe(200);
  });

  it('server errors: the next N calls answer 500 and do nothing; then calls work again', async () => {
    const body = await orderBody(sim, KEY, 'hire-500');
    sim.fail.serverErrors({ times: 2 });
    const api = zaharaAs(sim, KEY);
    const first = await api.post<ZaharaErrorBody>('PurchaseOrder/Add', body);
    expect(first).toMatchObject({ status: 500, body: { Message: 'An error has occurred.' } });
    expect((await api.post('PurchaseOrder/Add', body)).status).toBe(500);
    expect((await api.get('PurchaseOrder/GetByExternalId/hire-500')).body).toEqual([]);
    const third = await api.post<PurchaseOrder>('PurchaseOrder/Add', body);
    expect(third.status).toBe(200);
    expect((await api.get<PurchaseOrder[]>('PurchaseOrder/GetByExternalId/hire-500')).body).toHaveLength(1);
  });

  it('server errors can be another 5xx and scoped to one key', async () => {
    sim.fail.serverErrors({ key: OTHER, status: 503 });
    expect((await zaharaAs(sim, KEY).get('Project/GetAll')).status).toBe(200);
    expect((await zaharaAs(sim, OTHER).get('Project/GetAll')).status).toBe(503);
    expect((await zaharaAs(sim, OTHER).get('Project/GetAll')).status).toBe(200);
  });

  it('slow: answers come after the delay; a client that gives up first gets nothing', async () => {
    sim.fail.slow({ delayMs: 800, times: 2 });
    const api = zaharaAs(sim, KEY);
    const started = Date.now();
    expect((await api.get('Project/GetAll')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(790);
    await expect(api.get('Project/GetAll', { signal: AbortSignal.timeout(100) })).rejects.toThrow(
      /aborted|timeout/i,
    );
    const after = Date.now();
    expect((await api.get('Project/GetAll')).status).toBe(200);
    // The rule was for two calls: the third is not held back.
    expect(Date.now() - after).toBeLessThan(700);
    const outcomes = sim.calls({ path: 'Project/GetAll' }).map((c) => c.outcome);
    expect(outcomes).toEqual(['answered', 'client-closed', 'answered']);
  });

  it('slow: a purchase order is made even when the client gave up waiting for the answer', async () => {
    const body = await orderBody(sim, KEY, 'hire-slow');
    sim.fail.slow({ delayMs: 500 });
    const api = zaharaAs(sim, KEY);
    await expect(api.post('PurchaseOrder/Add', body, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    sim.fail.clear();
    expect((await api.get<PurchaseOrder[]>('PurchaseOrder/GetByExternalId/hire-slow')).body).toHaveLength(1);
  });

  it('drop after create: the order is made, the client gets a socket hang-up, the order is then found by ExternalId', async () => {
    const body = await orderBody(sim, KEY, 'hire-dropped');
    sim.fail.dropAfterCreate();
    const api = zaharaAs(sim, KEY);
    const failure = await api.post('PurchaseOrder/Add', body).then(
      () => undefined,
      (err: Error & { cause?: { code?: string } }) => err,
    );
    expect(failure?.name).toBe('TypeError');
    expect(failure?.message).toBe('fetch failed');
    expect(failure?.cause?.code).toBe('UND_ERR_SOCKET');

    const found = await api.get<PurchaseOrder[]>('PurchaseOrder/GetByExternalId/hire-dropped');
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(1);
    expect(found.body[0]).toMatchObject({ ExternalId: 'hire-dropped', Status: 1, TotalNetValue: 620 });
    const [call] = sim.calls({ path: 'PurchaseOrder/Add' });
    expect(call).toMatchObject({ status: null, outcome: 'dropped', body });
    // Once only: the next Add answers as usual.
    expect((await api.post('PurchaseOrder/Add', { ...body, ExternalId: 'hire-next' })).status).toBe(200);
  });

  it('drop after create: node:http sees "socket hang up" (ECONNRESET)', async () => {
    const body = await orderBody(sim, KEY, 'hire-raw');
    sim.fail.dropAfterCreate({ key: KEY });
    const result = await rawPost(`${sim.url}/api/${KEY}/PurchaseOrder/Add`, body);
    expect(result).toMatchObject({ error: { message: 'socket hang up', code: 'ECONNRESET' } });
    expect(sim.tenant(KEY)!.purchaseOrders.filter((o) => o.ExternalId === 'hire-raw')).toHaveLength(1);
  });

  it('drop after create applies only to the resource and key it names', async () => {
    sim.fail.dropAfterCreate({ resource: 'Supplier', key: OTHER });
    const body = await orderBody(sim, KEY, 'hire-not-dropped');
    expect((await zaharaAs(sim, KEY).post('PurchaseOrder/Add', body)).status).toBe(200);
    expect((await zaharaAs(sim, KEY).post('Supplier/Add', { SupplierName: 'Kept Answer Ltd' })).status).toBe(
      200,
    );
    await expect(zaharaAs(sim, OTHER).post('Supplier/Add', { SupplierName: 'Cut Off Ltd' })).rejects.toThrow(
      'fetch failed',
    );
    const made = (await zaharaAs(sim, OTHER).get<Supplier[]>('Supplier/Search/Cut Off')).body;
    expect(made.map((s) => s.SupplierName)).toEqual(['Cut Off Ltd']);
  });

  it('drop after create does not fire on a refused Add; the next valid one is cut off', async () => {
    sim.fail.dropAfterCreate();
    const api = zaharaAs(sim, KEY);
    expect((await api.post('PurchaseOrder/Add', { LineItems: [] })).status).toBe(400);
    const body = await orderBody(sim, KEY, 'hire-after-refusal');
    await expect(api.post('PurchaseOrder/Add', body)).rejects.toThrow('fetch failed');
  });

  it('the call log records what the client sent and what it was answered', async () => {
    const api = zaharaAs(sim, KEY);
    await api.get(`Supplier/Search/${encodeURIComponent('Northern Plant')}`);
    await api.post('Project/Add', { ProjectName: 'Logged', ProjectCode: 'J-LOG' });
    await zaharaAs(sim, OTHER).get('Project/GetAll');
    await zaharaAs(sim, 'bu-key-unknown-000000').get('Project/GetAll');
    expect(sim.calls({ key: KEY }).map((c) => [c.method, c.path, c.status])).toEqual([
      ['GET', 'Supplier/Search/Northern%20Plant', 200],
      ['POST', 'Project/Add', 200],
    ]);
    expect(sim.calls({ path: /^Project\// }).map((c) => c.key)).toEqual([
      KEY,
      OTHER,
      'bu-key-unknown-000000',
    ]);
    expect(sim.calls({ method: 'post' })[0].body).toEqual({ ProjectName: 'Logged', ProjectCode: 'J-LOG' });
    expect(sim.calls({ key: 'bu-key-unknown-000000' })[0].status).toBe(401);
    sim.clearCalls();
    expect(sim.calls()).toEqual([]);
  });
});

describe('Zahara simulator: the control API over HTTP', () => {
  let sim: ZaharaSimulator;

  beforeAll(async () => {
    sim = await startZaharaSimulator({ keys: [KEY] });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('GET /_sim shows the keys, settings and failures switched on', async () => {
    await control(sim, 'POST', '/fail/slow', { delayMs: 5, times: 3, key: KEY });
    const state = await control<Record<string, unknown>>(sim, 'GET', '');
    expect(state.status).toBe(200);
    expect(state.body).toEqual({
      url: sim.url,
      keys: [KEY],
      acceptAnyKey: false,
      keyPattern: '^[A-Za-z0-9_-]{16,128}$',
      ratePerMinute: 100,
      rateWindowMs: 60_000,
      failures: [{ kind: 'slow', key: KEY, delayMs: 5, remaining: 3 }],
    });
  });

  it('switches each failure on and all off', async () => {
    const api = zaharaAs(sim, KEY);
    await control(sim, 'POST', '/fail/unauthorized', { key: KEY });
    expect((await api.get('Project/GetAll')).status).toBe(401);
    await control(sim, 'DELETE', '/fail');
    await control(sim, 'POST', '/fail/server-errors', { times: 1, status: 502 });
    expect((await api.get('Project/GetAll')).status).toBe(502);
    expect((await api.get('Project/GetAll')).status).toBe(200);
    const body = await orderBody(sim, KEY, 'hire-control-drop');
    await control(sim, 'POST', '/fail/drop-after-create', { resource: 'PurchaseOrder' });
    await expect(api.post('PurchaseOrder/Add', body)).rejects.toThrow('fetch failed');
    const state = await control<{ failures: unknown[] }>(sim, 'DELETE', '/fail');
    expect(state.body.failures).toEqual([]);
  });

  it('answers the call log, a tenant snapshot, and resets', async () => {
    const body = await orderBody(sim, KEY, 'hire-snap');
    await zaharaAs(sim, KEY).post('PurchaseOrder/Add', body);
    const calls = await control<{ calls: { path: string; body: unknown }[] }>(
      sim,
      'GET',
      `/calls?key=${KEY}&path=PurchaseOrder/Add`,
    );
    expect(calls.body.calls).toHaveLength(1);
    expect(calls.body.calls[0].body).toEqual(body);
    const tenant = await control<{ purchaseOrders: { ExternalId: string | null }[] }>(
      sim,
      'GET',
      `/tenants/${KEY}`,
    );
    expect(tenant.body.purchaseOrders.map((o) => o.ExternalId)).toEqual([null, null, 'hire-snap']);
    expect((await control(sim, 'GET', '/tenants/nobody')).status).toBe(404);
    await control(sim, 'POST', '/reset');
    expect(sim.tenant(KEY)!.purchaseOrders).toHaveLength(2);
    expect(sim.calls()).toEqual([]);
  });

  it("moves an order's status as an approver would; a completed order then refuses any update", async () => {
    const body = await orderBody(sim, KEY, 'hire-approved');
    const made = await zaharaAs(sim, KEY).post<{ DocumentId: number; PurchaseOrderNumber: string }>(
      'PurchaseOrder/Add',
      body,
    );
    const moved = await control(
      sim,
      'PUT',
      `/tenants/${KEY}/purchase-orders/${made.body.DocumentId}/status`,
      {
        status: 4,
      },
    );
    expect(moved).toMatchObject({ status: 200, body: { documentId: made.body.DocumentId, status: 4 } });
    expect(sim.tenant(KEY)!.purchaseOrders.find((o) => o.ExternalId === 'hire-approved')!.Status).toBe(4);
    const update = await zaharaAs(sim, KEY).put<{ Errors: string[] }>(
      `PurchaseOrder/Update/${made.body.DocumentId}`,
      body,
    );
    expect(update.status).toBe(400);
    expect(update.body.Errors).toEqual([
      `Purchase order ${made.body.PurchaseOrderNumber} is completed and cannot be changed.`,
    ]);
    expect(
      (await control(sim, 'PUT', `/tenants/${KEY}/purchase-orders/999/status`, { status: 2 })).status,
    ).toBe(404);
    expect(
      (
        await control(sim, 'PUT', `/tenants/${KEY}/purchase-orders/${made.body.DocumentId}/status`, {
          status: 7,
        })
      ).status,
    ).toBe(400);
  });

  it('refuses a malformed control request with a 400 saying what is wrong', async () => {
    const bad = await control<{ error: string }>(sim, 'POST', '/fail/slow', { delayMs: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^delayMs: /);
    const resource = await control<{ error: string }>(sim, 'POST', '/fail/drop-after-create', {
      resource: 'Invoice',
    });
    expect(resource.status).toBe(400);
    expect((await control(sim, 'GET', '/nothing-here')).status).toBe(404);
  });
});
