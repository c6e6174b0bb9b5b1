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

    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: a.viewer, id: item.id });
    await h.client.send(CatalogueSupplierFavoriteAdd, { actor: a.viewer, id: supplier.id });
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
