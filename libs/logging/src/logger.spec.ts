import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger, currentRequestId, runWithRequestId, slowRequestMs } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()));
      cb();
    },
  });
  return { lines, stream };
}

describe('logging', () => {
  it('adds the request id of the current request to every line', () => {
    const { lines, stream } = capture();
    const logger = pino({ mixin: () => ({ requestId: currentRequestId() }) }, stream);
    runWithRequestId('req-123', () => logger.info('inside'));
    logger.info('outside');
    expect(lines[0].requestId).toBe('req-123');
    expect(lines[1].requestId).toBeUndefined();
  });

  it('keeps the id across awaits', async () => {
    const seen = await runWithRequestId('abc', async () => {
      await new Promise((r) => setTimeout(r, 5));
      return currentRequestId();
    });
    expect(seen).toBe('abc');
  });

  it('generates an id when none is given', () => {
    expect(runWithRequestId(undefined, () => currentRequestId())).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the service, carries the request id and redacts passwords', () => {
    const { lines, stream } = capture();
    const logger = createLogger('identity', { level: 'info' }, stream);
    runWithRequestId('r-1', () => logger.info({ password: 'secret', body: { password: 'x' } }, 'login'));
    expect(lines[0]).toMatchObject({ service: 'identity', requestId: 'r-1', password: '[redacted]' });
    expect((lines[0].body as Record<string, unknown>).password).toBe('[redacted]');
  });

  it('calls a successful request slow from LOG_SLOW_MS, 1000 ms unless set', () => {
    expect(slowRequestMs({})).toBe(1000);
    expect(slowRequestMs({ LOG_SLOW_MS: '250' })).toBe(250);
    expect(slowRequestMs({ LOG_SLOW_MS: '0' })).toBe(0);
    expect(slowRequestMs({ LOG_SLOW_MS: '' })).toBe(1000);
    expect(slowRequestMs({ LOG_SLOW_MS: 'soon' })).toBe(1000);
    expect(slowRequestMs({ LOG_SLOW_MS: '-1' })).toBe(1000);
  });
});
