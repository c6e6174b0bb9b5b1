import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { HireCreated } from '@planted/contracts';
import { EQUIPMENT_CATEGORIES } from '@planted/domain';
import {
  eventually,
  solid,
  storedEquipmentFiles,
  tag,
  twoCompanies,
  type Companies,
} from './catalogue-support';
import { client, RETIRE_AFTER_SECONDS, startSystem, type Json, type System } from './system';

const NOT_FOUND = 'Equipment not found';
const ONLY_ADMINS_ADD = 'Only administrators can add equipment';
const ONLY_OWNER = 'Only administrators of the company that added this equipment can change or delete it';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const FIVE_MB = 5_242_880;

describe('equipment over HTTP (spec §2 Equipment, §5, §6, §7), with a second company probing', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let co: Companies;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    co = await twoCompanies(sys, 'Equip');
  }, 60_000);
  afterAll(() => sys?.close());

  const fields = (name: string, extra: Record<string, string> = {}) => ({
    name,
    description: 'Heavy-duty breaker for concrete',
    category: 'Breaking & Drilling',
    unit_of_measure: 'per_day',
    power: '110V',
    ...extra,
  });

  const image = (data: Buffer, type = 'image/png', filename = 'photo.png') => ({
    field: 'image',
    data,
    filename,
    type,
  });

  async function add(name: string, token = co.a.token, extra: Record<string, string> = {}) {
    const res = await api.form('POST', '/api/equipment', fields(name, extra), { token });
    expect(res.status).toBe(201);
    return res.body.equipment as Json;
  }

  describe('routing', () => {
    it('answers the static paths themselves, never as an item id', async () => {
      const categories = await api.get('/api/equipment/categories', co.a.token);
      expect(categories.status).toBe(200);
      expect(categories.body.categories.map((c: Json) => c.category)).toEqual([...EQUIPMENT_CATEGORIES]);
      const favorites = await api.get('/api/equipment/favorites/list', co.a.token);
      expect(favorites.status).toBe(200);
      expect(favorites.body).toEqual({
        equipment: [],
        pagination: { page: 1, limit: 12, total: 0, pages: 1 },
      });
      expect((await api.get('/api/equipment/pricing', co.a.token)).status).toBe(200);
      expect((await api.get('/api/equipment/similar?name=Breaker', co.a.token)).status).toBe(200);
      const unknown = await api.get(`/api/equipment/${randomUUID()}`, co.a.token);
      expect(unknown).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
    });

    it('needs a session on every equipment route', async () => {
      for (const [method, url] of [
        ['GET', '/api/equipment'],
        ['GET', '/api/equipment/categories'],
        ['GET', '/api/equipment/pricing'],
        ['POST', '/api/equipment'],
        ['DELETE', `/api/equipment/${randomUUID()}`],
        ['POST', `/api/equipment/${randomUUID()}/favorite`],
      ]) {
        const res = await api.request(method, url);
        expect({ method, url, status: res.status }).toEqual({ method, url, status: 401 });
      }
    });
  });

  describe('adding (admins only, spec §6) with the spec §5 rules', () => {
    it('adds an item from the multipart form and answers it with its owner', async () => {
      const name = `Hilti TE 70 ${tag('add')}`;
      const res = await api.form('POST', '/api/equipment', fields(name), { token: co.a.token });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: 'Equipment created successfully',
        equipment: expect.objectContaining({
          name,
          description: 'Heavy-duty breaker for concrete',
          category: 'Breaking & Drilling',
          unit_of_measure: 'per_day',
          power: '110V',
          image_url: null,
          image_card_url: null,
          is_active: true,
          customer_id: co.a.customerId,
          is_favorite: false,
        }),
      });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('adds an item from a JSON body too (no image)', async () => {
      const name = `JSON item ${tag('json')}`;
      const res = await api.post(
        '/api/equipment',
        { name, category: 'Heating', power: 'Diesel' },
        co.a.token,
      );
      expect(res.status).toBe(201);
      expect(res.body.equipment).toMatchObject({
        name,
        category: 'Heating',
        power: 'Diesel',
        description: null,
      });
    });

    it('refuses a non-admin before reading the form, and stores nothing', async () => {
      const before = storedEquipmentFiles(sys, co.a.customerId);
      const res = await api.form('POST', '/api/equipment', fields('Not mine to add'), {
        token: co.aUser.token,
        files: [image(await solid(40, 30).png().toBuffer())],
      });
      expect(res).toMatchObject({ status: 403, body: { error: ONLY_ADMINS_ADD } });
      expect(storedEquipmentFiles(sys, co.a.customerId)).toEqual(before);
    });

    it.each([
      ['a missing name', { name: '' }, 'name', 'Equipment name is required'],
      ['a blank name', { name: '   ' }, 'name', 'Equipment name is required'],
      [
        'a 256-character name',
        { name: 'x'.repeat(256) },
        'name',
        'Equipment name must be 255 characters or less',
      ],
      [
        'a 2001-character description',
        { description: 'x'.repeat(2001) },
        'description',
        'Description must be 2000 characters or less',
      ],
      ['a missing category', { category: '' }, 'category', 'Category is required'],
      ['an unknown category', { category: 'Rockets' }, 'category', 'Please select a valid category'],
      [
        'a 51-character unit',
        { unit_of_measure: 'x'.repeat(51) },
        'unit_of_measure',
        'Unit of measure must be 50 characters or less',
      ],
      ['an unknown power type', { power: 'Nuclear' }, 'power', 'Please select a valid power type'],
    ])('refuses %s with the message for it, storing no image', async (_label, change, param, msg) => {
      const before = storedEquipmentFiles(sys, co.a.customerId);
      const res = await api.form('POST', '/api/equipment', fields('Valid name', change), {
        token: co.a.token,
        files: [image(await solid(40, 30).png().toBuffer())],
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: msg, details: [{ param, msg }] });
      expect(storedEquipmentFiles(sys, co.a.customerId)).toEqual(before);
      // The same rule over JSON.
      const json = await api.post('/api/equipment', fields('Valid name', change), co.a.token);
      expect(json.body).toEqual({ error: msg, details: [{ param, msg }] });
    });

    it('trims the name and leaves out blank optional fields', async () => {
      const name = `Trimmed ${tag('trim')}`;
      const res = await api.form(
        'POST',
        '/api/equipment',
        { name: `  ${name}  `, category: 'Lighting', description: '', unit_of_measure: '', power: '' },
        { token: co.a.token },
      );
      expect(res.status).toBe(201);
      expect(res.body.equipment).toMatchObject({
        name,
        description: null,
        unit_of_measure: null,
        power: null,
      });
    });

    it('refuses a field sent twice', async () => {
      const res = await api.form(
        'POST',
        '/api/equipment',
        { ...fields('Twice'), name: ['One', 'Two'] },
        { token: co.a.token },
      );
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ param: 'name', msg: expect.any(String) }]);
    });
  });

  describe('the image (spec §5: image type, at most 5 MB; issue 9: re-encoded, card copy, cached)', () => {
    it('stores the upload re-encoded without its EXIF, with a 480px card copy, both served with long-lived caching', async () => {
      const photo = await solid(1200, 900)
        .jpeg()
        .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
        .toBuffer();
      const res = await api.form('POST', '/api/equipment', fields(`Photo ${tag('img')}`), {
        token: co.a.token,
        files: [image(photo, 'image/jpeg', 'breaker.jpg')],
      });
      expect(res.status).toBe(201);
      const { image_url, image_card_url } = res.body.equipment;
      const base = `/files/equipment/${co.a.customerId}/`;
      expect(image_url).toMatch(new RegExp(`^${base}[0-9a-f-]{36}\\.jpg$`));
      expect(image_card_url).toBe(image_url.replace(/\.jpg$/, '-card.jpg'));

      const full = await fetch(sys.url + image_url);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      expect(full.headers.get('cache-control')).toBe(IMMUTABLE);
      const fullBytes = Buffer.from(await full.arrayBuffer());
      expect(fullBytes.equals(photo)).toBe(false);
      const fullMeta = await sharp(fullBytes).metadata();
      expect([fullMeta.format, fullMeta.width, fullMeta.height, fullMeta.exif]).toEqual([
        'jpeg',
        1200,
        900,
        undefined,
      ]);

      const card = await fetch(sys.url + image_card_url);
      expect(card.status).toBe(200);
      expect(card.headers.get('cache-control')).toBe(IMMUTABLE);
      const cardMeta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
      expect([cardMeta.format, cardMeta.width, cardMeta.height]).toEqual(['jpeg', 480, 360]);
    });

    it('keeps PNG, GIF and WebP in their format and never enlarges a small picture for the card', async () => {
      for (const [ext, data, type] of [
        ['png', await solid(200, 100).png().toBuffer(), 'image/png'],
        ['gif', await solid(200, 100).gif().toBuffer(), 'image/gif'],
        ['webp', await solid(200, 100).webp().toBuffer(), 'image/webp'],
      ] as const) {
        const res = await api.form('POST', '/api/equipment', fields(`Format ${ext}`), {
          token: co.a.token,
          files: [image(data, type, `x.${ext}`)],
        });
        expect(res.status).toBe(201);
        expect(res.body.equipment.image_url).toMatch(new RegExp(`\\.${ext}$`));
        const card = Buffer.from(
          await (await fetch(sys.url + res.body.equipment.image_card_url)).arrayBuffer(),
        );
        const meta = await sharp(card).metadata();
        expect([meta.format === 'heif' ? 'webp' : meta.format, meta.width]).toEqual([ext, 200]);
      }
    });

    it('refuses an image over 5 MB with 413 and the spec message, and takes one of exactly 5 MB', async () => {
      const gif = await solid(16, 16).gif().toBuffer();
      const before = storedEquipmentFiles(sys, co.a.customerId);
      const tooBig = Buffer.concat([gif, Buffer.alloc(FIVE_MB + 1 - gif.length)]);
      const refused = await api.form('POST', '/api/equipment', fields('Too big'), {
        token: co.a.token,
        files: [image(tooBig, 'image/gif', 'big.gif')],
      });
      expect(refused.status).toBe(413);
      expect(refused.body).toEqual({
        error: 'Image must be less than 5MB',
        details: [{ param: 'image', msg: 'Image must be less than 5MB' }],
      });
      expect(storedEquipmentFiles(sys, co.a.customerId)).toEqual(before);

      const atLimit = Buffer.concat([gif, Buffer.alloc(FIVE_MB - gif.length)]);
      expect(atLimit.length).toBe(FIVE_MB);
      const taken = await api.form('POST', '/api/equipment', fields('Exactly 5 MB'), {
        token: co.a.token,
        files: [image(atLimit, 'image/gif', 'limit.gif')],
      });
      expect(taken.status).toBe(201);
      // What is kept is the re-encoded picture, not the padding.
      const stored = await fetch(sys.url + taken.body.equipment.image_url);
      expect(Number(stored.headers.get('content-length'))).toBeLessThan(10_000);
    });

    it.each([
      ['text named .jpg', Buffer.from('not a picture at all'), 'image/jpeg'],
      ['HTML behind a GIF header', Buffer.from('GIF89a<html><script>alert(1)</script></html>'), 'image/gif'],
      ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj'), 'application/pdf'],
    ])('refuses %s with 415 "Please select an image file", storing nothing', async (_label, data, type) => {
      const before = storedEquipmentFiles(sys, co.a.customerId);
      const res = await api.form('POST', '/api/equipment', fields('Not an image'), {
        token: co.a.token,
        files: [image(data, type, 'x.jpg')],
      });
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        error: 'Please select an image file',
        details: [{ param: 'image', msg: 'Please select an image file' }],
      });
      expect(storedEquipmentFiles(sys, co.a.customerId)).toEqual(before);
    });

    it('takes an empty file input as no image', async () => {
      const res = await api.form('POST', '/api/equipment', fields(`No file ${tag('nofile')}`), {
        token: co.a.token,
        files: [image(Buffer.alloc(0), 'application/octet-stream', '')],
      });
      expect(res.status).toBe(201);
      expect(res.body.equipment.image_url).toBeNull();
    });

    it('refuses a second file', async () => {
      const png = await solid(10, 10).png().toBuffer();
      const res = await api.form('POST', '/api/equipment', fields('Two files'), {
        token: co.a.token,
        files: [image(png), image(png)],
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please select one image only');
    });
  });

  describe('changing and deleting (admins of the owning company, spec §6)', () => {
    it('replaces the image and deletes the old files; remove_image clears it', async () => {
      const first = await api.form('POST', '/api/equipment', fields(`Replace ${tag('rep')}`), {
        token: co.a.token,
        files: [image(await solid(600, 400).png().toBuffer())],
      });
      const item = first.body.equipment;
      const replaced = await api.form(
        'PUT',
        `/api/equipment/${item.id}`,
        fields(item.name, { is_active: 'true' }),
        {
          token: co.a.token,
          files: [image(await solid(300, 200).webp().toBuffer(), 'image/webp', 'n.webp')],
        },
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body.message).toBe('Equipment updated successfully');
      expect(replaced.body.equipment.image_url).toMatch(/\.webp$/);
      expect(replaced.body).not.toHaveProperty('replaced_images');
      // The old files are still served for a while (lists on screen may show them), then deleted.
      for (const old of [item.image_url, item.image_card_url])
        expect((await fetch(sys.url + old)).status).toBe(200);
      expect((await fetch(sys.url + replaced.body.equipment.image_card_url)).status).toBe(200);
      await eventually(
        async () => ((await fetch(sys.url + item.image_card_url)).status === 404 ? true : undefined),
        (RETIRE_AFTER_SECONDS + 15) * 1000,
      );
      expect((await fetch(sys.url + item.image_url)).status).toBe(404);

      // Without an image the current one stays.
      const kept = await api.put(
        `/api/equipment/${item.id}`,
        fields(item.name, { power: 'Battery' }),
        co.a.token,
      );
      expect(kept.status).toBe(200);
      expect(kept.body.equipment).toMatchObject({
        power: 'Battery',
        image_url: replaced.body.equipment.image_url,
      });

      const removed = await api.form(
        'PUT',
        `/api/equipment/${item.id}`,
        fields(item.name, { remove_image: 'true' }),
        {
          token: co.a.token,
        },
      );
      expect(removed.status).toBe(200);
      expect(removed.body.equipment).toMatchObject({ image_url: null, image_card_url: null });
      await eventually(
        async () =>
          (await fetch(sys.url + replaced.body.equipment.image_url)).status === 404 ? true : undefined,
        (RETIRE_AFTER_SECONDS + 15) * 1000,
      );
    });

    it('refuses another company, removing the image it had stored for the refused change', async () => {
      const item = await add(`Owned by A ${tag('own')}`);
      const put = await api.form('PUT', `/api/equipment/${item.id}`, fields('Taken over'), {
        token: co.b.token,
        files: [image(await solid(50, 50).png().toBuffer())],
      });
      expect(put).toMatchObject({ status: 403, body: { error: ONLY_OWNER } });
      expect(storedEquipmentFiles(sys, co.b.customerId)).toEqual([]);
      const del = await api.delete(`/api/equipment/${item.id}`, co.b.token);
      expect(del).toMatchObject({ status: 403, body: { error: ONLY_OWNER } });
      const still = await api.get(`/api/equipment/${item.id}`, co.a.token);
      expect(still.body.equipment.name).toBe(item.name);
    });

    it('refuses a non-admin of the owning company', async () => {
      const item = await add(`Admin only ${tag('adm')}`);
      const put = await api.form('PUT', `/api/equipment/${item.id}`, fields('Renamed'), {
        token: co.aUser.token,
      });
      expect(put).toMatchObject({ status: 403, body: { error: ONLY_OWNER } });
      const del = await api.delete(`/api/equipment/${item.id}`, co.aUser.token);
      expect(del).toMatchObject({ status: 403, body: { error: ONLY_OWNER } });
    });

    it('validates a change with the spec §5 rules, and an unknown id is 404', async () => {
      const item = await add(`Validate ${tag('val')}`);
      const bad = await api.form('PUT', `/api/equipment/${item.id}`, fields('', { is_active: 'maybe' }), {
        token: co.a.token,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual([
        { param: 'name', msg: 'Equipment name is required' },
        { param: 'is_active', msg: 'is_active must be true or false' },
      ]);
      const unknown = await api.put(`/api/equipment/${randomUUID()}`, fields('Ghost'), co.a.token);
      expect(unknown).toMatchObject({ status: 404, body: { error: NOT_FOUND } });
    });

    it('an inactive item leaves the other company’s catalogue and stays with its owner', async () => {
      const word = tag('inactive');
      const item = await add(`Retired ${word}`);
      const off = await api.put(
        `/api/equipment/${item.id}`,
        { ...fields(item.name), is_active: false },
        co.a.token,
      );
      expect(off.status).toBe(200);
      expect(off.body.equipment.is_active).toBe(false);
      expect((await api.get(`/api/equipment/${item.id}`, co.b.token)).status).toBe(404);
      expect((await api.get(`/api/equipment?search=${word}`, co.b.token)).body.equipment).toEqual([]);
      expect((await api.get(`/api/equipment/${item.id}`, co.a.token)).status).toBe(200);
    });

    it('deletes once: a second delete is 404, and the item is gone for everyone', async () => {
      const item = await add(`Delete me ${tag('del')}`);
      const first = await api.delete(`/api/equipment/${item.id}`, co.a.token);
      expect(first).toMatchObject({ status: 200, body: { message: 'Equipment deleted successfully' } });
      expect(await api.delete(`/api/equipment/${item.id}`, co.a.token)).toMatchObject({
        status: 404,
        body: { error: NOT_FOUND },
      });
      expect((await api.get(`/api/equipment/${item.id}`, co.b.token)).status).toBe(404);
      expect((await api.post(`/api/equipment/${item.id}/favorite`, undefined, co.b.token)).status).toBe(404);
    });
  });

  describe('listing, search and favourites', () => {
    it('pages 12 at a time, searches name, description and category, filters by category', async () => {
      const word = tag('list');
      for (let i = 0; i < 13; i++)
        await add(`Welder ${word} ${String(i).padStart(2, '0')}`, co.a.token, { category: 'Welding' });
      await add(`Lamp`, co.a.token, { category: 'Lighting', description: `Tower light ${word}` });

      const page1 = await api.get(`/api/equipment?search=${word}`, co.b.token);
      expect(page1.status).toBe(200);
      expect(page1.body.equipment).toHaveLength(12);
      expect(page1.body.pagination).toEqual({ page: 1, limit: 12, total: 14, pages: 2 });
      const page2 = await api.get(`/api/equipment?search=${word}&page=2`, co.b.token);
      expect(page2.body.equipment).toHaveLength(2);

      const lighting = await api.get(`/api/equipment?search=${word}&category=Lighting`, co.b.token);
      expect(lighting.body.equipment.map((e: Json) => e.name)).toEqual(['Lamp']);
      const dropdown = await api.get(`/api/equipment?search=${word}&limit=1000`, co.b.token);
      expect(dropdown.body.equipment).toHaveLength(14);

      const categories = await api.get('/api/equipment/categories', co.b.token);
      const welding = categories.body.categories.find((c: Json) => c.category === 'Welding');
      expect(welding.count).toBeGreaterThanOrEqual(13);
    });

    it.each([
      ['a limit over 1000', 'limit=1001', 'Limit must be a whole number from 1 to 1000'],
      ['a limit of 0', 'limit=0', 'Limit must be a whole number from 1 to 1000'],
      ['page 0', 'page=0', 'Page must be a whole number from 1 to 1000000'],
      ['a page that is no number', 'page=two', 'Page must be a whole number from 1 to 1000000'],
      ['an unknown category', 'category=Rockets', 'Please select a valid category'],
      ['a 201-character search', `search=${'x'.repeat(201)}`, 'Search must be 200 characters or less'],
    ])('refuses %s with 400 and its message', async (_label, query, msg) => {
      const res = await api.get(`/api/equipment?${query}`, co.a.token);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(msg);
    });

    it('keeps favourites per company: each sees only its own', async () => {
      const word = tag('fav');
      const item = await add(`Favourite ${word}`);
      const favouriteCount = async (token: string) => {
        const res = await api.get('/api/equipment/categories?favorites=true', token);
        expect(res.status).toBe(200);
        return (res.body.categories as Json[]).find((c) => c.category === item.category)!.count as number;
      };
      const [aBefore, bBefore] = [await favouriteCount(co.a.token), await favouriteCount(co.b.token)];
      const added = await api.post(`/api/equipment/${item.id}/favorite`, undefined, co.aUser.token);
      expect(added).toMatchObject({
        status: 200,
        body: { is_favorite: true, message: 'Added to favorites' },
      });
      expect((await api.post(`/api/equipment/${item.id}/favorite`, undefined, co.a.token)).status).toBe(200);

      const mine = await api.get(`/api/equipment/favorites/list?search=${word}`, co.a.token);
      expect(mine.body.equipment.map((e: Json) => [e.id, e.is_favorite])).toEqual([[item.id, true]]);
      expect((await api.get(`/api/equipment?search=${word}`, co.a.token)).body.equipment[0].is_favorite).toBe(
        true,
      );

      const theirs = await api.get(`/api/equipment/favorites/list?search=${word}`, co.b.token);
      expect(theirs.body.equipment).toEqual([]);
      // My Favorites' category counts are the company's favourites (spec §2: name and count).
      expect([await favouriteCount(co.a.token), await favouriteCount(co.b.token)]).toEqual([
        aBefore + 1,
        bBefore,
      ]);
      const flag = await api.get('/api/equipment/categories?favorites=maybe', co.a.token);
      expect(flag).toMatchObject({ status: 400, body: { error: 'favorites must be true or false' } });
      expect((await api.get(`/api/equipment/${item.id}`, co.b.token)).body.equipment.is_favorite).toBe(false);

      // B removing what it never favourited leaves A's favourite alone.
      const bRemoves = await api.delete(`/api/equipment/${item.id}/favorite`, co.b.token);
      expect(bRemoves).toMatchObject({ status: 200, body: { is_favorite: false } });
      expect((await api.get(`/api/equipment/${item.id}`, co.a.token)).body.equipment.is_favorite).toBe(true);

      const removed = await api.delete(`/api/equipment/${item.id}/favorite`, co.a.token);
      expect(removed).toMatchObject({
        status: 200,
        body: { is_favorite: false, message: 'Removed from favorites' },
      });
      expect(
        (await api.get(`/api/equipment/favorites/list?search=${word}`, co.a.token)).body.equipment,
      ).toEqual([]);
      expect((await api.post(`/api/equipment/${randomUUID()}/favorite`, undefined, co.a.token)).status).toBe(
        404,
      );
    });

    it('offers similar names before adding a near-duplicate', async () => {
      const word = tag('sim');
      const item = await add(`Hilti TE 70 ${word}`);
      const res = await api.get(
        `/api/equipment/similar?name=${encodeURIComponent(`HILTI TE70 ${word}`)}`,
        co.b.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.similar).toContainEqual(expect.objectContaining({ id: item.id, name: item.name }));
      expect((await api.get('/api/equipment/similar', co.b.token)).status).toBe(400);
    });
  });

  describe('latest prices (from hire events) are private to the company', () => {
    it('answers the latest price to the company that hired, and nothing to the other', async () => {
      const item = await add(`Priced ${tag('price')}`);
      const supplier = await api.post('/api/suppliers', { name: `Price Supplier ${tag('ps')}` }, co.a.token);
      expect(supplier.status).toBe(201);
      const now = new Date().toISOString();
      await sys.publishEvent(
        HireCreated,
        {
          hire: {
            id: randomUUID(),
            customer_id: co.a.customerId,
            equipment_id: item.id,
            supplier_id: supplier.body.supplier.id,
            site_id: randomUUID(),
            price: 300,
            pricing_term: 'week',
            price_per_day: 42.86,
            delivery_charge: 0,
            operator_cost: 0,
            hire_start_date: '2026-03-02',
            hire_end_date: '2026-03-08',
            hire_duration_days: 7,
            net_cost: 300,
            vat_amount: 60,
            total_cost: 360,
            hire_status: 'active',
            created_by: co.a.userId,
            created_at: now,
            updated_at: now,
          },
        },
        co.a.customerId,
      );
      const entry = await eventually(async () => {
        const res = await api.get('/api/equipment/pricing', co.aUser.token);
        return res.body[item.id] as Json;
      });
      expect(entry).toEqual({
        price_per_day: 42.86,
        supplier_id: supplier.body.supplier.id,
        supplier_name: supplier.body.supplier.name,
        hire_start_date: '2026-03-02',
      });
      const other = await api.get('/api/equipment/pricing', co.b.token);
      expect(other.status).toBe(200);
      expect(other.body[item.id]).toBeUndefined();
    });
  });

  describe('AI description (without an AI endpoint: the fallback)', () => {
    it('answers a fallback description composed from the fields', async () => {
      const res = await api.post(
        '/api/equipment/generate-description',
        { name: 'Kango 950', category: 'Breaking & Drilling', unit_of_measure: 'per_day', power: '110V' },
        co.aUser.token,
      );
      expect(res.status).toBe(200);
      expect(res.body.fallback).toBe(true);
      expect(res.body.description).toContain('Kango 950');
    });

    it('answers at most 30 descriptions an hour to one user (each may be a paid AI call)', async () => {
      const fields = {
        name: 'Kango 950',
        category: 'Breaking & Drilling',
        unit_of_measure: 'per_day',
        power: '110V',
      };
      for (let i = 1; i <= 30; i++) {
        const res = await api.post('/api/equipment/generate-description', fields, co.b.token);
        expect({ i, status: res.status }).toEqual({ i, status: 200 });
      }
      const refused = await api.post('/api/equipment/generate-description', fields, co.b.token);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      // Another user of the same company has a quota of their own.
      expect((await api.post('/api/equipment/generate-description', fields, co.aUser.token)).status).toBe(
        200,
      );
    });

    it('needs name, category, unit and power (spec §5)', async () => {
      const res = await api.post('/api/equipment/generate-description', { name: 'Kango 950' }, co.a.token);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'category', msg: 'Category is required' },
        { param: 'unit_of_measure', msg: 'Unit of measure is required' },
        { param: 'power', msg: 'Power type is required' },
      ]);
    });
  });

  describe('Idempotency-Key on adding', () => {
    it('adds once for one key and form, storing one image; another form with the key is a 409', async () => {
      const key = randomUUID();
      const png = await solid(64, 64).png().toBuffer();
      const name = `Once ${tag('idem')}`;
      const send = (n: string) =>
        api.form('POST', '/api/equipment', fields(n), {
          token: co.a.token,
          files: [image(png)],
          headers: { 'Idempotency-Key': key },
        });
      const before = storedEquipmentFiles(sys, co.a.customerId).length;
      const first = await send(name);
      const again = await send(name);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.equipment.id).toBe(first.body.equipment.id);
      expect(storedEquipmentFiles(sys, co.a.customerId).length).toBe(before + 2);
      const other = await send(`${name} changed`);
      expect(other.status).toBe(409);
      const listed = await api.get(`/api/equipment?search=${encodeURIComponent(name)}`, co.a.token);
      expect(listed.body.pagination.total).toBe(1);
    });
  });

  describe('GraphQL', () => {
    const gql = (query: string, token?: string) => api.post('/graphql', { query }, token);

    it('lists equipment, favourites and categories for the caller’s company', async () => {
      const word = tag('gql');
      const item = await add(`Graph ${word}`);
      await api.post(`/api/equipment/${item.id}/favorite`, undefined, co.a.token);
      const query = `{ equipment(search: "${word}", limit: 5) { equipment { id name is_favorite customer_id } pagination { pages total } }
        favoriteEquipment(search: "${word}") { equipment { id } }
        equipmentCategories { category count }
        favouriteCounts: equipmentCategories(favorites: true) { category count } }`;
      const rest = await api.get('/api/equipment/categories?favorites=true', co.a.token);
      const a = await gql(query, co.a.token);
      expect(a.body.errors).toBeUndefined();
      expect(a.body.data.equipment).toEqual({
        equipment: [{ id: item.id, name: item.name, is_favorite: true, customer_id: co.a.customerId }],
        pagination: { pages: 1, total: 1 },
      });
      expect(a.body.data.favoriteEquipment.equipment).toEqual([{ id: item.id }]);
      expect(a.body.data.equipmentCategories).toHaveLength(19);
      expect(a.body.data.favouriteCounts).toEqual(rest.body.categories);
      const b = await gql(query, co.b.token);
      expect(b.body.data.equipment.equipment[0].is_favorite).toBe(false);
      expect(b.body.data.favoriteEquipment.equipment).toEqual([]);
    });

    it('validates arguments with the same rules and needs a session', async () => {
      const tooMany = await gql('{ equipment(limit: 1001) { pagination { pages } } }', co.a.token);
      expect(tooMany.body.errors[0]).toMatchObject({
        message: 'Limit must be a whole number from 1 to 1000',
        extensions: { code: 'VALIDATION_FAILED', status: 400 },
      });
      const bad = await gql('{ equipment(category: "Rockets") { pagination { pages } } }', co.a.token);
      expect(bad.body.errors[0].message).toBe('Please select a valid category');
      const anonymous = await gql('{ equipmentCategories { category } }');
      expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });
  });
});
