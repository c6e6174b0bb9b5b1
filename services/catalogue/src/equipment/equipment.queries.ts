import { sql, type SQL } from 'drizzle-orm';
import {
  allOf,
  containsPattern,
  materialization,
  offsetOf,
  pageShape,
  trigramSearchable,
  valuesOf,
  type ValueOf,
} from '../shared/search';

/** The columns of an equipment answer, named as EquipmentView's properties. */
const EQUIPMENT_COLUMNS = sql.raw(
  [
    'e.id',
    'e.customer_id as "customerId"',
    'e.name',
    'e.description',
    'e.category',
    'e.unit_of_measure as "unitOfMeasure"',
    'e.power',
    'e.image_url as "imageUrl"',
    'e.image_card_url as "imageCardUrl"',
    'e.is_active as "isActive"',
    'e.created_at as "createdAt"',
    'e.updated_at as "updatedAt"',
  ].join(', '),
);

/**
 * Which items a company sees: every active item of the community catalogue, and its own
 * inactive ones (an owner switches an item off without it vanishing from its own list, so
 * it can switch it on again). Deleted items nobody sees.
 */
export function visibleTo(customerId: unknown): SQL {
  return sql`e.deleted_at is null and (e.is_active or e.customer_id = ${customerId})`;
}

/**
 * `is_favorite` of item `<alias>.id` for the company: a lateral lookup by the favourites'
 * key for each answered row (limit 1, as the key allows, keeps PostgreSQL from turning it
 * back into a join). As a join, or as exists(), the generic plan, which guesses one
 * favourite per company, read all of the company's favourites for every page.
 */
function favoriteOf(alias: string, customerId: unknown) {
  const itemId = sql.raw(`${alias}.id`);
  return {
    column: sql`(fav.equipment_id is not null) as "isFavorite"`,
    join: sql`left join lateral (
      select f.equipment_id from catalogue.equipment_favorites f
      where f.customer_id = ${customerId} and f.equipment_id = ${itemId}
      limit 1
    ) fav on true`,
  };
}

export interface EquipmentFilter {
  customerId: string;
  search?: string;
  category?: string;
  /** Only the company's favourites (GET /equipment/favorites/list). */
  favoritesOnly?: boolean;
  page: number;
  limit: number;
}

/** The values of a page statement, by the names equipmentPageQuery asks for. */
export function equipmentPageValues(filter: EquipmentFilter): Record<string, unknown> {
  return {
    customerId: filter.customerId,
    ...(filter.search ? { pattern: containsPattern(filter.search.toLowerCase()) } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    limit: filter.limit,
    offset: offsetOf(filter.page, filter.limit),
  };
}

/**
 * The prepared statement's name for pages of this filter's shape (which filters are set),
 * or undefined when a page is better planned for its values each time: unfiltered and
 * category pages walk the name index until the page is full (how far depends on the
 * values), and a term too short for the trigram index needs a plan of its own.
 */
export function equipmentPageStatementName(filter: EquipmentFilter): string | undefined {
  if (!filter.search && !filter.favoritesOnly) return undefined;
  if (filter.search && !trigramSearchable(filter.search)) return undefined;
  return `catalogue_equipment_page_${pageShape(filter)}`;
}

/**
 * One statement for a page of the list: the total of matches and the page's rows with
 * `is_favorite`, ordered by name. The total comes back even for a page past the end (one
 * row whose item columns are null). See materialization() for how `matched` is planned.
 * Only ids and names are collected for the count and the order (a search's matches are
 * copied once into the materialized CTE, descriptions and all, otherwise); the page's 12
 * rows are then read by id. The filter decides the statement's shape; its values come from
 * `value` (by default the filter's own, see equipmentPageValues).
 */
export function equipmentPageQuery(
  filter: EquipmentFilter,
  value: ValueOf = valuesOf(equipmentPageValues(filter)),
): SQL {
  const customerId = value('customerId');
  const favorites = filter.favoritesOnly
    ? sql`join catalogue.equipment_favorites mf on mf.equipment_id = e.id and mf.customer_id = ${customerId}`
    : sql``;
  const favorite = favoriteOf('e', customerId);
  const where = allOf(
    visibleTo(customerId),
    filter.search ? sql`e.search_text like ${value('pattern')}` : undefined,
    filter.category ? sql`e.category = ${value('category')}` : undefined,
  );
  return sql`
    with matched as ${materialization(filter)} (
      select e.id, e.name from catalogue.equipment e ${favorites} where ${where}
    ),
    total as (select count(*)::int as total, ${listState(customerId)} from matched),
    page as (
      select * from matched order by name, id limit ${value('limit')} offset ${value('offset')}
    )
    select t.total, t.version, t."ownInactive", ${EQUIPMENT_COLUMNS}, ${favorite.column}
    from total t
    left join page p on true
    left join catalogue.equipment e on e.id = p.id
    ${favorite.join}
    order by p.name, p.id`;
}

/**
 * The list's counter, and whether the company has inactive items of its own (then its
 * pages differ from everyone else's, and no page is shared with it): see ListCache.
 */
function listState(customerId: unknown): SQL {
  return sql`(select v.version::float8 from catalogue.list_versions v where v.name = 'equipment') as version,
    exists(
      select 1 from catalogue.equipment o
      where o.customer_id = ${customerId} and not o.is_active and o.deleted_at is null
    ) as "ownInactive"`;
}

/**
 * What a page kept in memory (its items, see ListCache) needs from the table to be answered
 * to a company: the list's counter and the company's inactive-items flag, which say whether
 * the page still holds for it, and which of the page's items (`ids`) are its favourites
 * (looked up by key, one id at a time: see favoriteOf).
 */
export function equipmentPageStateQuery(customerId: unknown, ids: unknown): SQL {
  return sql`
    select ${listState(customerId)},
      array(
        select fav.equipment_id::text from unnest(${sql.param(ids)}::uuid[]) as page(id)
        cross join lateral (
          select f.equipment_id from catalogue.equipment_favorites f
          where f.customer_id = ${customerId} and f.equipment_id = page.id
          limit 1
        ) fav
      ) as favorites`;
}

/** One item as the company sees it, with `is_favorite`; no row when it is not visible to it. */
export function equipmentByIdQuery(customerId: unknown, id: unknown): SQL {
  const favorite = favoriteOf('e', customerId);
  return sql`
    select ${EQUIPMENT_COLUMNS}, ${favorite.column}
    from catalogue.equipment e
    ${favorite.join}
    where e.id = ${id} and ${visibleTo(customerId)}`;
}

/** Active items per category (categories without items are absent). */
export function categoryCountsQuery(): SQL {
  return sql`
    select e.category, count(*)::int as count
    from catalogue.equipment e
    where e.deleted_at is null and e.is_active
    group by e.category`;
}

/** Up to five active items whose names are close to `name` (pg_trgm's `%`: similarity at least 0.3). */
export function similarEquipmentQuery(name: string): SQL {
  return sql`
    select e.id, e.name, e.category, similarity(e.name, ${name})::float8 as similarity
    from catalogue.equipment e
    where e.name % ${name} and e.deleted_at is null and e.is_active
    order by similarity desc, e.name, e.id
    limit 5`;
}
