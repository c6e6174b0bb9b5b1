import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { ServiceError } from '@planted/contracts';
import {
  IMAGE_JOBS_AT_ONCE,
  IMAGE_JOBS_WAITING,
  ImageRefused,
  normaliseImage,
  withImageSlot,
} from './image-normaliser';

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
}

/** A PNG whose header (IHDR) claims another size than the pixels it carries, CRC made right. */
function withDeclaredSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8) + length (4) + "IHDR" (4), then width and height.
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

async function refusal(input: Buffer, maxPixels?: number): Promise<string> {
  try {
    await normaliseImage(input, maxPixels);
  } catch (err) {
    if (err instanceof ImageRefused) return err.reason;
    throw err;
  }
  return 'accepted';
}

describe('normaliseImage (issue 8: uploads are images, whole)', () => {
  it('re-encodes a JPEG and strips its EXIF, GPS position included', async () => {
    const input = await solid(64, 48)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'site camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const out = await normaliseImage(input);
    expect(out.type.ext).toBe('jpg');
    expect([out.width, out.height]).toEqual([64, 48]);
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(out.data.includes(Buffer.from('site camera'))).toBe(false);
  });

  it('turns a JPEG upright by its orientation tag before the tag is dropped', async () => {
    const input = await solid(60, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const out = await normaliseImage(input);
    expect([out.width, out.height]).toEqual([20, 60]);
    expect((await sharp(out.data).metadata()).orientation).toBeUndefined();
  });

  it('keeps PNG, GIF and WebP in their own format', async () => {
    for (const [ext, input] of [
      ['png', await solid(10, 10).png().toBuffer()],
      ['gif', await solid(10, 10).gif().toBuffer()],
      ['webp', await solid(10, 10).webp().toBuffer()],
    ] as const) {
      const out = await normaliseImage(input);
      expect(out.type.ext).toBe(ext);
      expect((await sharp(out.data).metadata()).format).toBe(ext);
    }
  });

  it('refuses a tiny PNG that declares 20000×20000 pixels, before decoding it', async () => {
    const bomb = withDeclaredSize(await solid(1, 1).png().toBuffer(), 20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    await expect(refusal(bomb)).resolves.toBe('too-many-pixels');
  });

  it('refuses an image above the stated pixel count and accepts one at it', async () => {
    const input = await solid(100, 100).png().toBuffer();
    await expect(refusal(input, 9_999)).resolves.toBe('too-many-pixels');
    await expect(refusal(input, 10_000)).resolves.toBe('accepted');
  });

  it('drops what a GIF/HTML polyglot carries after the image', async () => {
    const gif = await solid(8, 8).gif().toBuffer();
    const polyglot = Buffer.concat([
      gif,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const out = await normaliseImage(polyglot);
    expect(out.data.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('refuses files that only start like an image: truncated, or HTML behind a GIF header', async () => {
    const jpeg = await solid(200, 200).jpeg().toBuffer();
    await expect(refusal(jpeg.subarray(0, jpeg.length / 2))).resolves.toBe('not-an-image');
    await expect(refusal(Buffer.from('GIF89a<html><script>alert(1)</script></html>'))).resolves.toBe(
      'not-an-image',
    );
    await expect(refusal(Buffer.from('plain text, not a picture'))).resolves.toBe('not-an-image');
  });
});

describe('image work, one image at a time per process (audit AW-1)', () => {
  it('runs one job at a time, lets a few wait their turn, and refuses more at once as unavailable', async () => {
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      withImageSlot(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return 'done';
      });
    const accepted = Array.from({ length: IMAGE_JOBS_AT_ONCE + IMAGE_JOBS_WAITING }, job);
    const refused = job();
    await expect(refused).rejects.toBeInstanceOf(ServiceError);
    await expect(refused).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    // Each job ends in turn; the next starts only then.
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < accepted.length; i++) {
      for (let wait = 0; wait < 20 && releases.length < i + 1; wait++) await turn();
      expect(releases).toHaveLength(i + 1);
      releases[i]();
    }
    await expect(Promise.all(accepted)).resolves.toEqual(Array(accepted.length).fill('done'));
    expect(most).toBe(IMAGE_JOBS_AT_ONCE);
    // Free again: a job after them runs at once, and a failing one frees its slot.
    await expect(withImageSlot(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(withImageSlot(async () => 'again')).resolves.toBe('again');
  });

  it('normalises images sent together, each in its turn', async () => {
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 20, b: 20 } },
    })
      .png()
      .toBuffer();
    const images = await Promise.all(Array.from({ length: 5 }, () => normaliseImage(png)));
    expect(images.map((image) => [image.width, image.height])).toEqual(Array(5).fill([64, 48]));
  });
});
