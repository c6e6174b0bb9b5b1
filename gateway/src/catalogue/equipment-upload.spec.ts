import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ServiceError } from '@planted/contracts';
import { CUSTOMER, multipartBody, testGateway, type TestGateway } from '../../test/support/catalogue-gateway';

const ID = randomUUID();

const FIELDS = {
  name: 'Hilti TE 70',
  category: 'Breaking & Drilling',
  power: '110V',
  unit_of_measure: 'per_day',
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e87722' } })
    .png()
    .toBuffer();

const image = (data: Buffer, type = 'image/png') => ({ field: 'image', data, filename: 'p.png', type });

/** What the catalogue answers: the item with the image paths it was sent. */
function item(payload: Record<string, unknown>) {
  const img = payload.image as { url: string; card_url: string } | null | undefined;
  return { id: ID, name: payload.name, image_url: img?.url ?? null, image_card_url: img?.card_url ?? null };
}

describe('equipment uploads: POST /api/equipment, PUT /api/equipment/{id} (spec §5 Equipment, §7)', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await testGateway();
  });
  afterAll(() => gw.app.close());
  beforeEach(() => {
    gw.sent.length = 0;
    gw.storage.files.clear();
    gw.answer = (_subject, payload) => ({ equipment: item(payload), message: 'ok', replaced_images: [] });
  });

  async function send(
    method: 'POST' | 'PUT',
    fields: Record<string, string>,
    files: Parameters<typeof multipartBody>[1] = [],
    token = 'admin-token',
  ) {
    const { payload, headers } = await multipartBody(fields, files);
    return gw.app.inject({
      method,
      url: method === 'POST' ? '/api/equipment' : `/api/equipment/${ID}`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  }

  it('stores the image re-encoded and a 480px card copy, and sends their paths to the catalogue', async () => {
    const res = await send('POST', FIELDS, [image(await png(1000, 500))]);
    expect(res.statusCode).toBe(201);
    const keys = [...gw.storage.files.keys()].sort();
    expect(keys).toEqual([
      expect.stringMatching(new RegExp(`^equipment/${CUSTOMER}/[0-9a-f-]{36}-card\\.png$`)),
      expect.stringMatching(new RegExp(`^equipment/${CUSTOMER}/[0-9a-f-]{36}\\.png$`)),
    ]);
    const [card, full] = keys.map((k) => gw.storage.files.get(k)!);
    expect((await sharp(full).metadata()).width).toBe(1000);
    expect((await sharp(card).metadata()).width).toBe(480);
    expect(gw.sent).toEqual([
      {
        subject: 'catalogue.equipment.create.v1',
        payload: expect.objectContaining({
          ...FIELDS,
          description: null,
          image: { url: `/files/${keys[1]}`, card_url: `/files/${keys[0]}` },
        }),
      },
    ]);
    expect(res.json()).toEqual({
      equipment: expect.objectContaining({ image_url: `/files/${keys[1]}` }),
      message: 'ok',
    });
  });

  it('answers an image over 5 MB with 413 and "Image must be less than 5MB"', async () => {
    const big = Buffer.concat([await png(8, 8), Buffer.alloc(5_242_880)]);
    const res = await send('POST', FIELDS, [image(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'Image must be less than 5MB',
      details: [{ param: 'image', msg: 'Image must be less than 5MB' }],
    });
    expect(gw.sent).toEqual([]);
    expect(gw.storage.files.size).toBe(0);
  });

  it('answers a file that is not an image with 415 and "Please select an image file"', async () => {
    const res = await send('POST', FIELDS, [image(Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml')]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'Please select an image file',
      details: [{ param: 'image', msg: 'Please select an image file' }],
    });
    expect(gw.storage.files.size).toBe(0);
  });

  it('refuses a picture sent under another field name, saying where it goes, rather than drop it', async () => {
    const res = await send('POST', FIELDS, [{ ...image(await png(8, 8)), field: 'photo' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Send the picture as the "image" field',
      details: [{ param: 'photo', msg: 'Send the picture as the "image" field' }],
    });
    expect(gw.sent).toEqual([]);
    expect(gw.storage.files.size).toBe(0);
  });

  it('validates the fields with the spec §5 messages before storing anything', async () => {
    const res = await send(
      'POST',
      { name: '', category: 'Spaceships', unit_of_measure: 'u'.repeat(51), power: 'Steam' },
      [image(await png(20, 20))],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Equipment name is required',
      details: [
        { param: 'name', msg: 'Equipment name is required' },
        { param: 'category', msg: 'Please select a valid category' },
        { param: 'unit_of_measure', msg: 'Unit of measure must be 50 characters or less' },
        { param: 'power', msg: 'Please select a valid power type' },
      ],
    });
    expect(gw.storage.files.size).toBe(0);
    expect(gw.sent).toEqual([]);
  });

  it('takes line breaks as typed: a browser sends them as CRLF, and a 2,000-character description fits (AY-1)', async () => {
    const typed = ('x'.repeat(99) + '\n').repeat(20);
    expect(typed).toHaveLength(2000);
    const res = await send('POST', { ...FIELDS, description: typed.replace(/\n/g, '\r\n') });
    expect(res.statusCode).toBe(201);
    expect(gw.sent).toEqual([
      {
        subject: 'catalogue.equipment.create.v1',
        payload: expect.objectContaining({ description: typed.trimEnd() }),
      },
    ]);
    const over = await send('POST', { ...FIELDS, description: typed + 'x' });
    expect(over.statusCode).toBe(400);
  });

  it('refuses control characters in a form field, naming it', async () => {
    const res = await send('POST', { ...FIELDS, name: 'Hil\u0000ti' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ param: 'name', msg: expect.any(String) }]);
    expect(gw.sent).toEqual([]);
  });

  it('removes the stored files when the catalogue refuses', async () => {
    gw.answer = () => {
      throw new ServiceError(
        'FORBIDDEN',
        'Only administrators of the company that added this equipment can change or delete it',
      );
    };
    const res = await send('PUT', FIELDS, [image(await png(20, 20))]);
    expect(res.statusCode).toBe(403);
    expect(gw.sent).toHaveLength(1);
    expect(gw.storage.files.size).toBe(0);
  });

  it('deletes the images an update replaced, and reads is_active and remove_image from the form', async () => {
    gw.storage.files.set(`equipment/${CUSTOMER}/old.png`, Buffer.from('old'));
    gw.storage.files.set(`equipment/${CUSTOMER}/old-card.png`, Buffer.from('old'));
    gw.answer = (_subject, payload) => ({
      equipment: item(payload),
      message: 'ok',
      replaced_images: [`/files/equipment/${CUSTOMER}/old.png`, `/files/equipment/${CUSTOMER}/old-card.png`],
    });
    const res = await send('PUT', { ...FIELDS, is_active: 'false', remove_image: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ equipment: expect.objectContaining({ id: ID }), message: 'ok' });
    expect(gw.sent[0].payload).toEqual(
      expect.objectContaining({ id: ID, is_active: false, remove_image: true }),
    );
    expect(gw.sent[0].payload).not.toHaveProperty('image');
    expect(gw.storage.files.size).toBe(0);
  });

  it('takes the same fields as JSON, without an image', async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/api/equipment',
      payload: { ...FIELDS, image: { url: '/files/equipment/forged.png', card_url: 'x' } },
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(res.statusCode).toBe(201);
    // An image path is only ever one the gateway stored itself.
    expect(gw.sent[0].payload.image).toBeNull();
  });

  it('refuses a body that is no object, and an id that is no id', async () => {
    for (const payload of ['[]', '"text"', '42']) {
      const res = await gw.app.inject({
        method: 'PUT',
        url: `/api/equipment/${ID}`,
        payload,
        headers: { authorization: 'Bearer admin-token', 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    }
    const badId = await gw.app.inject({
      method: 'PUT',
      url: '/api/equipment/not-an-id',
      payload: FIELDS,
      headers: { authorization: 'Bearer admin-token' },
    });
    // An id that is no id names nothing: 404, as an unknown one.
    expect([badId.statusCode, badId.json()]).toEqual([404, { error: 'Equipment not found' }]);
    expect(gw.sent).toEqual([]);
  });
});
