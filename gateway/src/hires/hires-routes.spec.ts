import { randomUUID } from 'node:crypto';
import { HIRES_MESSAGES, ServiceError } from '@planted/contracts';
import { HIRES_ROUTES } from './hires.routes';
import { SITES_ROUTES } from './sites.routes';
import { testGateway, type TestGateway } from '../../test/support/catalogue-gateway';

const ID = randomUUID();

const HIRE = {
  equipment_id: randomUUID(),
  supplier_id: randomUUID(),
  site_id: randomUUID(),
  price: '45.50',
  pricing_term: 'day',
  hire_start_date: '2026-03-02',
  hire_end_date: '2026-03-06',
};

describe('sites and hires routes (spec §7 Sites and Hires)', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await testGateway([...SITES_ROUTES, ...HIRES_ROUTES]);
  });
  afterAll(() => gw.app.close());
  afterEach(() => {
    gw.answer = () => ({});
  });

  const call = (method: string, url: string, payload?: object, token = 'user-token') =>
    gw.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload && { payload }),
    });

  it.each([
    ['GET', '/api/sites', undefined, 'hires.sites.list.v1'],
    ['GET', `/api/sites/${ID}`, undefined, 'hires.sites.get.v1'],
    ['DELETE', `/api/sites/${ID}`, undefined, 'hires.sites.delete.v1'],
    ['GET', '/api/hires', undefined, 'hires.hires.list.v1'],
    ['GET', '/api/hires/ending-soon', undefined, 'hires.hires.ending-soon.v1'],
    ['GET', '/api/hires/overdue', undefined, 'hires.hires.overdue.v1'],
    ['GET', '/api/hires/subscription-usage', undefined, 'hires.hires.subscription-usage.v1'],
    ['PUT', '/api/hires/bulk/status', { hireIds: [ID], status: 'completed' }, 'hires.hires.bulk-status.v1'],
    ['DELETE', '/api/hires/bulk', { hireIds: [ID] }, 'hires.hires.bulk-delete.v1'],
    ['GET', `/api/hires/${ID}`, undefined, 'hires.hires.get.v1'],
    ['PUT', `/api/hires/${ID}`, HIRE, 'hires.hires.update.v1'],
    ['DELETE', `/api/hires/${ID}`, undefined, 'hires.hires.delete.v1'],
  ])('routes %s %s to its subject (static paths before /{id})', async (method, url, body, subject) => {
    gw.sent.length = 0;
    const res = await call(method, url, body);
    expect(res.statusCode).toBe(200);
    expect(gw.sent.map((s) => s.subject)).toEqual([subject]);
  });

  it('creates with 201 on POST /api/sites and /api/hires', async () => {
    gw.sent.length = 0;
    const site = await call('POST', '/api/sites', {
      name: 'Canary Wharf',
      address_line_1: '1 Quay',
      city: 'London',
      postcode: 'e14 5ab',
    });
    expect(site.statusCode).toBe(201);
    expect((await call('POST', '/api/hires', HIRE)).statusCode).toBe(201);
    expect(gw.sent.map((s) => s.subject)).toEqual(['hires.sites.create.v1', 'hires.hires.create.v1']);
    expect(gw.sent[0].payload).toMatchObject({ postcode: 'E14 5AB', country: 'GB', status: 'active' });
  });

  it('reads a DELETE body: the bulk delete’s hireIds', async () => {
    gw.sent.length = 0;
    await call('DELETE', '/api/hires/bulk', { hireIds: [ID, ID] });
    expect(gw.sent[0].payload).toEqual({
      hireIds: [ID, ID],
      actor: expect.objectContaining({ userId: 'u2' }),
    });
    const none = await call('DELETE', '/api/hires/bulk', { hireIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: HIRES_MESSAGES.HIRE_IDS_REQUIRED });
  });

  it('forwards the hire list filters, the status filter as a list (default active,collection_booked)', async () => {
    gw.sent.length = 0;
    await call('GET', '/api/hires?page=2&limit=1000&search=%20breaker%20&status=completed,active');
    await call('GET', '/api/hires');
    expect(gw.sent.map((s) => s.payload)).toEqual([
      {
        page: 2,
        limit: 1000,
        search: 'breaker',
        status: ['completed', 'active'],
        actor: expect.objectContaining({ userId: 'u2', role: 'user' }),
      },
      { page: 1, limit: 12, status: ['active', 'collection_booked'], actor: expect.anything() },
    ]);
    const bad = await call('GET', '/api/hires?status=finished');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: HIRES_MESSAGES.STATUS_FILTER_INVALID });
  });

  it('refuses an end before the start on creating and editing, sending nothing', async () => {
    gw.sent.length = 0;
    for (const [method, url] of [
      ['POST', '/api/hires'],
      ['PUT', `/api/hires/${ID}`],
    ]) {
      const res = await call(method, url, { ...HIRE, hire_end_date: '2026-03-01' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'End date must be on or after the start date',
        details: [{ param: 'hire_end_date', msg: 'End date must be on or after the start date' }],
      });
    }
    expect(gw.sent).toEqual([]);
  });

  it('answers the plan limit with 403 and the contract’s message', async () => {
    gw.answer = () => {
      throw new ServiceError('HIRE_LIMIT_REACHED', HIRES_MESSAGES.HIRE_LIMIT_REACHED);
    };
    const res = await call('POST', '/api/hires', HIRE);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: HIRES_MESSAGES.HIRE_LIMIT_REACHED });
  });

  it('lets every signed-in role call them (spec §6: no role gate on sites and hires)', async () => {
    for (const token of ['user-token', 'admin-token']) {
      expect((await call('DELETE', `/api/sites/${ID}`, undefined, token)).statusCode).toBe(200);
    }
  });

  it('honours Idempotency-Key on the creating routes only', () => {
    const idempotent = [...SITES_ROUTES, ...HIRES_ROUTES]
      .filter((r) => r.idempotent)
      .map((r) => r.operationId)
      .sort();
    expect(idempotent).toEqual(['createHire', 'createSite']);
  });

  it('forwards a hire as parsed only where its input is the subject’s payload less actor', () => {
    const declared = HIRES_ROUTES.filter((r) => (r as { inputIsPayload?: boolean }).inputIsPayload);
    expect(declared.map((r) => r.operationId).sort()).toEqual(['createHire', 'updateHire']);
    const actor = {
      userId: randomUUID(),
      customerId: randomUUID(),
      role: 'user',
      email: 'a@b.test',
      name: 'A',
      sessionId: randomUUID(),
    };
    const samples: Array<Record<string, unknown>> = [
      { ...HIRE, id: ID },
      { ...HIRE, id: ID, delivery_charge: '', operator_cost: 12.5, notes: '  padded  ', unknown: 'x' },
      { ...HIRE, id: ID, hire_end_date: '2026-03-01' },
      { ...HIRE, id: ID, price: 'lots' },
      { id: ID },
    ];
    for (const declaration of declared) {
      expect(declaration.forwardsParsed).toBe(true);
      for (const sample of samples) {
        const input = declaration.input.safeParse(sample);
        const payload = declaration.subject.request.safeParse({ ...sample, actor });
        expect(input.success).toBe(payload.success);
        if (input.success) expect({ ...(input.data as object), actor }).toEqual(payload.data);
        else
          expect(input.error!.issues.map((i) => i.message)).toEqual(
            payload.error!.issues.map((i) => i.message),
          );
      }
    }
  });
});
