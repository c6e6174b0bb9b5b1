import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pageStatementName, pageValues } from '../shared/list-queries';
import { placeholders } from '../shared/search';
import {
  SUPPLIER_LIST,
  supplierByIdQuery,
  supplierPageQuery,
  supplierPageStateQuery,
  type SupplierFilter,
} from './suppliers.queries';

const dialect = new PgDialect();
const me = '11111111-1111-4111-8111-111111111111';
const text = (query: ReturnType<typeof dialect.sqlToQuery>) => query.sql.replace(/\s+/g, ' ');

describe('the supplier statements', () => {
  it("join the company's favourite, details and latest note to the page's rows only", () => {
    const query = dialect.sqlToQuery(supplierPageQuery({ customerId: me, page: 1, limit: 12 }));
    const sql = text(query);
    expect(sql).toContain('left join page p on true');
    // Each looked up by its key for each answered row (lateral, limit 1: never turned into a join).
    for (const [table, alias, columns] of [
      ['supplier_favorites', 'f', 'f.supplier_id'],
      ['supplier_details', 'd', '\\*'],
    ])
      expect(sql).toMatch(
        new RegExp(
          `left join lateral \\( select ${columns} from catalogue\\.${table} ${alias} ` +
            `where ${alias}\\.customer_id = \\$\\d+ and ${alias}\\.supplier_id = p\\.id limit 1 \\) ${alias} on true`,
        ),
      );
    expect(sql).toContain("n.type = 'note' order by n.created_at desc, n.id desc limit 1");
    expect(sql).toContain('s.deleted_at is null and (s.is_active or s.created_by = $1)');
    expect(query.params.every((p) => p === me || typeof p === 'number')).toBe(true);
  });

  it('search the lower-cased name with an escaped, lower-cased term', () => {
    const query = dialect.sqlToQuery(
      supplierPageQuery({ customerId: me, page: 2, limit: 12, search: 'Speedy_Hire' }),
    );
    expect(text(query)).toContain('s.search_name like $2');
    expect(query.params[1]).toBe('%speedy\\_hire%');
    expect(query.params).toContain(12);
  });

  it('one supplier: the same columns, for one visible id', () => {
    const id = '22222222-2222-4222-8222-222222222222';
    const query = dialect.sqlToQuery(supplierByIdQuery(me, id));
    expect(text(query)).toContain('where s.id = $1 and s.deleted_at is null');
    expect(query.params[0]).toBe(id);
  });

  it("a page kept in memory: the counter, the own-inactive flag and the company's columns for each of its ids", () => {
    const ids = ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
    const query = dialect.sqlToQuery(supplierPageStateQuery(me, ids));
    expect(text(query)).toContain('left join unnest($2::uuid[]) as p(id) on true');
    expect(text(query)).not.toContain('from catalogue.suppliers s');
    expect(text(query)).toContain(
      'left join lateral ( select f.supplier_id from catalogue.supplier_favorites f',
    );
    expect(query.params[1]).toEqual(ids);
  });

  it('are built once per shape with placeholders, the same text and values as when built for one request', () => {
    const filters: SupplierFilter[] = [
      { customerId: me, page: 2, limit: 12 },
      { customerId: me, page: 1, limit: 12, search: 'Speedy_Hire' },
      { customerId: me, page: 1, limit: 1000, search: 'plant', favoritesOnly: true },
    ];
    for (const filter of filters) {
      const direct = dialect.sqlToQuery(supplierPageQuery(filter));
      const prepared = dialect.sqlToQuery(supplierPageQuery(filter, placeholders));
      expect(prepared.sql).toBe(direct.sql);
      expect(fillPlaceholders(prepared.params, pageValues(filter))).toEqual(direct.params);
    }
    const base = { customerId: me, page: 1, limit: 12 };
    expect(pageStatementName(SUPPLIER_LIST, { ...base, search: 'plant' })).toBe('catalogue_supplier_page_s');
    expect(pageStatementName(SUPPLIER_LIST, { ...base, favoritesOnly: true })).toBe(
      'catalogue_supplier_page_f',
    );
    expect(pageStatementName(SUPPLIER_LIST, base)).toBeUndefined();
    expect(pageStatementName(SUPPLIER_LIST, { ...base, search: 'ab' })).toBeUndefined();
  });
});
