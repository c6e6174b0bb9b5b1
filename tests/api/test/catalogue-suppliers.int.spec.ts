import { randomUUID } from 'node:crypto';
import { tag, twoCompanies, type Companies } from './catalogue-support';
import { client, startSystem, type Json, type System } from './system';

const NOT_FOUND = 'Supplier not found';
const ONLY_ADMINS = 'Only administrators can add, edit or delete suppliers';
const READ_ONLY = 'Read-only (created by another customer)';
const ONLY_CREATOR_DELETES = 'Only the customer that created this supplier can delete it';

describe('suppliers over HTTP (spec §2 Suppliers, §5, §6, §7), with a second company probing', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let co: Companies;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    co = await twoCompanies(sys, 'Supp');
  }, 60_000);
  afterAll(() => sys?.close());

  const basic = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    contact_email: 'Hire.Desk@Speedy.example',
    contact_phone: '0114 496 0000',
    address: '4 Mill Lane, Leeds LS1 4AB',
    ...extra,
  });

  async function add(name: string, token = co.a.token) {
    const res = await api.post('/api/suppliers', basic(name), token);
    expect(res.status).toBe(201);
    return res.body.supplier as Json;
  }

  const details = {
    contact_name: 'Dave Hughes',
    contact_email: 'dave@speedy.example',
    phone: '07700 900123',
    preferred_order_method: 'purchase_order',
    availability_check_method: 'website',
  };

  describe('routing and sessions', () => {
    it('answers the static paths themselves, never as a supplier id', async () => {
      const favorites = await api.get('/api/suppliers/favorites/list', co.a.token);
      expect(favorites.status).toBe(200);
      expect(favorites.body.suppliers).toEqual([]);
      const similar = await api.get('/api/suppliers/similar?name=Speedy', co.a.token);
      expect(similar.status).toBe(200);
      expect(similar.body).toEqual({ similar: expect.any(Array) });
      const unknown = await api.get(`/api/suppliers/${randomUUID()}`, co.a.token);
      expect(unknown).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
    });

    it('needs a session on every supplier route', async () => {
      const id = randomUUID();
      for (const [method, url] of [
        ['GET', '/api/suppliers'],
        ['POST', '/api/suppliers'],
        ['PUT', `/api/suppliers/${id}`],
        ['POST', `/api/suppliers/${id}/customer-details`],
        ['GET', `/api/suppliers/${id}/timeline`],
        ['POST', `/api/suppliers/${id}/notes`],
      ]) {
        const res = await api.request(method, url, { body: method === 'GET' ? undefined : {} });
        expect({ method, url, status: res.status }).toEqual({ method, url, status: 401 });
      }
    });
  });

  describe('adding (admins, spec §6) with the spec §5 rules', () => {
    it('adds a supplier, answering supplier.id, created by the caller’s company', async () => {
      const name = `Speedy Hire ${tag('add')}`;
      const res = await api.post('/api/suppliers', { ...basic(name), details }, co.a.token);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: 'Supplier created successfully',
        supplier: expect.objectContaining({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name,
          contact_email: 'hire.desk@speedy.example',
          contact_phone: '0114 496 0000',
          address: '4 Mill Lane, Leeds LS1 4AB',
          created_by: co.a.customerId,
          created_by_you: true,
          is_favorite: false,
          customer_contact_name: 'Dave Hughes',
          preferred_order_method: 'purchase_order',
        }),
      });
    });

    it('refuses a non-admin', async () => {
      const res = await api.post('/api/suppliers', basic('Not mine to add'), co.aUser.token);
      expect(res).toMatchObject({ status: 403, body: { error: ONLY_ADMINS } });
    });

    it.each([
      ['a missing name', { name: '' }, 'name', 'Supplier name is required'],
      [
        'a 256-character name',
        { name: 'x'.repeat(256) },
        'name',
        'Supplier name must be 255 characters or less',
      ],
      [
        'a 51-character office phone',
        { contact_phone: '1'.repeat(51) },
        'contact_phone',
        'Office phone must be 50 characters or less',
      ],
      [
        'an office phone that is not a number',
        { contact_phone: 'ask for Dave' },
        'contact_phone',
        'Please enter a valid phone number',
      ],
      [
        'an invalid email',
        { contact_email: 'not-an-email' },
        'contact_email',
        'Please enter a valid email address',
      ],
      [
        'a 256-character email',
        { contact_email: `${'a'.repeat(245)}@example.com` },
        'contact_email',
        'Contact email must be 255 characters or less',
      ],
    ])('refuses %s with its message', async (_label, change, param, msg) => {
      const res = await api.post('/api/suppliers', basic('Valid', change), co.a.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: msg, details: [{ param, msg }] });
    });

    it('leaves out empty optional values', async () => {
      const res = await api.post(
        '/api/suppliers',
        { name: `Bare ${tag('bare')}`, contact_email: '', contact_phone: '', address: '' },
        co.a.token,
      );
      expect(res.status).toBe(201);
      expect(res.body.supplier).toMatchObject({ contact_email: null, contact_phone: null, address: null });
    });

    it('adds once for one Idempotency-Key; the key with another body is a 409', async () => {
      const key = randomUUID();
      const name = `Once ${tag('idem')}`;
      const send = (n: string) =>
        api.request('POST', '/api/suppliers', {
          body: basic(n),
          token: co.a.token,
          headers: { 'Idempotency-Key': key },
        });
      const first = await send(name);
      const again = await send(name);
      expect(first.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.supplier.id).toBe(first.body.supplier.id);
      expect((await send(`${name} 2`)).status).toBe(409);
      const listed = await api.get(`/api/suppliers?search=${encodeURIComponent(name)}`, co.a.token);
      expect(listed.body.pagination.total).toBe(1);
    });
  });

  describe('a community supplier: basic information read-only, own details and notes saved (spec §2, §6)', () => {
    it('refuses the other company’s changes to basic information and its delete', async () => {
      const supplier = await add(`Community ${tag('ro')}`);
      const seen = await api.get(`/api/suppliers/${supplier.id}`, co.b.token);
      expect(seen.status).toBe(200);
      expect(seen.body.supplier).toMatchObject({ created_by: co.a.customerId, created_by_you: false });

      const put = await api.put(`/api/suppliers/${supplier.id}`, basic('Taken over'), co.b.token);
      expect(put).toMatchObject({ status: 403, body: { error: READ_ONLY } });
      const del = await api.delete(`/api/suppliers/${supplier.id}`, co.b.token);
      expect(del).toMatchObject({ status: 403, body: { error: ONLY_CREATOR_DELETES } });
      expect((await api.get(`/api/suppliers/${supplier.id}`, co.a.token)).body.supplier.name).toBe(
        supplier.name,
      );
    });

    it('saves the other company’s own details (POST and PUT), private to it', async () => {
      const supplier = await add(`Details ${tag('det')}`);
      const saved = await api.post(`/api/suppliers/${supplier.id}/customer-details`, details, co.b.token);
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe('Your communication details were saved');
      expect(saved.body.supplier).toMatchObject({
        customer_contact_name: 'Dave Hughes',
        customer_contact_email: 'dave@speedy.example',
        customer_phone: '07700 900123',
        preferred_order_method: 'purchase_order',
        availability_check_method: 'website',
      });
      const replaced = await api.put(
        `/api/suppliers/${supplier.id}/customer-details`,
        { ...details, contact_name: 'Sue Patel', preferred_order_method: 'email' },
        co.b.token,
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body.supplier).toMatchObject({
        customer_contact_name: 'Sue Patel',
        preferred_order_method: 'email',
      });

      // The creating company sees none of it.
      const forA = (await api.get(`/api/suppliers/${supplier.id}`, co.a.token)).body.supplier;
      expect(forA).toMatchObject({
        customer_contact_name: null,
        customer_contact_email: null,
        customer_phone: null,
        preferred_order_method: null,
        availability_check_method: null,
      });
    });

    it('lets any role of a company save its details and notes', async () => {
      const supplier = await add(`Any role ${tag('role')}`);
      const saved = await api.put(`/api/suppliers/${supplier.id}/customer-details`, details, co.aUser.token);
      expect(saved.status).toBe(200);
      const note = await api.post(
        `/api/suppliers/${supplier.id}/notes`,
        { note: 'Ask for Dave' },
        co.aUser.token,
      );
      expect(note.status).toBe(201);
      const put = await api.put(`/api/suppliers/${supplier.id}`, basic('Renamed'), co.aUser.token);
      expect(put).toMatchObject({ status: 403, body: { error: ONLY_ADMINS } });
      const del = await api.delete(`/api/suppliers/${supplier.id}`, co.aUser.token);
      expect(del.status).toBe(403);
    });

    it.each([
      [
        'a 21-character phone',
        { phone: '1'.repeat(21) },
        'phone',
        'Contact phone must be 20 characters or less',
      ],
      [
        'a contact phone that is not a number',
        { phone: '123' },
        'phone',
        'Please enter a valid phone number',
      ],
      [
        'a 256-character contact name',
        { contact_name: 'x'.repeat(256) },
        'contact_name',
        'Contact name must be 255 characters or less',
      ],
      [
        'an invalid contact email',
        { contact_email: 'dave at speedy' },
        'contact_email',
        'Please enter a valid email address',
      ],
      [
        'an unknown order method',
        { preferred_order_method: 'fax' },
        'preferred_order_method',
        'Preferred order method must be one of phone, email, purchase_order or zahara',
      ],
      [
        'an unknown availability check',
        { availability_check_method: 'pigeon' },
        'availability_check_method',
        'Availability check method must be one of phone, email or website',
      ],
    ])('refuses details with %s', async (_label, change, param, msg) => {
      const supplier = await add(`Bad details ${tag('bd')}`);
      const res = await api.post(
        `/api/suppliers/${supplier.id}/customer-details`,
        { ...details, ...change },
        co.b.token,
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: msg, details: [{ param, msg }] });
    });

    it('keeps notes and the timeline private to each company', async () => {
      const supplier = await add(`Timeline ${tag('tl')}`);
      const noteA = await api.post(
        `/api/suppliers/${supplier.id}/notes`,
        { note: 'A: net 30 terms agreed' },
        co.a.token,
      );
      expect(noteA.status).toBe(201);
      expect(noteA.body).toMatchObject({
        message: 'Note added',
        event: { type: 'note', body: 'A: net 30 terms agreed', author: expect.any(String) },
      });
      const noteB = await api.post(
        `/api/suppliers/${supplier.id}/notes`,
        { note: 'B: call before 9am' },
        co.b.token,
      );
      expect(noteB.status).toBe(201);

      const timelineA = (await api.get(`/api/suppliers/${supplier.id}/timeline`, co.a.token)).body.events;
      expect(timelineA.map((e: Json) => e.type)).toEqual(['note', 'created']);
      expect(timelineA[0].body).toBe('A: net 30 terms agreed');
      const timelineB = (await api.get(`/api/suppliers/${supplier.id}/timeline`, co.b.token)).body.events;
      expect(timelineB.map((e: Json) => [e.type, e.body])).toEqual([['note', 'B: call before 9am']]);

      const forA = (await api.get(`/api/suppliers/${supplier.id}`, co.a.token)).body.supplier;
      const forB = (await api.get(`/api/suppliers/${supplier.id}`, co.b.token)).body.supplier;
      expect([forA.has_customer_note, forA.customer_note]).toEqual([true, 'A: net 30 terms agreed']);
      expect([forB.has_customer_note, forB.customer_note]).toEqual([true, 'B: call before 9am']);

      const blank = await api.post(`/api/suppliers/${supplier.id}/notes`, { note: '  ' }, co.a.token);
      expect(blank.body).toEqual({
        error: 'Note is required',
        details: [{ param: 'note', msg: 'Note is required' }],
      });
      const long = await api.post(
        `/api/suppliers/${supplier.id}/notes`,
        { note: 'x'.repeat(2001) },
        co.a.token,
      );
      expect(long.body.error).toBe('Note must be 2000 characters or less');
    });

    it('adds one note for one Idempotency-Key', async () => {
      const supplier = await add(`Note once ${tag('no')}`);
      const key = randomUUID();
      for (let i = 0; i < 2; i++) {
        const res = await api.request('POST', `/api/suppliers/${supplier.id}/notes`, {
          body: { note: 'Once only' },
          token: co.b.token,
          headers: { 'Idempotency-Key': key },
        });
        expect(res.status).toBe(201);
      }
      const events = (await api.get(`/api/suppliers/${supplier.id}/timeline`, co.b.token)).body.events;
      expect(events.filter((e: Json) => e.type === 'note')).toHaveLength(1);
    });
  });

  describe('the creator’s own changes', () => {
    it('updates basic information and records it on its timeline', async () => {
      const supplier = await add(`Update ${tag('up')}`);
      const res = await api.put(
        `/api/suppliers/${supplier.id}`,
        basic(`${supplier.name} Ltd`, { address: '' }),
        co.a.token,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: 'Supplier updated successfully',
        supplier: { name: `${supplier.name} Ltd`, address: null },
      });
      const bad = await api.put(`/api/suppliers/${supplier.id}`, basic(''), co.a.token);
      expect(bad.body.details).toEqual([{ param: 'name', msg: 'Supplier name is required' }]);
      const events = (await api.get(`/api/suppliers/${supplier.id}/timeline`, co.a.token)).body.events;
      expect(events.map((e: Json) => e.type)).toEqual(['updated', 'created']);
      expect((await api.put(`/api/suppliers/${randomUUID()}`, basic('Ghost'), co.a.token)).status).toBe(404);
    });

    it('deletes once; then it is gone for everyone, with its details, notes and timeline', async () => {
      const supplier = await add(`Delete ${tag('del')}`);
      await api.post(`/api/suppliers/${supplier.id}/notes`, { note: 'B note' }, co.b.token);
      const first = await api.delete(`/api/suppliers/${supplier.id}`, co.a.token);
      expect(first).toMatchObject({ status: 200, body: { message: 'Supplier deleted successfully' } });
      expect(await api.delete(`/api/suppliers/${supplier.id}`, co.a.token)).toMatchObject({
        status: 404,
        body: { error: NOT_FOUND },
      });
      for (const [method, url] of [
        ['GET', `/api/suppliers/${supplier.id}`],
        ['GET', `/api/suppliers/${supplier.id}/timeline`],
        ['POST', `/api/suppliers/${supplier.id}/notes`],
        ['POST', `/api/suppliers/${supplier.id}/customer-details`],
        ['POST', `/api/suppliers/${supplier.id}/favorite`],
      ]) {
        const res = await api.request(method, url, {
          token: co.b.token,
          body: method === 'POST' ? { note: 'x' } : undefined,
        });
        expect({ url, status: res.status, error: res.body.error }).toEqual({
          url,
          status: 404,
          error: NOT_FOUND,
        });
      }
    });
  });

  describe('listing, search and favourites', () => {
    it('pages 12 at a time and searches names', async () => {
      const word = tag('list');
      for (let i = 0; i < 13; i++) await add(`Plant ${word} ${String(i).padStart(2, '0')}`);
      const page1 = await api.get(`/api/suppliers?search=${word}`, co.b.token);
      expect(page1.status).toBe(200);
      expect(page1.body.suppliers).toHaveLength(12);
      expect(page1.body.pagination).toEqual({ page: 1, limit: 12, total: 13, pages: 2 });
      expect(page1.body.suppliers.every((s: Json) => s.created_by_you === false)).toBe(true);
      expect((await api.get(`/api/suppliers?search=${word}&page=2`, co.b.token)).body.suppliers).toHaveLength(
        1,
      );
      expect(
        (await api.get(`/api/suppliers?search=${word}&limit=1000`, co.a.token)).body.suppliers,
      ).toHaveLength(13);
      const tooMany = await api.get('/api/suppliers?limit=1001', co.a.token);
      expect(tooMany.body.error).toBe('Limit must be a whole number from 1 to 1000');
    });

    it('keeps favourites per company', async () => {
      const word = tag('fav');
      const supplier = await add(`Favourite ${word}`);
      const added = await api.post(`/api/suppliers/${supplier.id}/favorite`, undefined, co.b.token);
      expect(added).toMatchObject({ status: 200, body: { is_favorite: true } });
      const mine = await api.get(`/api/suppliers/favorites/list?search=${word}`, co.b.token);
      expect(mine.body.suppliers.map((s: Json) => [s.id, s.is_favorite])).toEqual([[supplier.id, true]]);
      expect(
        (await api.get(`/api/suppliers/favorites/list?search=${word}`, co.a.token)).body.suppliers,
      ).toEqual([]);
      expect((await api.get(`/api/suppliers/${supplier.id}`, co.a.token)).body.supplier.is_favorite).toBe(
        false,
      );

      expect((await api.delete(`/api/suppliers/${supplier.id}/favorite`, co.a.token)).status).toBe(200);
      expect((await api.get(`/api/suppliers/${supplier.id}`, co.b.token)).body.supplier.is_favorite).toBe(
        true,
      );
      const removed = await api.delete(`/api/suppliers/${supplier.id}/favorite`, co.b.token);
      expect(removed).toMatchObject({ status: 200, body: { is_favorite: false } });
      expect(
        (await api.get(`/api/suppliers/favorites/list?search=${word}`, co.b.token)).body.suppliers,
      ).toEqual([]);
      expect((await api.post(`/api/suppliers/${randomUUID()}/favorite`, undefined, co.b.token)).status).toBe(
        404,
      );
    });

    it('offers similar names before adding a near-duplicate', async () => {
      const word = tag('sim');
      const supplier = await add(`Brandon Hire Station ${word}`);
      const res = await api.get(
        `/api/suppliers/similar?name=${encodeURIComponent(`Brandon Hire ${word}`)}`,
        co.b.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.similar).toContainEqual(expect.objectContaining({ id: supplier.id, category: null }));
    });

    it('lists suppliers and favourites over GraphQL, as the caller’s company sees them', async () => {
      const word = tag('gql');
      const supplier = await add(`Graph ${word}`);
      await api.post(`/api/suppliers/${supplier.id}/notes`, { note: 'only B' }, co.b.token);
      await api.post(`/api/suppliers/${supplier.id}/favorite`, undefined, co.b.token);
      const query = `{ suppliers(search: "${word}") { suppliers { id created_by_you has_customer_note is_favorite } pagination { total } }
        favoriteSuppliers(search: "${word}") { suppliers { id } } }`;
      const a = await api.post('/graphql', { query }, co.a.token);
      expect(a.body.errors).toBeUndefined();
      expect(a.body.data).toEqual({
        suppliers: {
          suppliers: [
            { id: supplier.id, created_by_you: true, has_customer_note: false, is_favorite: false },
          ],
          pagination: { total: 1 },
        },
        favoriteSuppliers: { suppliers: [] },
      });
      const b = await api.post('/graphql', { query }, co.b.token);
      expect(b.body.data.suppliers.suppliers).toEqual([
        { id: supplier.id, created_by_you: false, has_customer_note: true, is_favorite: true },
      ]);
      expect(b.body.data.favoriteSuppliers.suppliers).toEqual([{ id: supplier.id }]);
    });
  });
});
