import { headers as natsHeaders } from 'nats';
import { RequestHeaders } from './typed-client';

const decoder = new TextDecoder();

describe('RequestHeaders', () => {
  it('writes the bytes nats.js writes for the same headers set one key at a time', () => {
    const entries: Array<[string, string]> = [
      ['x-request-id', 'req-1'],
      ['traceparent', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'],
      ['idempotency-key', '  padded key  '],
      ['x-planted-session', 'eyJhbGciOi.eyJzdWIiOi.sig-_'],
    ];
    const ours = new RequestHeaders();
    const theirs = natsHeaders();
    for (const [key, value] of entries) {
      ours.set(key, value);
      theirs.set(key, value);
    }
    expect(decoder.decode(ours.encode())).toBe(
      decoder.decode((theirs as unknown as { encode(): Uint8Array }).encode()),
    );
  });

  it('refuses a value with CR or LF, as nats.js does', () => {
    expect(() => natsHeaders().set('x-request-id', 'a\r\nb: c')).toThrow(/\\r and \\n are not allowed/);
    expect(() => new RequestHeaders().set('x-request-id', 'a\r\nb: c')).toThrow(
      /\\r and \\n are not allowed/,
    );
    expect(() => new RequestHeaders().set('x-request-id', 'a\nb')).toThrow();
  });
});
