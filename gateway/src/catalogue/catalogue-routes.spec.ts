import { randomUUID } from 'node:crypto';
import { CATALOGUE_MESSAGES } from '@planted/contracts';
import { EQUIPMENT_ROUTES } from './equipment.routes';
import { EQUIPMENT_UPLOAD_ROUTES } from './equipment-upload';
import { SUPPLIERS_ROUTES } from './suppliers.routes';
import { testGateway, type TestGateway } from '../../test/support/catalogue-gateway';

const ID = randomUUID();

describe('catalogue routes (spec §7 Equipment and Suppliers)', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await testGateway();
  });
  afterAll(() => gw.app.close());

  const call = (method: string, url: string, token = 'user-token', payload?: object) =>
    gw.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload && { payload }),
    });

  it.each([
    ['GET', '/api/equipment', 'catalogue.equipment.list.v1'],
    ['GET', '/api/equipment/categories', 'catalogue.equipment.categories.v1'],
    ['GET', '/api/equipment/favorites/list', 'catalogue.equipment.favorites.list.v1'],
    ['GET', '/api/equipment/pricing', 'catalogue.equipment.pricing.v1'],
    ['GET', '/api/equipment/similar?name=Breaker', 'catalogue.equipment.similar.v1'],
    ['GET', `/api/equipment/${ID}`, 'catalogue.equipment.get.v1'],
    ['POST', `/api/equipment/${ID}/favorite`, 'catalogue.equipment.favorite.add.v1'],
    ['DELETE', `/api/equipment/${ID}/favorite`, 'catalogue.equipment.favorite.remove.v1'],
    ['GET', '/api/suppliers', 'catalogue.suppliers.list.v1'],
    ['GET', '/api/suppliers/favorites/list', 'catalogue.suppliers.favorites.list.v1'],
    ['GET', '/api/suppliers/similar?name=Speedy', 'catalogue.suppliers.similar.v1'],
    ['GET', `/api/suppliers/${ID}`, 'catalogue.suppliers.get.v1'],
    ['GET', `/api/suppliers/${ID}/timeline`, 'catalogue.suppliers.timeline.v1'],
    ['POST', `/api/suppliers/${ID}/favorite`, 'catalogue.suppliers.favorite.add.v1'],
    ['DELETE', `/api/suppliers/${ID}/favorite`, 'catalogue.suppliers.favorite.remove.v1'],
  ])('routes %s %s to %s (static paths before /{id})', async (method, url, subject) => {
    gw.sent.length = 0;
    const res = await call(method, url);
    expect(res.statusCode).toBeLessThan(300);
    expect(gw.sent.map((s) => s.subject)).toEqual([subject]);
  });

  it('forwards list filters from the query with the verified actor', async () => {
    gw.sent.length = 0;
    await call('GET', '/api/equipment?page=2&limit=1000&search=%20drill%20&category=Welding');
    expect(gw.sent[0].payload).toEqual({
      page: 2,
      limit: 1000,
      search: 'drill',
      category: 'Welding',
      actor: expect.objectContaining({ userId: 'u2', role: 'user' }),
    });
  });

  it.each([
    ['POST', '/api/equipment', CATALOGUE_MESSAGES.ONLY_ADMINS_ADD_EQUIPMENT],
    ['PUT', `/api/equipment/${ID}`, CATALOGUE_MESSAGES.ONLY_OWNER_EDITS_EQUIPMENT],
    ['DELETE', `/api/equipment/${ID}`, CATALOGUE_MESSAGES.ONLY_OWNER_EDITS_EQUIPMENT],
    ['POST', '/api/suppliers', CATALOGUE_MESSAGES.ONLY_ADMINS_MANAGE_SUPPLIERS],
    ['PUT', `/api/suppliers/${ID}`, CATALOGUE_MESSAGES.ONLY_ADMINS_MANAGE_SUPPLIERS],
    ['DELETE', `/api/suppliers/${ID}`, CATALOGUE_MESSAGES.ONLY_ADMINS_MANAGE_SUPPLIERS],
  ])(
    'refuses a non-admin %s %s with 403 and the catalogue wording, sending nothing',
    async (method, url, msg) => {
      gw.sent.length = 0;
      const res = await call(method, url, 'user-token', { name: 'x', category: 'Welding' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: msg });
      expect(gw.sent).toEqual([]);
    },
  );

  it('lets any signed-in role save its supplier details and notes', async () => {
    gw.sent.length = 0;
    expect(
      (await call('POST', `/api/suppliers/${ID}/customer-details`, 'user-token', { phone: '0113 496 0000' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/suppliers/${ID}/customer-details`, 'user-token', { phone: '0113 496 0000' }))
        .statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/suppliers/${ID}/notes`, 'user-token', { note: 'Hi' })).statusCode).toBe(
      201,
    );
    expect(gw.sent.map((s) => s.subject)).toEqual([
      'catalogue.suppliers.details.save.v1',
      'catalogue.suppliers.details.save.v1',
      'catalogue.suppliers.notes.add.v1',
    ]);
  });

  it('honours Idempotency-Key on the creating routes only', () => {
    const idempotent = [...EQUIPMENT_ROUTES, ...SUPPLIERS_ROUTES, ...EQUIPMENT_UPLOAD_ROUTES]
      .filter((r) => r.idempotent)
      .map((r) => r.operationId)
      .sort();
    expect(idempotent).toEqual(['addSupplierNote', 'createEquipment', 'createSupplier']);
  });
});
