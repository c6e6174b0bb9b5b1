import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { HIRES_MESSAGES } from '@planted/contracts';
import sharp from 'sharp';
import { equipment, suppliers } from '@planted/hires/src/db/schema';
import { eventually, tag, twoCompanies, type Companies, type Member } from './catalogue-support';
import {
  catalogueItems,
  createHire,
  createSite,
  hireFields,
  londonDate,
  postHire,
  type Catalogue,
} from './hires-support';
import { client, company, startSystem, type Json, type System } from './system';

const NOT_FOUND = 'Hire not found';

/** An item's fields as the edit form sends them back (multipart text). */
const editable = (item: Json) => ({
  name: item.name,
  description: item.description ?? '',
  category: item.category,
  unit_of_measure: item.unit_of_measure ?? '',
  power: item.power ?? '',
});
const ALL = 'status=active,completed,collection_booked';

describe('hires over HTTP (spec §2 Hires, §3 Hire, §4, §7 Hires, §8), with a second company probing', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let co: Companies;
  let items: Catalogue;
  let site: Json;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    co = await twoCompanies(sys, 'Hires');
    items = await catalogueItems(api, co.a.token, 'Hires');
    site = await createSite(api, co.a.token, `Hires yard ${tag('site')}`);
  }, 60_000);
  afterAll(() => sys?.close());

  /** Collection-booked by default: listed by default, yet outside the free plan's 5 active hires. */
  const booked = (extra: Record<string, unknown> = {}, c = items, s = site) =>
    hireFields(c, s, { hire_status: 'collection_booked', ...extra });

  it('needs a session on every hires route', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/hires'],
      ['POST', '/api/hires'],
      ['GET', `/api/hires/${id}`],
      ['PUT', `/api/hires/${id}`],
      ['DELETE', `/api/hires/${id}`],
      ['PUT', '/api/hires/bulk/status'],
      ['DELETE', '/api/hires/bulk'],
      ['GET', '/api/hires/ending-soon'],
      ['GET', '/api/hires/overdue'],
      ['GET', '/api/hires/subscription-usage'],
      ['GET', '/api/customers/stats'],
    ]) {
      const res = await api.request(method, url, { body: method === 'GET' ? undefined : {} });
      expect({ method, url, status: res.status }).toEqual({ method, url, status: 401 });
    }
  });

  describe('adding and the list fields (spec §3 Hire)', () => {
    it('answers hire.id and every list field: equipment, supplier and site names, job number, creator name and picture', async () => {
      const picture = await api.upload(
        '/api/auth/profile-picture',
        'profilePicture',
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } })
          .png()
          .toBuffer(),
        'profile-picture.jpg',
        'image/png',
        co.aUser.token,
      );
      expect(picture.status).toBe(200);
      const res = await postHire(
        api,
        co.aUser.token,
        hireFields(items, site, { additional_details: 'Deliver before 8am', hire_status: 'active' }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: 'Hire created successfully!',
        purchase_order_available: false,
        hire: expect.objectContaining({ id: expect.any(String) }),
      });
      expect(res.body.hire).toEqual({
        id: res.body.hire.id,
        equipment_id: items.equipment.id,
        supplier_id: items.supplier.id,
        site_id: site.id,
        price: 45.5,
        pricing_term: 'day',
        price_per_day: 45.5,
        delivery_charge: 0,
        operator_cost: 0,
        hire_start_date: '2026-03-02',
        hire_end_date: '2026-03-06',
        hire_duration_days: 5,
        net_cost: 227.5,
        vat_amount: 45.5,
        total_cost: 273,
        hire_status: 'active',
        additional_details: 'Deliver before 8am',
        zahara_document_id: null,
        zahara_po_number: null,
        purchase_order_error: null,
        purchase_order_failed_at: null,
        purchase_order_update_error: null,
        equipment_name: items.equipment.name,
        equipment_category: 'Breaking & Drilling',
        // The catalogue's card-sized copy of the photo.
        equipment_image_url: items.equipment.image_card_url,
        supplier_name: items.supplier.name,
        site_name: site.name,
        site_postcode: 'E14 5AB',
        site_address: '1 Canada Square, London',
        job_number: site.job_number,
        created_by: co.aUser.userId,
        creator_name: 'Uma User',
        creator_profile_picture: res.body.hire.creator_profile_picture,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect([null, picture.body.profile_picture_url]).toContain(res.body.hire.creator_profile_picture);
      expect(items.equipment.image_card_url).toMatch(/^\/files\/equipment\//);
      // The picture comes with identity's user.updated event.
      const listed = await eventually(async () => {
        const list = await api.get(
          `/api/hires?search=${encodeURIComponent(items.equipment.name)}`,
          co.a.token,
        );
        const hire = list.body.hires.find((h: Json) => h.id === res.body.hire.id);
        return hire?.creator_profile_picture ? hire : undefined;
      });
      expect(listed).toEqual({ ...res.body.hire, creator_profile_picture: picture.body.profile_picture_url });
    });

    it('follows a renamed item and supplier (catalogue events) in the list', async () => {
      const own = await catalogueItems(api, co.a.token, 'Rename');
      const hire = await createHire(api, co.a.token, booked({}, own));
      const renamed = `Renamed ${tag('ren')}`;
      expect((await api.put(`/api/suppliers/${own.supplier.id}`, { name: renamed }, co.a.token)).status).toBe(
        200,
      );
      const got = await eventually(async () => {
        const res = await api.get(`/api/hires/${hire.id}`, co.a.token);
        return res.body.hire.supplier_name === renamed ? res.body.hire : undefined;
      });
      expect(got.supplier_name).toBe(renamed);
    });

    it('adds a hire for an item and supplier whose catalogue events have not reached hires yet', async () => {
      const fresh = await catalogueItems(api, co.a.token, 'Fresh');
      // Under load the catalogue's events reach hires seconds after its answers. Let them
      // arrive, then take them out of hires' read models: hires is back where it was before
      // the events were delivered, and they will not be delivered again.
      const known = (table: typeof equipment | typeof suppliers, id: string) =>
        sys.hires.database.withSystem((tx) => tx.select().from(table).where(eq(table.id, id)));
      await eventually(async () =>
        (await known(equipment, fresh.equipment.id)).length &&
        (await known(suppliers, fresh.supplier.id)).length
          ? true
          : undefined,
      );
      await sys.hires.database.withSystem(async (tx) => {
        await tx.delete(equipment).where(eq(equipment.id, fresh.equipment.id));
        await tx.delete(suppliers).where(eq(suppliers.id, fresh.supplier.id));
      });

      const res = await postHire(api, co.a.token, booked({}, fresh));

      expect(res.status).toBe(201);
      expect(res.body.hire).toMatchObject({
        equipment_name: fresh.equipment.name,
        equipment_category: 'Breaking & Drilling',
        equipment_image_url: fresh.equipment.image_card_url,
        supplier_name: fresh.supplier.name,
      });
      // What the catalogue answered is in the read models now, for the list and search.
      expect(await known(equipment, fresh.equipment.id)).toEqual([
        expect.objectContaining({ name: fresh.equipment.name, deletedAt: null }),
      ]);
      const search = await api.get(
        `/api/hires?search=${encodeURIComponent(fresh.supplier.name)}`,
        co.a.token,
      );
      expect(search.body.hires.map((h: Json) => h.id)).toEqual([res.body.hire.id]);
    });

    it('adds a hire at once for an item and supplier added a moment ago (no waiting for events)', async () => {
      const fresh = await catalogueItems(api, co.a.token, 'AtOnce');
      const res = await postHire(api, co.a.token, booked({}, fresh));
      expect(res.status).toBe(201);
      expect(res.body.hire).toMatchObject({
        equipment_name: fresh.equipment.name,
        supplier_name: fresh.supplier.name,
      });
    });

    it("answers 404 for another company's inactive equipment and supplier, which the catalogue hides from it; their company hires the item only while it is switched on", async () => {
      const hidden = await catalogueItems(api, co.b.token, 'Hidden');
      const off = await api.form(
        'PUT',
        `/api/equipment/${hidden.equipment.id}`,
        { ...editable(hidden.equipment), is_active: 'false' },
        { token: co.b.token },
      );
      expect(off.status).toBe(200);
      // A supplier cannot be made inactive through the API: as a catalogue seed's inactive one
      // would be, in the catalogue and (as its event would write it) in hires' read model.
      await sys.catalogue.database.withSystem((tx) =>
        tx.execute(sql`update catalogue.suppliers set is_active = false where id = ${hidden.supplier.id}`),
      );
      await sys.hires.database.withSystem((tx) =>
        tx.update(suppliers).set({ isActive: false }).where(eq(suppliers.id, hidden.supplier.id)),
      );
      // Once hires has had the deactivation: its read model knows the item, inactive.
      await eventually(async () => {
        const [row] = await sys.hires.database.withSystem((tx) =>
          tx.select().from(equipment).where(eq(equipment.id, hidden.equipment.id)),
        );
        return row && !row.isActive ? true : undefined;
      });
      const before = (
        await api.get('/api/hires?status=active,collection_booked,completed&limit=1000', co.a.token)
      ).body;

      const asA = await postHire(api, co.a.token, booked({ equipment_id: hidden.equipment.id }));
      expect(asA).toMatchObject({ status: 404, body: { error: 'Equipment not found' } });
      const supplierAsA = await postHire(api, co.a.token, booked({ supplier_id: hidden.supplier.id }));
      expect(supplierAsA).toMatchObject({ status: 404, body: { error: 'Supplier not found' } });
      // Nor by editing a hire of its own onto them.
      const own = await postHire(api, co.a.token, booked());
      expect(own.status).toBe(201);
      const edited = await api.put(
        `/api/hires/${own.body.hire.id}`,
        booked({ equipment_id: hidden.equipment.id }),
        co.a.token,
      );
      expect(edited).toMatchObject({ status: 404, body: { error: 'Equipment not found' } });
      const after = (
        await api.get('/api/hires?status=active,collection_booked,completed&limit=1000', co.a.token)
      ).body;
      expect(after.pagination.total).toBe(before.pagination.total + 1);
      expect(JSON.stringify(after.hires)).not.toContain(hidden.equipment.name);

      // Their own company sees them in the catalogue, but takes no new hire of the item it
      // switched off (the form no longer offers it), saying so on the field.
      const bSite = await createSite(api, co.b.token, `Hidden yard ${tag('site')}`);
      const offForB = await postHire(api, co.b.token, booked({}, hidden, bSite));
      expect(offForB).toMatchObject({
        status: 400,
        body: {
          error: HIRES_MESSAGES.EQUIPMENT_INACTIVE,
          details: [{ param: 'equipment_id', msg: HIRES_MESSAGES.EQUIPMENT_INACTIVE }],
        },
      });

      // An item hires has not heard of yet: the catalogue's answer decides, as the caller.
      await sys.hires.database.withSystem((tx) =>
        tx.delete(equipment).where(eq(equipment.id, hidden.equipment.id)),
      );
      const unheard = await postHire(api, co.a.token, booked({ equipment_id: hidden.equipment.id }));
      expect(unheard).toMatchObject({ status: 404, body: { error: 'Equipment not found' } });
      expect(await postHire(api, co.b.token, booked({}, hidden, bSite))).toMatchObject({ status: 400 });

      // Switched back on, its company hires it (with its own inactive supplier too).
      const on = await api.form(
        'PUT',
        `/api/equipment/${hidden.equipment.id}`,
        { ...editable(hidden.equipment), is_active: 'true' },
        { token: co.b.token },
      );
      expect(on.status).toBe(200);
      const asB = await postHire(api, co.b.token, booked({}, hidden, bSite));
      expect(asB.status).toBe(201);
      expect(asB.body.hire).toMatchObject({
        equipment_name: hidden.equipment.name,
        supplier_name: hidden.supplier.name,
      });
      // An edit that keeps its item stays possible once the item is switched off again.
      expect(
        (
          await api.form(
            'PUT',
            `/api/equipment/${hidden.equipment.id}`,
            { ...editable(hidden.equipment), is_active: 'false' },
            { token: co.b.token },
          )
        ).status,
      ).toBe(200);
      const kept = await api.put(
        `/api/hires/${asB.body.hire.id}`,
        booked({ price: 321 }, hidden, bSite),
        co.b.token,
      );
      expect(kept.status).toBe(200);
    });

    it('refuses an item, supplier or site that does not exist with 404', async () => {
      const unknown = randomUUID();
      for (const [field, msg] of [
        ['equipment_id', 'Equipment not found'],
        ['supplier_id', 'Supplier not found'],
        ['site_id', 'Site not found'],
      ]) {
        const res = await api.post('/api/hires', booked({ [field]: unknown }), co.a.token);
        expect(res).toMatchObject({ status: 404, body: { error: msg } });
      }
    });
  });

  describe('the list (spec §7 GET /hires?page&limit&search&status)', () => {
    let word: string;
    let own: Catalogue;
    let ownSite: Json;
    const made: Record<string, Json> = {};

    beforeAll(async () => {
      word = tag('list');
      own = await catalogueItems(api, co.a.token, word);
      ownSite = await createSite(api, co.a.token, `Site ${word}`, { job_number: `J-${word}`.slice(0, 50) });
      made.booked = await createHire(api, co.a.token, booked({}, own, ownSite));
      made.completed = await createHire(api, co.a.token, booked({ hire_status: 'completed' }, own, ownSite));
      made.later = await createHire(api, co.a.token, booked({}, own, ownSite));
    });

    it('shows active and collection-booked hires by default, newest first; Show Completed shows all', async () => {
      const byDefault = await api.get(`/api/hires?search=${word}`, co.a.token);
      expect(byDefault.status).toBe(200);
      expect(byDefault.body.hires.map((h: Json) => h.id)).toEqual([made.later.id, made.booked.id]);
      expect(byDefault.body.pagination).toEqual({ currentPage: 1, totalPages: 1, total: 2, limit: 12 });
      const all = await api.get(`/api/hires?search=${word}&${ALL}`, co.a.token);
      expect(all.body.hires.map((h: Json) => h.id)).toEqual([
        made.later.id,
        made.completed.id,
        made.booked.id,
      ]);
      const completed = await api.get(`/api/hires?search=${word}&status=completed`, co.a.token);
      expect(completed.body.hires.map((h: Json) => h.id)).toEqual([made.completed.id]);
      const bad = await api.get('/api/hires?status=finished', co.a.token);
      expect(bad).toMatchObject({
        status: 400,
        body: {
          error: 'Status filter must list active, completed or collection_booked, separated by commas',
        },
      });
    });

    it('searches equipment, supplier, site and job number', async () => {
      const terms = [own.equipment.name, own.supplier.name, ownSite.name, ownSite.job_number];
      // In any case, and by any part of the name.
      const upper = (t: string) => t.toUpperCase();
      const middle = (t: string) => t.toLowerCase().slice(1, -1);
      terms.push(...[own.equipment.name, own.supplier.name].flatMap((t) => [upper(t), middle(t)]));
      for (const term of terms) {
        const res = await api.get(`/api/hires?${ALL}&search=${encodeURIComponent(term)}`, co.a.token);
        expect({ term, ids: res.body.hires.map((h: Json) => h.id).sort() }).toEqual({
          term,
          ids: [made.booked.id, made.completed.id, made.later.id].sort(),
        });
      }
      const other = await api.get(`/api/hires?${ALL}&search=${word}`, co.b.token);
      expect(other.body.hires).toEqual([]);
    });

    it('pages with totalPages and currentPage (12 by default, up to 1000 for the map)', async () => {
      const page2 = await api.get(`/api/hires?${ALL}&search=${word}&page=2&limit=2`, co.a.token);
      expect(page2.body.hires.map((h: Json) => h.id)).toEqual([made.booked.id]);
      expect(page2.body.pagination).toEqual({ currentPage: 2, totalPages: 2, total: 3, limit: 2 });
      expect((await api.get('/api/hires?page=1&limit=1000', co.a.token)).status).toBe(200);
      expect(await api.get('/api/hires?limit=1001', co.a.token)).toMatchObject({
        status: 400,
        body: { error: 'Limit must be a whole number from 1 to 1000' },
      });
      expect(await api.get('/api/hires?page=0', co.a.token)).toMatchObject({
        status: 400,
        body: { error: 'Page must be a whole number from 1 to 1000000' },
      });
      expect(await api.get(`/api/hires?search=${'s'.repeat(201)}`, co.a.token)).toMatchObject({
        status: 400,
        body: { error: 'Search must be 200 characters or less' },
      });
    });
  });

  describe('editing and deleting', () => {
    it('edits any field and any of the three statuses', async () => {
      const hire = await createHire(api, co.a.token, booked());
      const other = await createSite(api, co.a.token, 'Second yard');
      for (const status of ['completed', 'collection_booked']) {
        const res = await api.put(
          `/api/hires/${hire.id}`,
          booked({ hire_status: status, site_id: other.id, additional_details: status }),
          co.aUser.token,
        );
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          message: 'Hire updated successfully',
          hire: expect.objectContaining({
            id: hire.id,
            hire_status: status,
            site_id: other.id,
            site_name: 'Second yard',
            additional_details: status,
          }),
        });
      }
    });

    it('keeps the status of a hire, and the status and country of a site, that an edit leaves out', async () => {
      const hire = await createHire(api, co.a.token, booked({ hire_status: 'completed' }));
      const { hire_status: _left, ...withoutStatus } = booked({ price: 12 }) as Record<string, unknown>;
      const edited = await api.put(`/api/hires/${hire.id}`, withoutStatus, co.a.token);
      expect(edited.status).toBe(200);
      expect(edited.body.hire).toMatchObject({ hire_status: 'completed', price: 12 });
      const blank = await api.put(`/api/hires/${hire.id}`, { ...withoutStatus, hire_status: '' }, co.a.token);
      expect(blank.body.hire.hire_status).toBe('completed');

      const yard = await createSite(api, co.a.token, 'Dublin yard', {
        country: 'IE',
        status: 'inactive',
        postcode: 'D02 X285',
      });
      const { country: _c, status: _s, ...rest } = yard as Record<string, unknown>;
      const siteEdit = await api.put(
        `/api/sites/${String(yard.id)}`,
        {
          name: 'Dublin yard 2',
          address_line_1: rest.address_line_1,
          city: rest.city,
          postcode: rest.postcode,
        },
        co.a.token,
      );
      expect(siteEdit.status).toBe(200);
      expect(siteEdit.body.site).toMatchObject({ name: 'Dublin yard 2', country: 'IE', status: 'inactive' });
    });

    it('deletes a hire; a second delete, a get and an edit answer 404', async () => {
      const hire = await createHire(api, co.a.token, booked());
      expect(await api.delete(`/api/hires/${hire.id}`, co.aUser.token)).toMatchObject({
        status: 200,
        body: { message: 'Hire deleted successfully' },
      });
      for (const res of [
        await api.delete(`/api/hires/${hire.id}`, co.a.token),
        await api.get(`/api/hires/${hire.id}`, co.a.token),
        await api.put(`/api/hires/${hire.id}`, booked(), co.a.token),
      ])
        expect(res).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
      expect(await api.get('/api/hires/not-an-id', co.a.token)).toMatchObject({
        status: 404,
        body: { error: NOT_FOUND },
      });
    });
  });

  describe('bulk actions (spec §7, §8 messages)', () => {
    it('sets completed or collection_booked on the selected hires and counts them', async () => {
      const [h1, h2] = [
        await createHire(api, co.a.token, booked()),
        await createHire(api, co.a.token, booked()),
      ];
      const done = await api.put(
        '/api/hires/bulk/status',
        { hireIds: [h1.id, h2.id, h2.id], status: 'completed' },
        co.aUser.token,
      );
      expect(done).toMatchObject({
        status: 200,
        body: { updatedCount: 2, message: 'Successfully updated 2 hire(s) to completed!' },
      });
      expect((await api.get(`/api/hires/${h1.id}`, co.a.token)).body.hire.hire_status).toBe('completed');
      const back = await api.put(
        '/api/hires/bulk/status',
        { hireIds: [h1.id], status: 'collection_booked' },
        co.a.token,
      );
      expect(back.body).toEqual({
        updatedCount: 1,
        message: 'Successfully updated 1 hire(s) to collection_booked!',
      });
    });

    it('refuses another status, no ids, too many ids and ids that are not ids', async () => {
      const id = randomUUID();
      const cases: [unknown, string][] = [
        [{ hireIds: [id], status: 'active' }, 'Status must be completed or collection_booked'],
        [{ hireIds: [], status: 'completed' }, 'Select at least one hire'],
        [{ status: 'completed' }, 'Select at least one hire'],
        [{ hireIds: id, status: 'completed' }, 'hireIds must be a list of hire ids'],
        [
          { hireIds: Array.from({ length: 1001 }, () => id), status: 'completed' },
          'Select at most 1000 hires',
        ],
        [{ hireIds: ['x'], status: 'completed' }, NOT_FOUND],
      ];
      for (const [body, error] of cases) {
        const res = await api.put('/api/hires/bulk/status', body, co.a.token);
        expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error });
      }
      const none = await api.request('DELETE', '/api/hires/bulk', {
        body: { hireIds: [] },
        token: co.a.token,
      });
      expect(none).toMatchObject({ status: 400, body: { error: 'Select at least one hire' } });
    });

    it('deletes the selected hires (a DELETE with a JSON body) and counts them', async () => {
      const [h1, h2] = [
        await createHire(api, co.a.token, booked()),
        await createHire(api, co.a.token, booked()),
      ];
      const res = await api.request('DELETE', '/api/hires/bulk', {
        body: { hireIds: [h1.id, h2.id, randomUUID()] },
        token: co.a.token,
      });
      expect(res).toMatchObject({
        status: 200,
        body: { deletedCount: 2, message: 'Successfully deleted 2 hire(s)!' },
      });
      expect((await api.get(`/api/hires/${h1.id}`, co.a.token)).status).toBe(404);
    });
  });

  describe('a second company probing every id-taking route', () => {
    it('gets 404 on get, edit, delete and bulk actions naming only its ids; nothing changes', async () => {
      const hire = await createHire(api, co.a.token, booked());
      const itsItems = await catalogueItems(api, co.b.token, 'ProbeB');
      const itsSite = await createSite(api, co.b.token, 'B yard');
      for (const res of [
        await api.get(`/api/hires/${hire.id}`, co.b.token),
        await api.put(
          `/api/hires/${hire.id}`,
          booked({ hire_status: 'completed' }, itsItems, itsSite),
          co.b.token,
        ),
        await api.delete(`/api/hires/${hire.id}`, co.b.token),
      ])
        expect(res).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
      const bulk = await api.put(
        '/api/hires/bulk/status',
        { hireIds: [hire.id], status: 'completed' },
        co.b.token,
      );
      expect(bulk).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
      const gone = await api.request('DELETE', '/api/hires/bulk', {
        body: { hireIds: [hire.id] },
        token: co.b.token,
      });
      expect(gone).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
      const after = await api.get(`/api/hires/${hire.id}`, co.a.token);
      expect(after.body.hire).toEqual(hire);
      const theirs = await api.get(`/api/hires?${ALL}&limit=1000`, co.b.token);
      expect(theirs.body.hires.map((h: Json) => h.id)).not.toContain(hire.id);
      // And A's bulk action with B's hire among its own counts only its own.
      const bHire = await createHire(api, co.b.token, booked({}, itsItems, itsSite));
      const mixed = await api.put(
        '/api/hires/bulk/status',
        { hireIds: [hire.id, bHire.id], status: 'completed' },
        co.a.token,
      );
      expect(mixed.body.updatedCount).toBe(1);
      expect((await api.get(`/api/hires/${bHire.id}`, co.b.token)).body.hire.hire_status).toBe(
        'collection_booked',
      );
    });
  });

  describe('ending soon, overdue and the dashboard figures', () => {
    let member: Member;
    let c: Catalogue;
    let s: Json;

    beforeAll(async () => {
      const reg = await api.post('/api/auth/register', company('Dashboard'));
      member = { token: reg.body.token, customerId: reg.body.customer.id, userId: reg.body.user.id };
      c = await catalogueItems(api, member.token, 'Dash');
      s = await createSite(api, member.token, 'Dash yard');
    });

    it('lists active and collection-booked hires ending from today to 7 days ahead, soonest first', async () => {
      const at = (days: number, status = 'active', start = -10) =>
        createHire(
          api,
          member.token,
          hireFields(c, s, {
            hire_start_date: londonDate(start),
            hire_end_date: londonDate(days),
            hire_status: status,
          }),
        );
      const inSeven = await at(7, 'collection_booked');
      const today = await at(0);
      await at(8);
      await at(3, 'completed');
      const res = await api.get('/api/hires/ending-soon', member.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        endingSoon: [
          {
            id: today.id,
            equipment_name: c.equipment.name,
            equipment_image_url: c.equipment.image_card_url,
            site_name: 'Dash yard',
            supplier_name: c.supplier.name,
            hire_end_date: londonDate(0),
          },
          expect.objectContaining({ id: inSeven.id, hire_end_date: londonDate(7) }),
        ],
      });
      const theirs = await api.get('/api/hires/ending-soon', co.b.token);
      expect(theirs.body.endingSoon.map((h: Json) => h.id)).not.toContain(today.id);
    });

    it('lists overdue hires (past their end, still out) with days overdue and cost to date', async () => {
      // Started 10 days ago, due back 3 days ago, £10 a day + £20 delivery: 11 days to date
      // (inclusive) = £110 + £20 = £130 net, £156 with VAT.
      const late = await createHire(
        api,
        member.token,
        hireFields(c, s, {
          price: 10,
          delivery_charge: 20,
          hire_start_date: londonDate(-10),
          hire_end_date: londonDate(-3),
          hire_status: 'collection_booked',
        }),
      );
      // A fixed price stays the price: £99 + VAT = £118.80.
      const fixed = await createHire(
        api,
        member.token,
        hireFields(c, s, {
          price: 99,
          pricing_term: 'fixed',
          hire_start_date: londonDate(-5),
          hire_end_date: londonDate(-1),
          hire_status: 'collection_booked',
        }),
      );
      await createHire(
        api,
        member.token,
        hireFields(c, s, {
          hire_start_date: londonDate(-9),
          hire_end_date: londonDate(-2),
          hire_status: 'completed',
        }),
      );
      const res = await api.get('/api/hires/overdue', member.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        total: 2,
        overdue: [
          {
            id: late.id,
            equipment_name: c.equipment.name,
            supplier_name: c.supplier.name,
            site_name: 'Dash yard',
            target_return_date: londonDate(-3),
            days_overdue: 3,
            cost_to_date: 156,
          },
          expect.objectContaining({ id: fixed.id, days_overdue: 1, cost_to_date: 118.8 }),
        ],
      });
      const theirs = await api.get('/api/hires/overdue', co.b.token);
      expect(theirs.body.overdue.map((h: Json) => h.id)).not.toContain(late.id);
    });

    it('answers the dashboard figures of the company (GET /api/customers/stats)', async () => {
      const list = await api.get(`/api/hires?${ALL}&limit=1000`, member.token);
      const hires: Json[] = list.body.hires;
      const pence = hires.reduce((sum, h) => sum + Math.round(h.total_cost * 100), 0);
      await createSite(api, member.token, 'Closed yard', { status: 'completed' });
      const res = await api.get('/api/customers/stats', member.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        stats: {
          totalHires: hires.length,
          activeHires: hires.filter((h) => h.hire_status === 'active').length,
          totalSites: 1,
          totalSpending: pence / 100,
        },
      });
      // 4 + 3 hires made above: 2 active, 3 collection booked, 2 completed.
      expect(res.body.stats).toMatchObject({ totalHires: 7, activeHires: 2 });
    });
  });

  describe('the latest price (spec §3 Pricing entry), kept by the catalogue from hire events', () => {
    it('reaches GET /api/equipment/pricing after a hire is created, edited and deleted; never another company', async () => {
      const c = await catalogueItems(api, co.a.token, 'Price');
      await createHire(
        api,
        co.a.token,
        booked(
          { price: 300, pricing_term: 'week', hire_start_date: '2026-03-02', hire_end_date: '2026-03-08' },
          c,
        ),
      );
      const entry = () =>
        eventually(
          async () => (await api.get('/api/equipment/pricing', co.aUser.token)).body[c.equipment.id] as Json,
        );
      expect(await entry()).toEqual({
        price_per_day: 42.86,
        supplier_id: c.supplier.id,
        supplier_name: c.supplier.name,
        hire_start_date: '2026-03-02',
      });
      const cheaper = await catalogueItems(api, co.a.token, 'Cheaper');
      const later = await createHire(
        api,
        co.a.token,
        booked(
          {
            equipment_id: c.equipment.id,
            supplier_id: cheaper.supplier.id,
            price: 35,
            pricing_term: 'day',
            hire_start_date: '2026-04-01',
            hire_end_date: '2026-04-03',
          },
          c,
        ),
      );
      const latest = await eventually(async () => {
        const e = await entry();
        return e.hire_start_date === '2026-04-01' ? e : undefined;
      });
      expect(latest).toEqual({
        price_per_day: 35,
        supplier_id: cheaper.supplier.id,
        supplier_name: cheaper.supplier.name,
        hire_start_date: '2026-04-01',
      });
      // Editing the later hire: its form compares with the price before it, not with itself.
      const before = await api.get(`/api/equipment/pricing?exclude_hire_id=${later.id}`, co.aUser.token);
      expect(before.body[c.equipment.id]).toMatchObject({
        price_per_day: 42.86,
        hire_start_date: '2026-03-02',
      });
      const bad = await api.get('/api/equipment/pricing?exclude_hire_id=not-an-id', co.aUser.token);
      expect(bad.status).toBe(400);
      await api.put(`/api/hires/${later.id}`, booked({ ...later, price: 38 }, c), co.a.token);
      expect(await eventually(async () => ((await entry()).price_per_day === 38 ? true : undefined))).toBe(
        true,
      );
      await api.delete(`/api/hires/${later.id}`, co.a.token);
      expect(
        await eventually(async () => ((await entry()).hire_start_date === '2026-03-02' ? true : undefined)),
      ).toBe(true);
      const other = await api.get('/api/equipment/pricing', co.b.token);
      expect(other.body[c.equipment.id]).toBeUndefined();
    });
  });

  describe('Idempotency-Key on adding', () => {
    it('adds once for one key and body; another body with the key is a 409', async () => {
      const key = randomUUID();
      const word = tag('idem');
      const body = booked({ additional_details: word });
      const send = (b: Json) => postHire(api, co.a.token, b, { 'Idempotency-Key': key });
      const first = await send(body);
      const again = await send(body);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect((await send({ ...body, price: 46 })).status).toBe(409);
      const all = await api.get(`/api/hires?${ALL}&limit=1000`, co.a.token);
      expect(all.body.hires.filter((h: Json) => h.additional_details === word)).toHaveLength(1);
    });
  });

  describe('GraphQL', () => {
    const gql = (query: string, token?: string) => api.post('/graphql', { query }, token);

    it('lists the caller’s company’s hires only, with the same filters and validation', async () => {
      const word = tag('gql');
      const hire = await createHire(
        api,
        co.a.token,
        booked({ hire_status: 'completed', additional_details: word }),
      );
      const query = (status: string) =>
        `{ hires(search: "${items.equipment.name}", status: "${status}", limit: 1000) { hires { id total_cost site_name additional_details } pagination { currentPage totalPages } } }`;
      const a = await gql(query('completed'), co.a.token);
      expect(a.body.errors).toBeUndefined();
      expect(a.body.data.hires.hires).toContainEqual({
        id: hire.id,
        total_cost: 273,
        site_name: site.name,
        additional_details: word,
      });
      expect(a.body.data.hires.pagination.currentPage).toBe(1);
      const byDefault = await gql(
        `{ hires(search: "${items.equipment.name}", limit: 1000) { hires { id hire_status } } }`,
        co.a.token,
      );
      expect(byDefault.body.data.hires.hires.map((h: Json) => h.hire_status)).not.toContain('completed');
      const b = await gql(query('active,completed,collection_booked'), co.b.token);
      expect(b.body.data.hires.hires).toEqual([]);
      const bad = await gql(query('finished'), co.a.token);
      expect(bad.body.errors[0]).toMatchObject({
        message: 'Status filter must list active, completed or collection_booked, separated by commas',
        extensions: { code: 'VALIDATION_FAILED', status: 400 },
      });
      expect((await gql('{ hires { pagination { totalPages } } }')).body.errors[0].extensions.code).toBe(
        'UNAUTHENTICATED',
      );
    });
  });
});
