import { randomUUID } from 'node:crypto';
import {
  AccountingProjectsSync,
  CatalogueEquipmentFavoriteAdd,
  CatalogueSupplierNoteAdd,
  HiresBulkDelete,
  HiresDelete,
  HiresGet,
  HiresSiteCreate,
  HiresSiteDelete,
  MESSAGES,
  type RequestSubject,
} from '@planted/contracts';
import { catalogueItems, createSite, hireFields } from './hires-support';
import { inviteMember } from './catalogue-support';
import { client, company, startSystem, type System } from './system';

// Spec §6 names three roles and leaves what a viewer may do unsaid: here a viewer sees every
// record of the company and changes none (a user does everything but the admins' tasks).
describe('the viewer role: sees everything, changes nothing', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let admin: { token: string; customer: { id: string } };
  let viewer: string;
  let member: Awaited<ReturnType<typeof inviteMember>>;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    admin = (await api.post('/api/auth/register', company('Viewer'))).body;
    member = await inviteMember(
      sys,
      { token: admin.token, customerId: admin.customer.id },
      { label: 'viewer', name: 'Vera Viewer', role: 'viewer' },
    );
    viewer = member.token;
  });

  afterAll(async () => {
    await sys?.close();
  });

  it("reads the company's sites and hires, and is refused every change with a clear message", async () => {
    const items = await catalogueItems(api, admin.token, 'Viewer');
    const site = await createSite(api, admin.token, 'Viewer yard');
    const hire = await api.post(
      '/api/hires',
      hireFields(items, site, { hire_status: 'active' }),
      admin.token,
    );
    expect(hire.status).toBe(201);
    const id = hire.body.hire.id as string;

    expect((await api.get('/api/hires', viewer)).body.hires.map((h: { id: string }) => h.id)).toEqual([id]);
    expect((await api.get(`/api/sites/${site.id}`, viewer)).status).toBe(200);

    const refused = [
      await api.post(
        '/api/sites',
        { name: 'No', address_line_1: '1 Road', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
        viewer,
      ),
      await api.put(`/api/sites/${site.id}`, { ...site, name: 'Renamed' }, viewer),
      await api.delete(`/api/sites/${site.id}`, viewer),
      await api.post('/api/hires', hireFields(items, site, { hire_status: 'active' }), viewer),
      await api.put(`/api/hires/${id}`, hireFields(items, site, { hire_status: 'active', price: 1 }), viewer),
      await api.put('/api/hires/bulk/status', { hireIds: [id], status: 'completed' }, viewer),
      await api.request('DELETE', '/api/hires/bulk', { body: { hireIds: [id] }, token: viewer }),
      await api.delete(`/api/hires/${id}`, viewer),
      await api.post(`/api/suppliers/${items.supplier.id}/notes`, { note: 'from a viewer' }, viewer),
      await api.post(
        `/api/suppliers/${items.supplier.id}/customer-details`,
        { account_number: 'V-1' },
        viewer,
      ),
      await api.post('/api/zahara/purchase-order/create', { hireId: id }, viewer),
      await api.post('/api/zahara/purchase-order/create-bulk', { hireIds: [id] }, viewer),
      await api.post('/api/zahara/projects/sync', { syncType: 'incremental' }, viewer),
      await api.post(
        '/api/equipment/generate-description',
        { name: 'Kango 950', category: 'Breaking & Drilling', unit_of_measure: 'per_day', power: '110V' },
        viewer,
      ),
    ];
    for (const answer of refused)
      expect([answer.status, answer.body]).toEqual([403, { error: MESSAGES.VIEWERS_READ_ONLY }]);

    // Nothing changed.
    const after = await api.get(`/api/hires/${id}`, admin.token);
    expect(after.body.hire).toMatchObject({ price: hire.body.hire.price, hire_status: 'active' });
    expect((await api.get(`/api/sites/${site.id}`, admin.token)).body.site.name).toBe('Viewer yard');
  });

  it('is refused on the bus too, past the gateway, by every service (audit AE-2)', async () => {
    const items = await catalogueItems(api, admin.token, 'Bus');
    const site = await createSite(api, admin.token, 'Bus yard');
    const actor = {
      userId: member.userId,
      customerId: member.customerId,
      role: 'viewer',
      email: member.email,
      name: member.name,
    };
    const hire = await api.post(
      '/api/hires',
      hireFields(items, site, { hire_status: 'active' }),
      admin.token,
    );
    const hireId = hire.body.hire.id as string;
    const requests: [RequestSubject, Record<string, unknown>][] = [
      [
        HiresSiteCreate,
        { name: 'Via bus', address_line_1: '1 Road', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
      ],
      [HiresSiteDelete, { id: site.id }],
      [HiresDelete, { id: hireId }],
      [HiresBulkDelete, { hireIds: [hireId] }],
      [CatalogueSupplierNoteAdd, { id: items.supplier.id, note: 'via the bus' }],
      [CatalogueEquipmentFavoriteAdd, { id: items.equipment.id }],
      [AccountingProjectsSync, { syncType: 'incremental' }],
    ];
    for (const [subject, data] of requests) {
      const reply = await sys.busRequest(subject, { ...data, actor }, viewer);
      expect([subject.name, reply.err]).toEqual([
        subject.name,
        { code: 'FORBIDDEN', message: MESSAGES.VIEWERS_READ_ONLY },
      ]);
    }
    // The same token still reads (a subject for every role), and nothing changed.
    const read = await sys.busRequest(HiresGet, { id: hireId, actor }, viewer);
    expect(read.err).toBeUndefined();
    expect((await api.get(`/api/sites/${site.id}`, admin.token)).status).toBe(200);
    expect((await api.get(`/api/hires/${hireId}`, admin.token)).status).toBe(200);
    expect((await api.get('/api/equipment/favorites/list', admin.token)).body.equipment).toEqual([]);
  });

  it('still keeps their own profile and language, and changes no favourite of the company', async () => {
    const profile = await api.put(
      '/api/auth/profile',
      { name: 'Vera V', email: (await api.get('/api/auth/profile', viewer)).body.user.email },
      viewer,
    );
    expect(profile.status).toBe(200);
    expect((await api.put('/api/users/language', { language: 'es' }, viewer)).status).toBe(200);
    const items = await catalogueItems(api, admin.token, 'Fav');
    for (const answer of [
      await api.post(`/api/equipment/${items.equipment.id}/favorite`, undefined, viewer),
      await api.delete(`/api/equipment/${items.equipment.id}/favorite`, viewer),
      await api.post(`/api/suppliers/${items.supplier.id}/favorite`, undefined, viewer),
      await api.delete(`/api/suppliers/${items.supplier.id}/favorite`, viewer),
    ])
      expect([answer.status, answer.body]).toEqual([403, { error: MESSAGES.VIEWERS_READ_ONLY }]);
    expect((await api.get(`/api/hires/${randomUUID()}`, viewer)).status).toBe(404);
  });
});
