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

/** The shared columns of a supplier, named as SupplierView's properties. */
const SUPPLIER_COLUMNS = sql.raw(
  [
    's.id',
    's.created_by as "createdBy"',
    's.name',
    's.contact_email as "contactEmail"',
    's.contact_phone as "contactPhone"',
    's.address',
    's.is_active as "isActive"',
    's.created_at as "createdAt"',
    's.updated_at as "updatedAt"',
  ].join(', '),
);

/**
 * What the caller's company adds to each supplier row `p` (its favourite, its private
 * details and its latest note), looked up by key for the rows answered only. (As plain
 * joins, or exists(), the generic plan, which guesses one favourite and one set of details
 * per company, read all of the company's for every page.)
 */
function companyColumns(customerId: unknown) {
  return {
    columns: sql`(f.supplier_id is not null) as "isFavorite",
      d.contact_name as "customerContactName", d.contact_email as "customerContactEmail",
      d.phone as "customerPhone", d.preferred_order_method as "preferredOrderMethod",
      d.availability_check_method as "availabilityCheckMethod", d.zahara_supplier_id as "zaharaSupplierId",
      note.body as "customerNote", (note.id is not null) as "hasCustomerNote"`,
    // limit 1 (the keys allow one row anyway) keeps PostgreSQL from turning a lateral lookup back into a join.
    joins: sql`
      left join lateral (
        select f.supplier_id from catalogue.supplier_favorites f
        where f.customer_id = ${customerId} and f.supplier_id = p.id
        limit 1
      ) f on true
      left join lateral (
        select * from catalogue.supplier_details d
        where d.customer_id = ${customerId} and d.supplier_id = p.id
        limit 1
      ) d on true
      left join lateral (
        select n.id, n.body from catalogue.supplier_timeline n
        where n.customer_id = ${customerId} and n.supplier_id = p.id and n.type = 'note'
        order by n.created_at desc, n.id desc limit 1
      ) note on true`,
  };
}

export const SUPPLIER_LIST: SharedList = {
  name: 'suppliers',
  statement: 'supplier',
  table: 'catalogue.suppliers',
  alias: 's',
  owner: 'created_by',
  favorites: { table: 'catalogue.supplier_favorites', key: 'supplier_id' },
};

export type SupplierFilter = Omit<ListFilter, 'category'>;

/**
 * One statement for a page: the total of matches and the page's suppliers as the company
 * sees them, by name (see listPageQuery). Its values come from `value` (by default the
 * filter's own, see pageValues).
 */
export function supplierPageQuery(
  filter: SupplierFilter,
  value: ValueOf = valuesOf(pageValues(filter)),
): SQL {
  return listPageQuery(SUPPLIER_LIST, filter, value, supplierPageParts(filter, value));
}

/** Page 1 for a company with inactive suppliers of its own, from a shared page's ids (listMergedPageQuery). */
export function supplierMergedPageQuery(filter: SupplierFilter, value: ValueOf): SQL {
  return listMergedPageQuery(SUPPLIER_LIST, value, supplierPageParts(filter, value));
}

function supplierPageParts(filter: SupplierFilter, value: ValueOf): PageParts {
  const company = companyColumns(value('customerId'));
  return {
    matched: SUPPLIER_COLUMNS,
    where: [filter.search ? sql`s.search_name like ${value('pattern')}` : undefined],
    columns: sql`p.*, ${company.columns}`,
    joins: company.joins,
  };
}

/**
 * What a page kept in memory (its suppliers, see ListCache) needs from the tables to be
 * answered to a company: the list's counter and the company's inactive-suppliers flag,
 * which say whether the page still holds for it, and the company's own columns (favourite,
 * details, latest note) for each of the page's ids. One row with a null id when there are
 * no ids.
 */
export function supplierPageStateQuery(customerId: unknown, ids: unknown): SQL {
  const company = companyColumns(customerId);
  return sql`
    with state as (select ${listState(SUPPLIER_LIST, customerId)})
    select st.version, st."ownInactive", p.id, ${company.columns}
    from state st
    left join unnest(${sql.param(ids)}::uuid[]) as p(id) on true
    ${company.joins}`;
}

/** One supplier as the company sees it; no row when it does not see it. */
export function supplierByIdQuery(customerId: unknown, id: unknown): SQL {
  const company = companyColumns(customerId);
  return sql`
    select p.*, ${company.columns}
    from (select ${SUPPLIER_COLUMNS} from catalogue.suppliers s where s.id = ${id} and ${visibleTo(SUPPLIER_LIST, customerId)}) p
    ${company.joins}`;
}

/** Up to five active suppliers whose names are close to `name` (pg_trgm's `%`: similarity at least 0.3). */
export function similarSuppliersQuery(name: string): SQL {
  return sql`
    select s.id, s.name, null as category, similarity(s.name, ${name})::float8 as similarity
    from catalogue.suppliers s
    where s.name % ${name} and s.deleted_at is null and s.is_active
    order by similarity desc, s.name, s.id
    limit 5`;
}

/** The company's timeline of a supplier, newest first. */
export function timelineQuery(customerId: string, supplierId: string): SQL {
  return sql`
    select n.id, n.type, n.title, n.body, n.author_name as author, n.created_at as "createdAt"
    from catalogue.supplier_timeline n
    where n.customer_id = ${customerId} and n.supplier_id = ${supplierId}
    order by n.created_at desc, n.id desc`;
}
