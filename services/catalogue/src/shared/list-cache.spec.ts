import { ListCache } from './list-cache';

const page = (version: number, ids = ['a']) => ({ version, total: ids.length, ids, items: [] as never[] });

describe('ListCache', () => {
  it('keeps pages by key and drops the least recently used beyond its capacity', () => {
    const cache = new ListCache(2);
    cache.set('one', page(1));
    cache.set('two', page(1));
    expect(cache.get('one')).toEqual(page(1));
    cache.set('three', page(1));
    expect(cache.get('two')).toBeUndefined();
    expect(cache.get('one')).toEqual(page(1));
    expect(cache.get('three')).toEqual(page(1));
    expect(cache.size).toBe(2);
  });

  it('counts its capacity in entries: a large page pushes out as many small ones as it weighs', () => {
    const cache = new ListCache(5);
    cache.set('one', page(1, ['a', 'b']));
    cache.set('two', page(1, ['c', 'd']));
    cache.set('three', page(1, ['e']));
    expect(cache.weight).toBe(5);
    cache.set('big', page(1, ['f', 'g', 'h', 'i']));
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('two')).toBeUndefined();
    expect(cache.get('three')).toEqual(page(1, ['e']));
    expect(cache.weight).toBe(5);
    // Replacing a page counts it once.
    cache.set('three', page(2, ['e']));
    expect(cache.weight).toBe(5);
    cache.forget('big');
    expect(cache.weight).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('replaces and forgets a page', () => {
    const cache = new ListCache();
    cache.set('k', page(1));
    cache.set('k', page(2));
    expect(cache.get('k')?.version).toBe(2);
    cache.forget('k');
    expect(cache.get('k')).toBeUndefined();
  });

  it('builds the same key for the same query, another for another', () => {
    expect(ListCache.key({ search: 'a', page: 1 })).toBe(ListCache.key({ search: 'a', page: 1 }));
    expect(ListCache.key({ search: 'a', page: 1 })).not.toBe(ListCache.key({ search: 'a', page: 2 }));
  });
});
