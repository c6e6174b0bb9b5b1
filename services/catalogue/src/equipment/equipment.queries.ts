import { sql, type SQL } from 'drizzle-orm';
import {
  listMergedPageQuery,
  listPageQuery,
  listState,
  pageValues,
  visibleTo,
  type ListFilter,
  type PageParts,
  type SharedList,
} from '../shared/list-queries';
import { valuesOf, type ValueOf } from '../shared/search';

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

export const EQUIPMENT_LIST: SharedList = {
  name: 'equipment',
  statement: 'equipment',
  table: 'catalogue.equipment',
  alias: 'e',
  owner: 'customer_id',
  favorites: { table: 'catalogue.equipment_favorites', key: 'equipment_id' },
};

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

export type EquipmentFilter = ListFilter;

/**
 * One statement for a page of the list: the total of matches and the page's rows with
 * `is_favorite`, ordered by name (see listPageQuery). Only ids and names are collected for
 * the count and the order (a search's matches are copied once into the materialized CTE,
 * descriptions and all, otherwise); the page's 12 rows are then read by id. Its values come
 * from `value` (by default the filter's own, see pageValues).
 */
export function equipmentPageQuery(
  filter: EquipmentFilter,
  value: ValueOf = valuesOf(pageValues(filter)),
): SQL {
  return listPageQuery(EQUIPMENT_LIST, filter, value, equipmentPageParts(filter, value));
}

/** Page 1 for a company with inactive items of its own, from a shared page's ids (listMergedPageQuery). */
export function equipmentMergedPageQuery(filter: EquipmentFilter, value: ValueOf): SQL {
  return listMergedPageQuery(EQUIPMENT_LIST, value, equipmentPageParts(filter, value));
}

function equipmentPageParts(filter: EquipmentFilter, value: ValueOf): PageParts {
  const favorite = favoriteOf('e', value('customerId'));
  return {
    matched: sql`e.id, e.name`,
    where: [
      filter.search ? sql`e.search_text like ${value('pattern')}` : undefined,
      filter.category ? sql`e.category = ${value('category')}` : undefined,
    ],
    columns: sql`${EQUIPMENT_COLUMNS}, ${favorite.column}`,
    joins: sql`left join catalogue.equipment e on e.id = p.id
    ${favorite.join}`,
  };
}

/**
 * What a page kept in memory (its items, see ListCache) needs from the table to be answered
 * to a company: the list's counter and the company's inactive-items flag, which say whether
 * the page still holds for it, and which of the page's items (`ids`) are its favourites
 * (looked up by key, one id at a time: see favoriteOf).
 */
export function equipmentPageStateQuery(customerId: unknown, ids: unknown): SQL {
  return sql`
    select ${listState(EQUIPMENT_LIST, customerId)},
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
    where e.id = ${id} and ${visibleTo(EQUIPMENT_LIST, customerId)}`;
}

/**
 * The items per category the company's list shows (categories without items are absent):
 * the active ones, and its own inactive ones, which its list shows too. With `favoritesOnly`,
 * of those, its favourites: what My Favorites lists (listPageQuery's favourites join).
 */
export function categoryCountsQuery(customerId: unknown, favoritesOnly = false): SQL {
  const favorites = favoritesOnly
    ? sql`join catalogue.equipment_favorites mf on mf.equipment_id = e.id and mf.customer_id = ${customerId}`
    : sql``;
  return sql`
    select e.category, count(*)::int as count
    from catalogue.equipment e ${favorites}
    where ${visibleTo(EQUIPMENT_LIST, customerId)}
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
