import {
  CATALOGUE_MESSAGES,
  paginationOf,
  type Actor,
  type EventPayloadOf,
  type EventSubject,
  type Pagination,
  type ServiceError,
  type SimilarEntry,
} from '@planted/contracts';
import { reusableReply } from '@planted/messaging';
import type { OutboxService } from '@planted/service-kit';
import type { CatalogueDatabase, CatalogueTx } from '../db/database';
import { ListCache, type CachedPage } from './list-cache';
import { WeightedLru } from './weighted-lru';

/** What every row of a shared list has: the equipment catalogue's items and the supplier directory's suppliers. */
export interface DirectoryRow {
  id: string;
  deletedAt: Date | null;
  isActive: boolean;
}

/** A list request: page (from 1), limit, and the list's filters. */
export type ListQuery = {
  page: number;
  limit: number;
  search?: string;
  category?: string;
};

/** A page read from the tables, and what says whether it may be shared between companies (see ListCache). */
export interface DirectoryPage<T> {
  items: T[];
  total: number;
  version: number;
  ownInactive: boolean;
}

/** What a company adds to a page read before (its favourites, ...), looked up afresh on each use. */
export interface CompanyView<T> {
  /** Tells one company state of the page from another: the same state, the same items. */
  state: string;
  /** The page's entries as the company sees them. */
  items(): T[];
}

/** What a Directory asks of its list's repository. */
export interface DirectoryStore<T, Row> {
  /** A page of the entries the company sees (or of its favourites), and the number of matches. */
  page(
    tx: CatalogueTx,
    filter: ListQuery & { customerId: string; favoritesOnly: boolean },
  ): Promise<DirectoryPage<T>>;
  /**
   * A page read before, as the company sees it now; 'stale' when the list changed since,
   * 'own-inactive' when the company has inactive entries of its own (which it sees too).
   */
  cachedPage(
    tx: CatalogueTx,
    customerId: string,
    cached: CachedPage<T>,
  ): Promise<CompanyView<T> | 'stale' | 'own-inactive'>;
  /**
   * Page 1 for a company with inactive entries of its own: the shared page (`cached`, page 1
   * of the same filter) and the company's own inactive matches, ordered together; undefined
   * when the list changed since the shared page was read.
   */
  mergedPage(
    tx: CatalogueTx,
    filter: ListQuery & { customerId: string },
    cached: CachedPage<T>,
  ): Promise<DirectoryPage<T> | undefined>;
  /** The entry as the company sees it, or undefined when it does not see it. */
  findVisible(tx: CatalogueTx, customerId: string, id: string): Promise<T | undefined>;
  /** The row itself, deleted or not. */
  findRow(tx: CatalogueTx, id: string): Promise<Row | undefined>;
  similar(tx: CatalogueTx, name: string): Promise<SimilarEntry[]>;
  addFavorite(tx: CatalogueTx, customerId: string, id: string): Promise<void>;
  /** Whether there was a favourite to remove. */
  removeFavorite(tx: CatalogueTx, customerId: string, id: string): Promise<boolean>;
  /** False when the row was deleted already. */
  softDelete(tx: CatalogueTx, id: string): Promise<boolean>;
}

export interface DirectoryRules<Row> {
  /** The company the row belongs to (which sees it while inactive, and may change it). */
  ownerOf(row: Row): string | null;
  /** Unknown, deleted and another company's inactive entries are not told apart. */
  notFound(): ServiceError;
}

/** Why an actor who sees an entry may not change it (spec §6): not its company's, or not an admin. */
export interface Refusals {
  notOwner(): ServiceError;
  notAdmin(): ServiceError;
}

/**
 * A merged first page (listMergedPageQuery) from its rows: undefined when the list moved since
 * the shared page was read; else its entries and the total, the shared page's and the company's own.
 */
export function mergedPageFrom<
  Row extends { id: string | null; total: number; version: number; ownInactive: boolean },
  T,
>(rows: Row[], shared: CachedPage<T>, toEntry: (row: Row) => T): DirectoryPage<T> | undefined {
  const [first] = rows;
  if (first.version !== shared.version) return undefined;
  const items = rows.filter((row) => row.id !== null).map(toEntry);
  return { items, total: shared.total + first.total, version: first.version, ownInactive: first.ownInactive };
}

/** How many companies with inactive entries of their own a Directory remembers (least recently used dropped). */
const OWN_INACTIVE_COMPANIES_KEPT = 10_000;

/**
 * What the equipment catalogue and the supplier directory have in common: entries shared
 * by every company, each company seeing every active entry and its own inactive ones,
 * favourites of its own, and changes only by admins of the owning company.
 *
 * Pages of the list (not of favourites) are shared between companies through a ListCache,
 * entries and all: a repeated search costs a look at the list's counter and at what the
 * company adds to the page's entries (its favourites, ...) instead of a trigram scan and a
 * count. A company with inactive entries of its own gets its first page from the shared
 * one and its own matches (mergedPage); its later pages are read afresh. The answers built
 * from shared pages are kept too, by page, counter, company and what the company adds (all
 * read afresh for each request), and given again as the same frozen object
 * (reusableReply), which the service writes out from bytes serialized once.
 */
export class Directory<T extends { id: string }, Row extends DirectoryRow, Reply extends object> {
  private readonly pages = new ListCache<T>();
  private readonly answers = new WeightedLru<Reply>(24_000);
  /** Companies with inactive entries of their own, and the list's counter when that was seen. */
  private readonly ownInactiveAt = new WeightedLru<number>(OWN_INACTIVE_COMPANIES_KEPT);

  constructor(
    private readonly database: CatalogueDatabase,
    private readonly outbox: OutboxService,
    private readonly store: DirectoryStore<T, Row>,
    private readonly rules: DirectoryRules<Row> & {
      /** The list's answer: its entries under the list's own name, and the pagination. */
      answer(items: T[], pagination: Pagination): Reply;
    },
  ) {}

  list(customerId: string, query: ListQuery, favoritesOnly: boolean): Promise<Reply> {
    const answer = (items: T[], total: number) =>
      this.rules.answer(items, paginationOf(query.page, query.limit, total));
    return this.database.readAsTenant(customerId, async (tx) => {
      const filter = { customerId, ...query, favoritesOnly };
      if (favoritesOnly) {
        const { items, total } = await this.store.page(tx, filter);
        return answer(items, total);
      }
      const key = ListCache.key(query);
      const cached = this.pages.get(key);
      // A company with inactive entries of its own: its first page (where nearly every search
      // stays) from the shared one and its own matches, not a search afresh; in one statement
      // when the company is known to have them at the shared page's counter.
      const merge = async (page: CachedPage<T>) => {
        const merged = await this.store.mergedPage(tx, { customerId, ...query }, page);
        if (merged) this.ownInactiveAt.set(customerId, page.version, 1);
        return merged && answer(merged.items, merged.total);
      };
      if (cached && query.page === 1 && this.ownInactiveAt.get(customerId) === cached.version) {
        const merged = await merge(cached);
        if (merged) return merged;
      } else if (cached) {
        const view = await this.store.cachedPage(tx, customerId, cached);
        if (view === 'own-inactive' && query.page === 1) {
          const merged = await merge(cached);
          if (merged) return merged;
        }
        if (typeof view === 'object') {
          const known = `${key}\n${cached.version}\n${customerId}\n${view.state}`;
          const given = this.answers.get(known);
          if (given) return given;
          const built = reusableReply(answer(view.items(), cached.total));
          this.answers.set(known, built, Math.max(1, cached.ids.length));
          return built;
        }
      }
      const page = await this.store.page(tx, filter);
      if (page.ownInactive) this.ownInactiveAt.set(customerId, page.version, 1);
      if (!page.ownInactive)
        this.pages.set(key, {
          version: page.version,
          total: page.total,
          ids: page.items.map((item) => item.id),
          items: page.items,
        });
      return answer(page.items, page.total);
    });
  }

  async get(customerId: string, id: string): Promise<T> {
    const found = await this.database.readAsTenant(customerId, (tx) =>
      this.store.findVisible(tx, customerId, id),
    );
    if (!found) throw this.rules.notFound();
    return found;
  }

  /** Up to five active entries whose names are close to `name`, offered before adding a near-duplicate. */
  similar(customerId: string, name: string): Promise<{ similar: SimilarEntry[] }> {
    return this.database.readAsTenant(customerId, async (tx) => ({
      similar: await this.store.similar(tx, name),
    }));
  }

  async addFavorite(customerId: string, id: string): Promise<{ is_favorite: true; message: string }> {
    await this.database.withTenant(customerId, async (tx) => {
      const row = await this.visibleRow(tx, customerId, id);
      await this.store.addFavorite(tx, customerId, row.id);
    });
    return { is_favorite: true, message: CATALOGUE_MESSAGES.FAVORITE_ADDED };
  }

  /** Removing a favourite of an entry that has since gone still works; NOT_FOUND only when there is nothing at all. */
  async removeFavorite(customerId: string, id: string): Promise<{ is_favorite: false; message: string }> {
    await this.database.withTenant(customerId, async (tx) => {
      const removed = await this.store.removeFavorite(tx, customerId, id);
      if (!removed) await this.visibleRow(tx, customerId, id);
    });
    return { is_favorite: false, message: CATALOGUE_MESSAGES.FAVORITE_REMOVED };
  }

  /** The row when the company sees it (not deleted; active or its own), else NOT_FOUND. */
  async visibleRow(tx: CatalogueTx, customerId: string, id: string): Promise<Row> {
    const row = await this.store.findRow(tx, id);
    if (
      row === undefined ||
      row.deletedAt !== null ||
      !(row.isActive || this.rules.ownerOf(row) === customerId)
    )
      throw this.rules.notFound();
    return row;
  }

  /**
   * The row, when the actor may change it: NOT_FOUND when the company does not see it,
   * then `notOwner` when it is another company's, then `notAdmin` for a user or viewer.
   */
  async ownRow(tx: CatalogueTx, actor: Actor, id: string, refusals: Refusals): Promise<Row> {
    const row = await this.visibleRow(tx, actor.customerId, id);
    if (this.rules.ownerOf(row) !== actor.customerId) throw refusals.notOwner();
    if (actor.role !== 'admin') throw refusals.notAdmin();
    return row;
  }

  /**
   * Soft delete by admins of the owning company, with its event in the same transaction; a
   * second delete answers NOT_FOUND.
   */
  async delete<E extends EventSubject>(
    actor: Actor,
    id: string,
    refusals: Refusals,
    event: E,
    payload: (row: Row) => EventPayloadOf<E>,
  ): Promise<void> {
    await this.database.withTenant(actor.customerId, async (tx) => {
      const row = await this.ownRow(tx, actor, id, refusals);
      if (!(await this.store.softDelete(tx, row.id))) throw this.rules.notFound();
      await this.outbox.record(tx, event, payload(row), actor.customerId);
    });
    this.outbox.committed();
  }
}
