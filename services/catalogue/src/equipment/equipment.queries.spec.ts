import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { pageStatementName, pageValues } from '../shared/list-queries';
import { placeholders } from '../shared/search';
import {
  EQUIPMENT_LIST,
  equipmentPageQuery,
  equipmentPageStateQuery,
  similarEquipmentQuery,
  type EquipmentFilter,
} from './equipment.queries';

const dialect = new PgDialect();
const me = '11111111-1111-4111-8111-111111111111';
const build = (filter: Partial<Parameters<typeof equipmentPageQuery>[0]>) => {
  const query = dialect.sqlToQuery(equipmentPageQuery({ customerId: me, page: 1, limit: 12, ...filter }));
  return { ...query, text: query.sql.replace(/\s+/g, ' ') };
};

describe('the equipment list statement', () => {
  it('without filters: the visible items, by name, the page walking the name index (not materialized)', () => {
    const { text, params } = build({ page: 3 });
    expect(text).toContain('with matched as not materialized');
    expect(text).toContain('e.deleted_at is null and (e.is_active or e.customer_id = $1)');
    expect(text).not.toContain('search_text');
    expect(text).toMatch(/order by name collate "und-x-icu", id limit \$\d offset \$\d/);
    expect(text).not.toContain('join catalogue.equipment_favorites mf');
    // The company for visibility, for its own inactive items, limit 12 and offset 24 for page 3, and for is_favorite.
    expect(params).toEqual([me, me, 12, 24, me]);
    expect(text).toContain("from catalogue.list_versions v where v.name = 'equipment'");
    // is_favorite: the company's favourite looked up by its key for each row of the page.
    expect(text).toContain(
      'left join lateral ( select f.equipment_id from catalogue.equipment_favorites f ' +
        'where f.customer_id = $5 and f.equipment_id = e.id limit 1 ) fav on true',
    );
  });

  it('searches the lower-cased text with the lower-cased term, wildcards escaped, matches read once', () => {
    const { text, params } = build({ search: 'Hilti_TE%70' });
    expect(text).toContain('with matched as materialized');
    expect(text).toContain('e.search_text like $2');
    expect(params[1]).toBe('%hilti\\_te\\%70%');
  });

  it('filters by category with a parameter', () => {
    const { text, params } = build({ category: 'Welding' });
    expect(text).toContain('e.category = $2');
    expect(params[1]).toBe('Welding');
  });

  it("the favourites list joins the company's favourites", () => {
    const { text, params } = build({ favoritesOnly: true });
    expect(text).toContain(
      'join catalogue.equipment_favorites mf on mf.equipment_id = e.id and mf.customer_id = $1',
    );
    expect(text).toContain('with matched as materialized');
    expect(params.filter((p) => p === me)).toHaveLength(4);
  });

  it('near-duplicates: active items by trigram similarity, at most five', () => {
    const { sql, params } = dialect.sqlToQuery(similarEquipmentQuery('Hilti TE 70'));
    expect(sql).toContain('e.name % $2');
    expect(sql).toContain('e.deleted_at is null and e.is_active');
    expect(sql).toContain('limit 5');
    expect(params).toEqual(['Hilti TE 70', 'Hilti TE 70']);
  });

  it("a page kept in memory: the list's counter, the company's own-inactive flag and its favourites among the ids", () => {
    const ids = ['22222222-2222-4222-8222-222222222222'];
    const { sql, params } = dialect.sqlToQuery(equipmentPageStateQuery(me, ids));
    const text = sql.replace(/\s+/g, ' ');
    expect(text).toContain("from catalogue.list_versions v where v.name = 'equipment'");
    expect(text).toContain('not o.is_active and o.deleted_at is null');
    // One lookup by the favourites' key per id of the page.
    expect(text).toContain(
      'array( select fav.equipment_id::text from unnest($2::uuid[]) as page(id) cross join lateral ( ' +
        'select f.equipment_id from catalogue.equipment_favorites f where f.customer_id = $3 and f.equipment_id = page.id limit 1 ' +
        ') fav ) as favorites',
    );
    expect(params).toEqual([me, ids, me]);
  });

  it('is built once per shape with placeholders, the same text and values as when built for one request', () => {
    const filters: EquipmentFilter[] = [
      { customerId: me, page: 2, limit: 12 },
      { customerId: me, page: 1, limit: 12, search: 'Hilti_TE%70', category: 'Welding' },
      { customerId: me, page: 3, limit: 1000, search: 'breaker', favoritesOnly: true },
    ];
    for (const filter of filters) {
      const direct = dialect.sqlToQuery(equipmentPageQuery(filter));
      const prepared = dialect.sqlToQuery(equipmentPageQuery(filter, placeholders));
      expect(prepared.sql).toBe(direct.sql);
      expect(fillPlaceholders(prepared.params, pageValues(filter))).toEqual(direct.params);
    }
  });

  it('names the statements whose plan may serve every value, one per shape', () => {
    const base = { customerId: me, page: 1, limit: 12 };
    expect(pageStatementName(EQUIPMENT_LIST, { ...base, search: 'breaker' })).toBe(
      'catalogue_equipment_page_s',
    );
    expect(pageStatementName(EQUIPMENT_LIST, { ...base, search: 'breaker', category: 'Welding' })).toBe(
      'catalogue_equipment_page_sc',
    );
    expect(pageStatementName(EQUIPMENT_LIST, { ...base, favoritesOnly: true })).toBe(
      'catalogue_equipment_page_f',
    );
    // Planned for their values every time: the name-index walk, and terms the trigram index cannot narrow.
    expect(pageStatementName(EQUIPMENT_LIST, base)).toBeUndefined();
    expect(pageStatementName(EQUIPMENT_LIST, { ...base, category: 'Welding' })).toBeUndefined();
    expect(pageStatementName(EQUIPMENT_LIST, { ...base, search: 'te', favoritesOnly: true })).toBeUndefined();
  });
});
