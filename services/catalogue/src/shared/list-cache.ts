import { WeightedLru } from './weighted-lru';

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
export class ListCache<T = never> extends WeightedLru<CachedPage<T>> {
  constructor(capacity = 24_000) {
    super(capacity);
  }

  static key(parts: Record<string, string | number | boolean | undefined>): string {
    return JSON.stringify(parts);
  }

  override set(key: string, page: CachedPage<T>): void {
    super.set(key, page, page.ids.length);
  }
}
