import {
  CatalogueEquipmentCreate,
  CatalogueEquipmentFavoriteAdd,
  CatalogueEquipmentFavorites,
  CatalogueEquipmentGet,
  CatalogueEquipmentList,
  CatalogueEquipmentUpdate,
  CatalogueSupplierCreate,
  CatalogueSupplierFavoriteAdd,
  CatalogueSuppliersList,
} from '@planted/contracts';
import { newCompany, uniqueWord, useCatalogue } from './support/catalogue-harness';

// The list reads run as prepared statements on one generic plan (libs/db readAsTenant): the
// plan is made once for every company, so each call's answer must still be its company's
// (row-level security, favourites, own inactive entries), call after call, well past the
// fifth run of a statement (when PostgreSQL would otherwise start reusing a plan).

const h = useCatalogue();
const a = newCompany('Alpha');
const b = newCompany('Beta');

/** The prepared statements of every idle connection of the service's pool, by name. */
async function preparedStatements(): Promise<Map<string, { generic: number; custom: number }>> {
  const pool = h.app.database.pool;
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  const out = new Map<string, { generic: number; custom: number }>();
  try {
    for (const client of clients) {
      const { rows } = await client.query<{ name: string; generic: number; custom: number }>(
        'select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements',
      );
      for (const row of rows) {
        const name = row.name.replace(/^planted_\d+_/, '');
        const sum = out.get(name) ?? { generic: 0, custom: 0 };
        out.set(name, { generic: sum.generic + row.generic, custom: sum.custom + row.custom });
      }
    }
  } finally {
    for (const client of clients) client.release();
  }
  return out;
}

describe('list reads on prepared statements', () => {
  it('answer each company its own equipment page, call after call, on one generic plan', async () => {
    const word = uniqueWord();
    const add = (name: string) =>
      h.client.send(CatalogueEquipmentCreate, {
        actor: a.admin,
        name: `${word} ${name}`,
        category: 'Heating',
      });
    const alpha = await add('alpha');
    const beta = await add('beta');
    const ownInactive = await h.client.send(CatalogueEquipmentCreate, {
      actor: b.admin,
      name: `${word} own`,
      category: 'Heating',
    });
    await h.client.send(CatalogueEquipmentUpdate, {
      actor: b.admin,
      id: ownInactive.equipment.id,
      name: `${word} own`,
      category: 'Heating',
      is_active: false,
    });
    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: a.user, id: beta.equipment.id });

    for (let i = 0; i < 8; i++) {
      // A's pages may be shared (read again by id); B has an inactive item, so its first page is
      // A's merged with it (listMergedPageQuery), or read afresh when A's is not kept.
      const ofA = await h.client.send(CatalogueEquipmentList, {
        actor: a.viewer,
        search: word.toUpperCase(),
      });
      expect(ofA.equipment.map((e) => [e.id, e.is_favorite])).toEqual([
        [alpha.equipment.id, false],
        [beta.equipment.id, true],
      ]);
      expect(ofA.pagination.total).toBe(2);
      const ofB = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word });
      expect(ofB.equipment.map((e) => [e.id, e.is_favorite, e.is_active])).toEqual([
        [alpha.equipment.id, false, true],
        [beta.equipment.id, false, true],
        [ownInactive.equipment.id, false, false],
      ]);
      const favoritesOfA = await h.client.send(CatalogueEquipmentFavorites, { actor: a.admin, search: word });
      expect(favoritesOfA.equipment.map((e) => e.id)).toEqual([beta.equipment.id]);
      expect(
        (await h.client.send(CatalogueEquipmentFavorites, { actor: b.admin, search: word })).equipment,
      ).toEqual([]);
      expect(
        await h.client
          .send(CatalogueEquipmentGet, { actor: a.user, id: ownInactive.equipment.id })
          .catch((err: { code: string }) => err.code),
      ).toBe('NOT_FOUND');
      const item = await h.client.send(CatalogueEquipmentGet, { actor: a.user, id: beta.equipment.id });
      expect(item.equipment.is_favorite).toBe(true);
    }

    const statements = await preparedStatements();
    for (const name of [
      'catalogue_equipment_page_s',
      'catalogue_equipment_page_sf',
      'catalogue_equipment_page_state',
      'catalogue_equipment_by_id',
    ]) {
      expect({ name, ...statements.get(name) }).toEqual({ name, generic: expect.any(Number), custom: 0 });
      expect(statements.get(name)!.generic).toBeGreaterThan(0);
    }
  });

  it('answer each company its own supplier page, call after call, on one generic plan', async () => {
    const word = uniqueWord();
    const first = (
      await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name: `${word} Plant Ltd` })
    ).supplier;
    const own = (await h.client.send(CatalogueSupplierCreate, { actor: b.admin, name: `${word} Tools Ltd` }))
      .supplier;
    // No call switches a supplier off; an inactive one of B's own makes B's pages its own
    // (the first merged from a shared one, listMergedPageQuery).
    await h.app.database.pool.query('update catalogue.suppliers set is_active = false where id = $1', [
      own.id,
    ]);
    await h.client.send(CatalogueSupplierFavoriteAdd, { actor: b.user, id: first.id });

    for (let i = 0; i < 8; i++) {
      const ofA = await h.client.send(CatalogueSuppliersList, { actor: a.user, search: word });
      expect(ofA.suppliers.map((s) => [s.id, s.is_favorite, s.created_by_you])).toEqual([
        [first.id, false, true],
      ]);
      const ofB = await h.client.send(CatalogueSuppliersList, { actor: b.user, search: word });
      expect(ofB.suppliers.map((s) => [s.id, s.is_favorite, s.created_by_you, s.is_active])).toEqual([
        [first.id, true, false, true],
        [own.id, false, true, false],
      ]);
    }

    const statements = await preparedStatements();
    for (const name of ['catalogue_supplier_page_s', 'catalogue_supplier_page_state']) {
      expect({ name, ...statements.get(name) }).toEqual({ name, generic: expect.any(Number), custom: 0 });
      expect(statements.get(name)!.generic).toBeGreaterThan(0);
    }
  });
});
