import { readFileSync } from 'node:fs';
import { loadBasemap } from './basemap';

describe('offline basemap (Natural Earth, shipped by world-atlas)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('draws land and borders from the shipped file in zoom-0 world pixels', async () => {
    const file = readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8');
    const fetchMock = jest.fn(
      async () => ({ ok: true, status: 200, json: async () => JSON.parse(file) }) as Response,
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const { land, borders } = await loadBasemap();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(land.startsWith('M')).toBe(true);
    expect(land.length).toBeGreaterThan(100_000);
    expect(borders.length).toBeGreaterThan(10_000);
    const numbers = land.match(/-?\d+(\.\d+)?/g)!.map(Number);
    expect(numbers.every((n) => n >= 0 && n <= 256)).toBe(true);
    // Loaded once.
    await loadBasemap();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
