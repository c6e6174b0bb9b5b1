import { sql, type SQL } from 'drizzle-orm';
import { preparedSql } from '@planted/db';
import {
  allOf,
  foldSearchText,
  wordsPattern,
  materialization,
  offsetOf,
  pageShape,
  placeholders,
  trigramSearchable,
  type ValueOf,
} from './search';

/**
 * A list shared by every company (the equipment catalogue, the supplier directory): the
 * names its statements are written with.
 */
export interface SharedList {
  /** Its counter in catalogue.list_versions, and the middle of its statements' names. */
  name: 'equipment' | 'suppliers';
  /** The prepared statements' prefix: `catalogue_<statement>_page_<shape>`. */
  statement: string;
  table: string;
  alias: string;
  /** The column of the company an entry belongs to (which sees it while inactive). */
  owner: string;
  favorites: { table: string; key: string };
}

/** The filters of a list page, and the company reading it. */
export interface ListFilter {
  customerId: string;
  search?: string;
  category?: string;
  /** Only the company's favourites (GET …/favorites/list). */
  favoritesOnly?: boolean;
  page: number;
  limit: number;
}

/**
 * Which entries a company sees: every active one, and its own inactive ones (an owner
 * switches an entry off without it vanishing from its own list, so it can switch it on
 * again). Deleted ones nobody sees.
 */
export function visibleTo(list: SharedList, customerId: unknown): SQL {
  const a = list.alias;
  return sql`${sql.raw(`${a}.deleted_at is null and (${a}.is_active or ${a}.${list.owner} =`)} ${customerId})`;
}

/**
 * The list's counter, and whether the company has inactive entries of its own (then its
 * pages differ from everyone else's, and no page is shared with it): see ListCache.
 */
export function listState(list: SharedList, customerId: unknown): SQL {
  return sql`(select v.version::float8 from catalogue.list_versions v where v.name = '${sql.raw(list.name)}') as version,
    exists(
      select 1 from ${sql.raw(list.table)} o
      where o.${sql.raw(list.owner)} = ${customerId} and not o.is_active and o.deleted_at is null
    ) as "ownInactive"`;
}

/** The values of a page statement, by the names listPageQuery asks for. */
export function pageValues(filter: ListFilter): Record<string, unknown> {
  return {
    customerId: filter.customerId,
    // The words in the order typed, anything between them: '3kw heater' finds '3kW Fan Heater';
    // folded as the search columns are: 'karcher' finds 'Kärcher'.
    ...(filter.search ? { pattern: wordsPattern(foldSearchText(filter.search)) } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    limit: filter.limit,
    offset: offsetOf(filter.page, filter.limit),
  };
}

/** The values of a merged page statement (listMergedPageQuery): page 1's, and the shared page's ids. */
export function mergedValues(filter: ListFilter, shared: { ids: string[] }): Record<string, unknown> {
  const { offset: _offset, ...values } = pageValues({ ...filter, page: 1 });
  return { ...values, ids: shared.ids };
}

/**
 * The prepared statement's name for pages of this filter's shape (which filters are set),
 * or undefined when a page is better planned for its values each time: unfiltered and
 * category pages walk the name index until the page is full (how far depends on the
 * values), and a term too short for the trigram index needs a plan of its own.
 */
export function pageStatementName(list: SharedList, filter: ListFilter): string | undefined {
  if (!filter.search && !filter.favoritesOnly) return undefined;
  if (filter.search && !trigramSearchable(filter.search)) return undefined;
  return `catalogue_${list.statement}_page_${pageShape(filter)}`;
}

/** What a list's page statement selects, besides what every list's does. */
export interface PageParts {
  /** The columns `matched` collects of each match (at least id and name). */
  matched: SQL;
  /** The list's own conditions (its search, its category), besides visibility. */
  where: (SQL | undefined)[];
  /** The answered columns of each page row `p` (with the company's own), and their joins. */
  columns: SQL;
  joins: SQL;
}

/**
 * One statement for a page of a list: the total of matches and the page's rows, ordered by
 * name. The total comes back even for a page past the end (one row whose entry columns are
 * null). See materialization() for how `matched` is planned. The filter decides the
 * statement's shape; its values come from `value` (`customerId`, `limit`, `offset`).
 */
export function listPageQuery(list: SharedList, filter: ListFilter, value: ValueOf, parts: PageParts): SQL {
  const customerId = value('customerId');
  const a = list.alias;
  const favorites = filter.favoritesOnly
    ? sql`join ${sql.raw(`${list.favorites.table} mf on mf.${list.favorites.key} = ${a}.id and mf.customer_id =`)} ${customerId}`
    : sql``;
  const where = allOf(visibleTo(list, customerId), ...parts.where);
  return sql`
    with matched as ${materialization(filter)} (
      select ${parts.matched} from ${sql.raw(`${list.table} ${a}`)} ${favorites} where ${where}
    ),
    total as (select count(*)::int as total, ${listState(list, customerId)} from matched),
    page as (
      select * from matched order by name collate "und-x-icu", id limit ${value('limit')} offset ${value('offset')}
    )
    select t.total, t.version, t."ownInactive", ${parts.columns}
    from total t
    left join page p on true
    ${parts.joins}
    order by p.name collate "und-x-icu", p.id`;
}

/**
 * Page 1 of a list for a company with inactive entries of its own, from the page every other
 * company sees (kept in memory: its `ids`, in order) and the company's own inactive entries
 * that match the filter: one statement orders the two sets together as the full search
 * would, and counts the company's own matches (the caller adds the shared page's total).
 * The shared page holds while the list's counter (`version`, answered here too) has not
 * moved. Its values: `customerId`, the filter's, `ids` (the shared page's), `limit`.
 */
export function listMergedPageQuery(list: SharedList, value: ValueOf, parts: PageParts): SQL {
  const customerId = value('customerId');
  const a = list.alias;
  // The company's inactive entries first (a few, by the owner's partial index), and only then
  // the filter on them: with the filter beside it, PostgreSQL may AND in the trigram index,
  // whose scan costs as much as the full search this statement is there to avoid.
  return sql`
    with inactive as materialized (
      select ${sql.raw(`${a}.*`)} from ${sql.raw(`${list.table} ${a}`)}
      where ${sql.raw(`${a}.${list.owner} =`)} ${customerId}
        and ${sql.raw(`not ${a}.is_active and ${a}.deleted_at is null`)}
    ),
    own as materialized (
      select ${parts.matched} from ${sql.raw(`inactive ${a}`)} where ${allOf(...parts.where)}
    ),
    matched as (
      select * from own
      union all
      select ${parts.matched} from ${sql.raw(`${list.table} ${a}`)}
      where ${sql.raw(`${a}.id`)} = any(${value('ids')}::uuid[])
    ),
    total as (select (select count(*)::int from own) as total, ${listState(list, customerId)}),
    page as (select * from matched order by name collate "und-x-icu", id limit ${value('limit')})
    select t.total, t.version, t."ownInactive", ${parts.columns}
    from total t
    left join page p on true
    ${parts.joins}
    order by p.name collate "und-x-icu", p.id`;
}

/** The merged page statements of a list (listMergedPageQuery), one per shape of filter, prepared. */
export function mergedPageStatements<Row, F extends ListFilter>(
  list: SharedList,
  build: (filter: F, value: ValueOf) => SQL,
): (filter: F) => ReturnType<typeof preparedSql<Row>> {
  return statementsByShape((filter) => `catalogue_${list.statement}_merged_${pageShape(filter)}`, build);
}

/**
 * The page statements of a list, built once per shape of filter (see preparedSql), and
 * prepared when their plan may be shared by every value (see pageStatementName).
 */
export function pageStatements<Row, F extends ListFilter>(
  list: SharedList,
  build: (filter: F, value: ValueOf) => SQL,
): (filter: F) => ReturnType<typeof preparedSql<Row>> {
  return statementsByShape((filter) => pageStatementName(list, filter), build);
}

/**
 * Statements built once per shape of filter (see preparedSql): prepared under the name
 * `nameOf` gives, or planned for their values each time when it gives none.
 */
function statementsByShape<Row, F extends ListFilter>(
  nameOf: (filter: F) => string | undefined,
  build: (filter: F, value: ValueOf) => SQL,
): (filter: F) => ReturnType<typeof preparedSql<Row>> {
  const statements = new Map<string, ReturnType<typeof preparedSql<Row>>>();
  return (filter) => {
    const name = nameOf(filter);
    const key = name ?? `custom_${pageShape(filter)}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = preparedSql<Row>(name, build(filter, placeholders));
      statements.set(key, statement);
    }
    return statement;
  };
}
