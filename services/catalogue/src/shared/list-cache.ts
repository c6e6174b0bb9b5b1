/**
 * What a list page is, for every company without inactive rows of its own: the total, the
 * page's ids and, when the list keeps them, its items (as read at `version`; what differs
 * between companies, such as their favourites, is looked up on each use).
 */
export interface CachedPage<T = never> {
  /** The list's counter (catalogue.list_versions) the page was read at. */
  version: number;
  total: number;
  ids: string[];
  items: T[];
}

/**
 * Pages of a shared list (equipment, suppliers) kept in memory, least recently used
 * dropped first. A page is the same for every company that has no inactive rows of its
 * own (those see them too), so one read serves them all; each use checks, in the
 * statement that reads what differs between companies, that the list's counter has not
 * moved since. Replicas keep their own pages and all check the same counter, so none
 * answers a stale page. The capacity counts entries (a dropdown's page of 1000 weighs as
 * much as 83 pages of 12), so the memory it takes stays bounded.
 */
export class ListCache<T = never> {
  private readonly pages = new Map<string, CachedPage<T>>();
  private entries = 0;

  constructor(private readonly capacity = 24_000) {}

  static key(parts: Record<string, string | number | boolean | undefined>): string {
    return JSON.stringify(parts);
  }

  get(key: string): CachedPage<T> | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    // Most recently used last.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage<T>): void {
    this.forget(key);
    this.pages.set(key, page);
    this.entries += page.ids.length;
    while (this.entries > this.capacity && this.pages.size > 1) this.forget(this.pages.keys().next().value!);
  }

  /** A page read at an older counter is no use to anyone. */
  forget(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.entries -= page.ids.length;
  }

  /** Pages kept. */
  get size(): number {
    return this.pages.size;
  }

  /** Entries (ids) of the pages kept. */
  get weight(): number {
    return this.entries;
  }
}
