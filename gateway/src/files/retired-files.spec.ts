import type { Readable } from 'node:stream';
import { RetiredFiles } from './retired-files';
import type { FileStorage } from './storage';

/** Storage in memory: what was deleted, and when. */
function memoryStorage(failOn?: string) {
  const files = new Set(['a.png', 'b.png', 'c.png']);
  const storage: FileStorage = {
    put: async (key) => void files.add(key),
    get: async (key) => (files.has(key) ? { stream: undefined as unknown as Readable, size: 1 } : undefined),
    delete: async (key) => {
      if (key === failOn) throw new Error('disk on fire');
      files.delete(key);
    },
  };
  return { storage, files };
}

const quiet = { warn: jest.fn() };

describe('RetiredFiles', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps a replaced file for the grace period, then deletes it', async () => {
    const { storage, files } = memoryStorage();
    const retired = new RetiredFiles(storage, 60_000, quiet);
    await retired.retire('a.png');
    await retired.retire('a.png');
    expect(retired.waiting).toBe(1);
    await jest.advanceTimersByTimeAsync(59_000);
    expect(files.has('a.png')).toBe(true);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(files.has('a.png')).toBe(false);
    expect(retired.waiting).toBe(0);
    expect(files.has('b.png')).toBe(true);
  });

  it('deletes at once with a grace of 0', async () => {
    const { storage, files } = memoryStorage();
    await new RetiredFiles(storage, 0, quiet).retire('b.png');
    expect(files.has('b.png')).toBe(false);
  });

  it('deletes every waiting file when flushed (the gateway stopping), and none twice', async () => {
    const { storage, files } = memoryStorage();
    const retired = new RetiredFiles(storage, 60_000, quiet);
    await retired.retire('a.png');
    await retired.retire('b.png');
    await retired.flush();
    expect([...files]).toEqual(['c.png']);
    expect(retired.waiting).toBe(0);
    files.add('a.png');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(files.has('a.png')).toBe(true);
  });

  it('logs a file it could not delete and carries on', async () => {
    const { storage, files } = memoryStorage('a.png');
    const warn = jest.fn();
    const retired = new RetiredFiles(storage, 0, { warn });
    await retired.retire('a.png');
    await retired.retire('b.png');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ key: 'a.png' }), expect.any(String));
    expect(files.has('b.png')).toBe(false);
  });
});
