import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BusKeyError } from './bus-proof';
import { EventSigner, loadEventSigner, requireEventSigner } from './event-signature';

const SECRET = 'x'.repeat(32);
const NEXT = 'y'.repeat(44);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('EventSigner (EVENT_SIGNING_SECRET)', () => {
  it('verifies what it signed, and nothing else', () => {
    const signer = EventSigner.fromSetting(SECRET);
    const data = bytes('{"id":"1","type":"billing.subscription.changed.v1"}');
    const signature = signer.sign(data);
    expect(signature).toMatch(/^v1=[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(data, signature)).toBe(true);
    expect(signer.verify(bytes('{"id":"1","type":"billing.subscription.changed.v2"}'), signature)).toBe(
      false,
    );
    expect(signer.verify(data, undefined)).toBe(false);
    expect(signer.verify(data, '')).toBe(false);
    expect(signer.verify(data, signature.slice(3))).toBe(false);
    expect(signer.verify(data, `${signature.slice(0, -2)}AA`)).toBe(false);
    expect(signer.verify(data, 'v1=short')).toBe(false);
    expect(EventSigner.fromSetting(NEXT).verify(data, signature)).toBe(false);
  });

  it('rotates: the first secret signs, every one verifies', () => {
    const old = EventSigner.fromSetting(SECRET);
    const during = EventSigner.fromSetting(`${NEXT}, ${SECRET}`);
    const data = bytes('event');
    expect(during.verify(data, old.sign(data))).toBe(true);
    expect(old.verify(data, during.sign(data))).toBe(false);
    expect(EventSigner.fromSetting(NEXT).verify(data, during.sign(data))).toBe(true);
  });

  it('refuses a secret that is short or missing', () => {
    expect(() => EventSigner.fromSetting('too-short')).toThrow(BusKeyError);
    expect(() => EventSigner.fromSetting(' , ')).toThrow('EVENT_SIGNING_SECRET holds no secret');
  });

  it('loads from the setting, else from the file it names, else nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'event-secret-'));
    try {
      const file = path.join(dir, 'secret');
      writeFileSync(file, `${SECRET}\n`);
      const data = bytes('event');
      const fromFile = await loadEventSigner({ EVENT_SIGNING_SECRET_FILE: file });
      expect(fromFile?.verify(data, EventSigner.fromSetting(SECRET).sign(data))).toBe(true);
      const inline = await loadEventSigner({ EVENT_SIGNING_SECRET: NEXT, EVENT_SIGNING_SECRET_FILE: file });
      expect(inline?.verify(data, EventSigner.fromSetting(NEXT).sign(data))).toBe(true);
      expect(await loadEventSigner({})).toBeUndefined();
      await expect(requireEventSigner({})).rejects.toThrow(
        'EVENT_SIGNING_SECRET or EVENT_SIGNING_SECRET_FILE is required',
      );
      await expect(requireEventSigner({ EVENT_SIGNING_SECRET: SECRET })).resolves.toBeInstanceOf(EventSigner);
      await expect(loadEventSigner({ EVENT_SIGNING_SECRET_FILE: path.join(dir, 'none') })).rejects.toThrow(
        'Cannot read EVENT_SIGNING_SECRET_FILE',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
