import { randomBytes } from 'node:crypto';
import { ApiKeyCipher, maskApiKey } from './api-key-cipher';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('API keys at rest (AES-256-GCM)', () => {
  const cipher = new ApiKeyCipher(randomBytes(32));

  it('reads back what it wrote, and never writes the key in clear or twice alike', () => {
    const stored = cipher.encrypt('bu-key-company-a-0001', A);
    expect(stored).not.toContain('bu-key');
    expect(cipher.encrypt('bu-key-company-a-0001', A)).not.toBe(stored);
    expect(cipher.decrypt(stored, A)).toBe('bu-key-company-a-0001');
  });

  it("refuses a value moved to another company's row, altered, or made with another key", () => {
    const stored = cipher.encrypt('bu-key-company-a-0001', A);
    expect(() => cipher.decrypt(stored, B)).toThrow();
    const parts = stored.split('.');
    parts[3] = Buffer.from('bu-key-company-x-0001').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), A)).toThrow();
    expect(() => new ApiKeyCipher(randomBytes(32)).decrypt(stored, A)).toThrow();
  });

  it('shows only the last four characters', () => {
    expect(maskApiKey('0001')).toBe('••••••••0001');
  });
});
