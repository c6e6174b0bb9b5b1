import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { client, company, startSystem, type System } from './system';

// Issue 8, item 7: uploads are images, whole. What the gateway stores and serves is only
// what it re-encoded itself.
describe('uploaded pictures are decoded, size-checked and re-encoded before they are stored', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let token: string;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
    token = (await api.post('/api/auth/register', company('Uploads'))).body.token;
  }, 60_000);
  afterAll(() => sys?.close());

  const upload = (data: Buffer, name: string, type: string) =>
    api.upload('/api/auth/profile-picture', 'profilePicture', data, name, type, token);

  it('refuses a 99-byte PNG that declares 20000×20000 pixels, with a field message', async () => {
    const png = Buffer.from(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect(png.length).toBeLessThan(120);

    const res = await upload(png, 'bomb.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Image must be at most 25 megapixels');
    expect(res.body.details).toEqual([
      { param: 'profilePicture', msg: 'Image must be at most 25 megapixels' },
    ]);
  });

  it('serves a GIF/HTML polyglot as a clean GIF, without the HTML it carried', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f80' } })
      .gif()
      .toBuffer();
    const polyglot = Buffer.concat([
      gif,
      Buffer.from('<html><script>alert(document.domain)</script></html>'),
    ]);
    const res = await upload(polyglot, 'x.gif', 'image/gif');
    expect(res.status).toBe(200);
    const file = await fetch(sys.url + res.body.profile_picture_url);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(file.headers.get('content-type')).toBe('image/gif');
    expect(bytes.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('gif');
  });

  it('refuses HTML that only starts with a GIF header', async () => {
    const res = await upload(
      Buffer.from('GIF89a<html><script>alert(1)</script></html>'),
      'x.gif',
      'image/gif',
    );
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('Please select an image file');
  });

  it("strips a photo's EXIF (its GPS position) before storing it", async () => {
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#08f' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    const res = await upload(photo, 'site.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await (await fetch(sys.url + res.body.profile_picture_url)).arrayBuffer());
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });
});
