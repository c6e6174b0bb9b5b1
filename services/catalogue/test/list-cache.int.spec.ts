import {
  CatalogueEquipmentCreate,
  CatalogueEquipmentDelete,
  CatalogueEquipmentFavoriteAdd,
  CatalogueEquipmentFavoriteRemove,
  CatalogueEquipmentList,
  CatalogueEquipmentUpdate,
  CatalogueSupplierCreate,
  CatalogueSupplierDetailsSave,
  CatalogueSupplierFavoriteAdd,
  CatalogueSupplierNoteAdd,
  CatalogueSuppliersList,
  CatalogueSupplierUpdate,
} from '@planted/contracts';
import { createDatabase, dropDatabase, uniqueName } from '@planted/testing';
import { newCompany, uniqueWord, useCatalogue } from './support/catalogue-harness';

// Pages of the shared lists are read once and shared between companies (ListCache), and
// must never be stale: every write to the table moves the list's counter, whoever writes.

// A database of this file's own: other test files' writes would move the counters between
// two calls here, and a page these tests expect from memory would be read again.
const database = uniqueName('planted_test_list_cache');
const h = useCatalogue(
  async () => ({ env: { DATABASE_URL: await createDatabase(database) } }),
  () => dropDatabase(database),
);
const a = newCompany('Alpha');
const b = newCompany('Beta');

/**
 * Renames a row without moving the list's counter (triggers off for this transaction), as
 * nothing in the system can: a page served from memory still shows the row, a page read
 * from the table would not. Proves which one answered.
 */
async function renameBehindTheCounter(table: 'equipment' | 'suppliers', id: string, name: string) {
  const client = await h.app.database.pool.connect();
  try {
    await client.query('begin');
    await client.query("set local session_replication_role = 'replica'");
    await client.query(`update catalogue.${table} set name = $1 where id = $2`, [name, id]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

const names = (list: { name: string }[]) => list.map((item) => item.name);

describe('shared equipment pages', () => {
  it("serve every company from one read, with each company's own favourites", async () => {
    const word = uniqueWord();
    const one = (
      await h.client.send(CatalogueEquipmentCreate, {
        actor: a.admin,
        name: `${word} one`,
        category: 'Heating',
      })
    ).equipment;
    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: b.user, id: one.id });
    const first = await h.client.send(CatalogueEquipmentList, { actor: a.user, search: word });
    expect(first.equipment.map((e) => [e.name, e.is_favorite])).toEqual([[`${word} one`, false]]);

    await renameBehindTheCounter('equipment', one.id, 'Renamed out of the search');
    // From memory: the same page, its item as it was read (while the counter stands, no row
    // has changed: only a write behind it, as here, can tell), with B's own favourite.
    const forB = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word });
    expect(forB.equipment.map((e) => [e.id, e.name, e.is_favorite])).toEqual([[one.id, `${word} one`, true]]);
    expect(forB.equipment[0]).toEqual({ ...first.equipment[0], is_favorite: true });
    // Favourites do not move the counter: they are looked up on every use of the page.
    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: a.admin, id: one.id });
    const forAAgain = await h.client.send(CatalogueEquipmentList, { actor: a.viewer, search: word });
    expect(forAAgain.equipment.map((e) => [e.name, e.is_favorite])).toEqual([[`${word} one`, true]]);
    await h.client.send(CatalogueEquipmentFavoriteRemove, { actor: b.admin, id: one.id });
    const forBAgain = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word });
    expect(forBAgain.equipment.map((e) => [e.name, e.is_favorite])).toEqual([[`${word} one`, false]]);
    expect(forB.pagination.total).toBe(1);
  });

  it('are read again after any change to the table: create, update, delete', async () => {
    const word = uniqueWord();
    const add = async (name: string) =>
      (await h.client.send(CatalogueEquipmentCreate, { actor: a.admin, name, category: 'Welding' }))
        .equipment;
    const one = await add(`${word} one`);
    expect(
      names((await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word })).equipment),
    ).toEqual([`${word} one`]);
    const two = await add(`${word} two`);
    const afterCreate = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word });
    expect(names(afterCreate.equipment)).toEqual([`${word} one`, `${word} two`]);
    expect(afterCreate.pagination.total).toBe(2);

    await h.client.send(CatalogueEquipmentUpdate, {
      actor: a.admin,
      id: one.id,
      name: 'Elsewhere',
      category: 'Welding',
    });
    expect(
      names((await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word })).equipment),
    ).toEqual([`${word} two`]);
    await h.client.send(CatalogueEquipmentDelete, { actor: a.admin, id: two.id });
    const afterDelete = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word });
    expect(afterDelete.equipment).toEqual([]);
    expect(afterDelete.pagination.total).toBe(0);

    // A write outside the service (a seed script) moves the counter too.
    await h.app.database.pool.query(
      "insert into catalogue.equipment (name, category) values ($1, 'Welding')",
      [`${word} seeded`],
    );
    expect(
      names((await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word })).equipment),
    ).toEqual([`${word} seeded`]);
  });

  it('are not shared with a company that has inactive items of its own (its pages show them)', async () => {
    const word = uniqueWord();
    await h.client.send(CatalogueEquipmentCreate, {
      actor: a.admin,
      name: `${word} active`,
      category: 'Lighting',
    });
    const own = (
      await h.client.send(CatalogueEquipmentCreate, {
        actor: b.admin,
        name: `${word} own`,
        category: 'Lighting',
      })
    ).equipment;
    await h.client.send(CatalogueEquipmentUpdate, {
      actor: b.admin,
      id: own.id,
      name: own.name,
      category: 'Lighting',
      is_active: false,
    });
    const forA = await h.client.send(CatalogueEquipmentList, { actor: a.user, search: word });
    expect(names(forA.equipment)).toEqual([`${word} active`]);
    const forB = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word });
    expect(names(forB.equipment)).toEqual([`${word} active`, `${word} own`]);
    expect(forB.pagination.total).toBe(2);
    const forAAgain = await h.client.send(CatalogueEquipmentList, { actor: a.viewer, search: word });
    expect(names(forAAgain.equipment)).toEqual([`${word} active`]);
    expect(forAAgain.pagination.total).toBe(1);
  });
});

describe('first pages of a company with inactive items of its own', () => {
  // A company of these tests' own: its inactive entries must not change the others' pages.
  const c = newCompany('Gamma');

  /** Active items of A's named `<word> a00` … and C's own items switched off. */
  async function catalogueOf(word: string, active: number, ownInactive: string[]) {
    for (let i = 0; i < active; i++)
      await h.client.send(CatalogueEquipmentCreate, {
        actor: a.admin,
        name: `${word} a${String(i).padStart(2, '0')}`,
        category: 'Lighting',
      });
    for (const suffix of ownInactive) {
      const own = (
        await h.client.send(CatalogueEquipmentCreate, {
          actor: c.admin,
          name: `${word} ${suffix}`,
          category: 'Lighting',
        })
      ).equipment;
      await h.client.send(CatalogueEquipmentUpdate, {
        actor: c.admin,
        id: own.id,
        name: own.name,
        category: 'Lighting',
        is_active: false,
      });
    }
  }

  it('are the shared page and its own matches ordered together, with the right total, and page 2 follows on', async () => {
    const word = uniqueWord();
    await catalogueOf(word, 15, ['a03x', 'zz', 'a11x']);
    const all = [
      ...Array.from({ length: 15 }, (_, i) => `${word} a${String(i).padStart(2, '0')}`),
      `${word} a03x`,
      `${word} a11x`,
      `${word} zz`,
    ].sort();
    // A reads (and shares) the first page; C's first page is built from it.
    const forA = await h.client.send(CatalogueEquipmentList, { actor: a.user, search: word });
    expect(forA.pagination).toMatchObject({ total: 15, pages: 2 });
    const first = await h.client.send(CatalogueEquipmentList, { actor: c.user, search: word });
    const second = await h.client.send(CatalogueEquipmentList, { actor: c.user, search: word, page: 2 });
    expect(names(first.equipment)).toEqual(all.slice(0, 12));
    expect(first.pagination).toMatchObject({ total: 18, pages: 2 });
    expect(names(second.equipment)).toEqual(all.slice(12));
    expect(first.equipment.filter((e) => !e.is_active).map((e) => e.name)).toEqual([`${word} a03x`]);
    // A category filter is merged the same way; another company still sees only the active ones.
    const byCategory = await h.client.send(CatalogueEquipmentList, {
      actor: c.viewer,
      search: word,
      category: 'Lighting',
    });
    expect(byCategory.pagination.total).toBe(18);
    expect(
      names((await h.client.send(CatalogueEquipmentList, { actor: a.viewer, search: word })).equipment),
    ).toEqual(names(forA.equipment));
  });

  it('come from the shared page while the list stands, and are read afresh once it moves', async () => {
    const word = uniqueWord();
    await catalogueOf(word, 3, ['own']);
    await h.client.send(CatalogueEquipmentList, { actor: a.user, search: word });
    // A row nothing in the system could add without moving the list's counter.
    await h.app.database.pool.query(
      `begin; set local session_replication_role = 'replica';
       insert into catalogue.equipment (name, category) values ('${word} 0 seeded', 'Welding'); commit;`,
    );
    const fromShared = await h.client.send(CatalogueEquipmentList, { actor: c.user, search: word });
    expect(names(fromShared.equipment)).toEqual([`${word} a00`, `${word} a01`, `${word} a02`, `${word} own`]);
    // Again, now that the company is known to have inactive items at this counter (one statement).
    const again = await h.client.send(CatalogueEquipmentList, { actor: c.viewer, search: word });
    expect(again).toEqual(fromShared);
    await h.client.send(CatalogueEquipmentCreate, {
      actor: a.admin,
      name: `${word} later`,
      category: 'Welding',
    });
    const afresh = await h.client.send(CatalogueEquipmentList, { actor: c.user, search: word });
    expect(names(afresh.equipment)).toEqual([
      `${word} 0 seeded`,
      `${word} a00`,
      `${word} a01`,
      `${word} a02`,
      `${word} later`,
      `${word} own`,
    ]);
  });

  it('of suppliers carry the company’s own columns on shared and own entries alike', async () => {
    const word = uniqueWord();
    const shared = (
      await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name: `${word} Alpha Hire` })
    ).supplier;
    const own = (await h.client.send(CatalogueSupplierCreate, { actor: c.admin, name: `${word} Beta Hire` }))
      .supplier;
    // Suppliers have no switch in the API (spec §7); one switched off in the table is seen by its company only.
    await h.app.database.pool.query('update catalogue.suppliers set is_active = false where id = $1', [
      own.id,
    ]);
    await h.client.send(CatalogueSupplierDetailsSave, {
      actor: c.user,
      id: shared.id,
      contact_name: 'C on Alpha',
    });
    await h.client.send(CatalogueSupplierNoteAdd, {
      actor: c.user,
      id: own.id,
      note: 'our own, switched off',
    });
    const forA = await h.client.send(CatalogueSuppliersList, { actor: a.user, search: word });
    expect(forA.suppliers.map((s) => s.name)).toEqual([`${word} Alpha Hire`]);
    const forB = await h.client.send(CatalogueSuppliersList, { actor: c.user, search: word });
    expect(
      forB.suppliers.map((s) => [
        s.name,
        s.is_active,
        s.customer_contact_name,
        s.has_customer_note,
        s.created_by_you,
      ]),
    ).toEqual([
      [`${word} Alpha Hire`, true, 'C on Alpha', false, false],
      [`${word} Beta Hire`, false, null, true, true],
    ]);
    expect(forB.pagination.total).toBe(2);
  });
});

describe('shared supplier pages', () => {
  it('serve every company from one read with its own details, and are read again after a change', async () => {
    const word = uniqueWord();
    const supplier = (await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name: `${word} Hire` }))
      .supplier;
    await h.client.send(CatalogueSupplierDetailsSave, {
      actor: b.user,
      id: supplier.id,
      contact_name: 'Only B',
    });
    const forA = await h.client.send(CatalogueSuppliersList, { actor: a.user, search: word });
    expect(forA.suppliers.map((s) => [s.name, s.customer_contact_name, s.created_by_you])).toEqual([
      [`${word} Hire`, null, true],
    ]);

    await renameBehindTheCounter('suppliers', supplier.id, 'Renamed Hire');
    // From memory: the supplier as it was read (the counter stands), with B's own columns.
    const forB = await h.client.send(CatalogueSuppliersList, { actor: b.user, search: word });
    expect(forB.suppliers.map((s) => [s.name, s.customer_contact_name, s.created_by_you])).toEqual([
      [`${word} Hire`, 'Only B', false],
    ]);
    // A company's own columns do not move the counter: they are read on every use of the page.
    await h.client.send(CatalogueSupplierDetailsSave, {
      actor: a.admin,
      id: supplier.id,
      contact_name: 'Only A',
    });
    await h.client.send(CatalogueSupplierFavoriteAdd, { actor: a.user, id: supplier.id });
    await h.client.send(CatalogueSupplierNoteAdd, { actor: a.user, id: supplier.id, note: 'Ring first' });
    const forAAgain = await h.client.send(CatalogueSuppliersList, { actor: a.viewer, search: word });
    expect(
      forAAgain.suppliers.map((s) => [
        s.name,
        s.customer_contact_name,
        s.is_favorite,
        s.has_customer_note,
        s.customer_note,
        s.created_by_you,
      ]),
    ).toEqual([[`${word} Hire`, 'Only A', true, true, 'Ring first', true]]);

    await h.client.send(CatalogueSupplierUpdate, { actor: a.admin, id: supplier.id, name: 'Gone Hire' });
    const after = await h.client.send(CatalogueSuppliersList, { actor: b.user, search: word });
    expect(after.suppliers).toEqual([]);
  });
});

describe('answers built from shared pages (kept by page, company and its own state)', () => {
  it("are given again only while the company's favourites, details and notes are what they were", async () => {
    const word = uniqueWord();
    const item = (
      await h.client.send(CatalogueEquipmentCreate, {
        actor: a.admin,
        name: `${word} item`,
        category: 'Heating',
      })
    ).equipment;
    const supplier = (await h.client.send(CatalogueSupplierCreate, { actor: a.admin, name: `${word} Hire` }))
      .supplier;
    const favourite = async (actor: typeof a.user) =>
      (await h.client.send(CatalogueEquipmentList, { actor, search: word })).equipment.map(
        (e) => e.is_favorite,
      );
    const card = async (actor: typeof a.user) =>
      (await h.client.send(CatalogueSuppliersList, { actor, search: word })).suppliers.map((s) => [
        s.created_by_you,
        s.is_favorite,
        s.customer_note,
      ]);
    // The first read fills the page, the second builds A's answer from it, the third is that answer.
    for (let i = 0; i < 3; i++) {
      expect(await favourite(a.user)).toEqual([false]);
      expect(await card(a.user)).toEqual([[true, false, null]]);
    }
    // B, with the same (empty) favourites, is not given A's supplier answer ('Created by you').
    for (let i = 0; i < 2; i++) expect(await card(b.user)).toEqual([[false, false, null]]);

    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: a.user, id: item.id });
    await h.client.send(CatalogueSupplierFavoriteAdd, { actor: a.user, id: supplier.id });
    await h.client.send(CatalogueSupplierNoteAdd, { actor: a.user, id: supplier.id, note: 'Call Sam' });
    for (let i = 0; i < 2; i++) {
      expect(await favourite(a.user)).toEqual([true]);
      expect(await card(a.user)).toEqual([[true, true, 'Call Sam']]);
      expect(await favourite(b.user)).toEqual([false]);
      expect(await card(b.user)).toEqual([[false, false, null]]);
    }
    await h.client.send(CatalogueEquipmentFavoriteRemove, { actor: a.admin, id: item.id });
    expect(await favourite(a.user)).toEqual([false]);
  });
});
