import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_MESSAGES,
  CatalogueEquipmentCategories,
  CatalogueEquipmentCreate,
  CatalogueEquipmentDelete,
  CatalogueEquipmentFavoriteAdd,
  CatalogueEquipmentFavoriteRemove,
  CatalogueEquipmentFavorites,
  CatalogueEquipmentGet,
  CatalogueEquipmentList,
  CatalogueEquipmentSimilar,
  CatalogueEquipmentUpdate,
  type Actor,
  type Equipment,
} from '@planted/contracts';
import { EQUIPMENT_CATEGORIES } from '@planted/domain';
import { errorOf, newCompany, outboxRowsAbout, uniqueWord, useCatalogue } from './support/catalogue-harness';
import { waitFor } from '@planted/testing';

const h = useCatalogue();
const a = newCompany('Alpha');
const b = newCompany('Beta');
const c = newCompany('Gamma');

const image = (name = 'photo') => {
  const folder = randomUUID();
  return {
    url: `/files/equipment/${folder}/${name}.webp`,
    card_url: `/files/equipment/${folder}/${name}-card.webp`,
  };
};

async function addItem(
  actor: Actor,
  overrides: Partial<{ name: string; description: string; category: string }> = {},
) {
  const { equipment } = await h.client.send(CatalogueEquipmentCreate, {
    actor,
    name: overrides.name ?? `Breaker ${uniqueWord()}`,
    description: overrides.description ?? 'Heavy breaker for concrete',
    category: (overrides.category ?? 'Breaking & Drilling') as (typeof EQUIPMENT_CATEGORIES)[number],
    unit_of_measure: 'per_day',
    power: '110V',
  });
  return equipment;
}

describe('adding equipment (spec §6: only admins add equipment)', () => {
  it('an admin adds an item: it belongs to their company and answers every field', async () => {
    const pic = image();
    const reply = await h.client.send(CatalogueEquipmentCreate, {
      actor: a.admin,
      name: '  Hilti TE 70  ',
      description: 'Combihammer',
      category: 'Breaking & Drilling',
      unit_of_measure: 'per_day',
      power: '110V',
      image: pic,
    });
    expect(reply.message).toBe(CATALOGUE_MESSAGES.EQUIPMENT_CREATED);
    expect(reply.equipment).toMatchObject({
      name: 'Hilti TE 70',
      description: 'Combihammer',
      category: 'Breaking & Drilling',
      unit_of_measure: 'per_day',
      power: '110V',
      image_url: pic.url,
      image_card_url: pic.card_url,
      is_active: true,
      customer_id: a.customerId,
      is_favorite: false,
    });
  });

  it.each(['user', 'viewer'] as const)('a %s may not add equipment', async (role) => {
    const error = await errorOf(
      h.client.send(CatalogueEquipmentCreate, {
        actor: a[role],
        name: `Nope ${uniqueWord()}`,
        category: 'Heating',
      }),
    );
    expect(error).toEqual({ code: 'FORBIDDEN', message: CATALOGUE_MESSAGES.ONLY_ADMINS_ADD_EQUIPMENT });
  });

  it('writes EquipmentCreated to the outbox in the same transaction', async () => {
    const item = await addItem(a.admin);
    const rows = await outboxRowsAbout(h.app, item.id);
    expect(rows.map((r) => r.subject)).toEqual(['catalogue.equipment.created.v1']);
    expect(rows[0].customer_id).toBe(a.customerId);
    expect(rows[0].payload).toEqual({
      equipment: {
        id: item.id,
        name: item.name,
        category: item.category,
        image_url: null,
        image_card_url: null,
        is_active: true,
        customer_id: a.customerId,
      },
    });
  });

  it('an Idempotency-Key replay answers the first item instead of adding a second', async () => {
    const key = randomUUID();
    const name = `Replay ${uniqueWord()}`;
    const payload = { actor: a.admin, name, category: 'Lighting' as const };
    const first = await h.withKey(key).send(CatalogueEquipmentCreate, payload);
    const second = await h.withKey(key).send(CatalogueEquipmentCreate, payload);
    expect(second.equipment.id).toBe(first.equipment.id);
    const list = await h.client.send(CatalogueEquipmentList, { actor: a.admin, search: name });
    expect(list.equipment).toHaveLength(1);
    expect(await outboxRowsAbout(h.app, first.equipment.id)).toHaveLength(1);
    // The same key with other input is a conflict, not a silent replay.
    const error = await errorOf(
      h.withKey(key).send(CatalogueEquipmentCreate, { ...payload, name: `${name} 2` }),
    );
    expect(error.code).toBe('CONFLICT');
  });
});

describe('the shared catalogue (spec §2 Equipment, §6: every company sees every active item)', () => {
  const word = uniqueWord();
  let items: Equipment[];

  beforeAll(async () => {
    items = [];
    for (let i = 0; i < 14; i++)
      items.push(
        await addItem(i % 2 ? a.admin : b.admin, {
          name: `${word} item ${String(i).padStart(2, '0')}`,
          category: i < 3 ? 'Welding' : 'Heating',
        }),
      );
  });

  it('lists 12 per page by name, with the page count, to another company too', async () => {
    const page1 = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word });
    expect(page1.equipment.map((e) => e.name)).toEqual(items.slice(0, 12).map((e) => e.name));
    expect(page1.pagination).toEqual({ page: 1, limit: 12, total: 14, pages: 2 });
    const page2 = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word, page: 2 });
    expect(page2.equipment.map((e) => e.name)).toEqual(items.slice(12).map((e) => e.name));
    const past = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: word, page: 5 });
    expect(past.equipment).toEqual([]);
    expect(past.pagination.total).toBe(14);
  });

  it('orders names as people read them: capitals and small letters together, A to Z', async () => {
    const mixed = uniqueWord();
    for (const name of [
      `${mixed} x small`,
      `${mixed} Youngman`,
      `${mixed} Acrow`,
      `${mixed} AJC`,
      `${mixed} Bomag`,
      `${mixed} BoSS`,
    ])
      await addItem(a.admin, { name });
    const page = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: mixed });
    expect(page.equipment.map((e) => e.name.slice(mixed.length + 1))).toEqual([
      'Acrow',
      'AJC',
      'Bomag',
      'BoSS',
      'x small',
      'Youngman',
    ]);
  });

  it('takes a limit up to 1000 for dropdowns', async () => {
    const all = await h.client.send(CatalogueEquipmentList, { actor: a.viewer, search: word, limit: 1000 });
    expect(all.equipment).toHaveLength(14);
    expect(all.pagination.pages).toBe(1);
  });

  it('searches name, description and category, case-insensitively, with wildcards taken literally', async () => {
    const described = await addItem(a.admin, { description: `Comes with ${word}-desc case` });
    const byDescription = await h.client.send(CatalogueEquipmentList, {
      actor: b.user,
      search: `${word}-DESC`,
    });
    expect(byDescription.equipment.map((e) => e.id)).toEqual([described.id]);
    const byCategory = await h.client.send(CatalogueEquipmentList, {
      actor: b.user,
      search: `${word} item`,
      category: 'Welding',
    });
    expect(byCategory.equipment).toHaveLength(3);
    const categoryWord = await h.client.send(CatalogueEquipmentList, {
      actor: b.user,
      search: 'weldin',
      limit: 1000,
    });
    expect(categoryWord.equipment.some((e) => e.name.startsWith(word))).toBe(true);
    const wildcard = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: `${word}%item` });
    expect(wildcard.equipment).toEqual([]);
    // The words in the order typed, anything between them: '3kw heater' finds '3kW Fan Heater'.
    const own = uniqueWord();
    const heater = await addItem(a.admin, { name: `${own} 3kW Fan Heater 110V` });
    const words = await h.client.send(CatalogueEquipmentList, {
      actor: b.user,
      search: `${own} 3KW  heater`,
    });
    expect(words.equipment.map((e) => e.id)).toEqual([heater.id]);
    // Accents folded both ways: 'karcher' finds 'Kärcher', 'KÄRCHER' finds 'Karcher' (AQ-1).
    const brand = uniqueWord();
    const karcher = await addItem(a.admin, { name: `${brand} Kärcher HDS Pressure Washer` });
    for (const term of [`${brand} karcher`, `${brand} KÄRCHER`, `${brand} kärcher`]) {
      const found = await h.client.send(CatalogueEquipmentList, { actor: b.user, search: term });
      expect(found.equipment.map((e) => e.id)).toEqual([karcher.id]);
    }
    const plain = await addItem(a.admin, { name: `${brand} Cafe Creme Welfare Unit` });
    const accented = await h.client.send(CatalogueEquipmentList, {
      actor: b.user,
      search: `${brand} Café Crème`,
    });
    expect(accented.equipment.map((e) => e.id)).toEqual([plain.id]);
  });

  it('filters by category', async () => {
    const heating = await h.client.send(CatalogueEquipmentList, {
      actor: a.user,
      search: word,
      category: 'Heating',
    });
    expect(heating.pagination.total).toBe(11);
    expect(heating.equipment.every((e) => e.category === 'Heating')).toBe(true);
  });

  it('answers one item to any company, NOT_FOUND for an unknown id', async () => {
    const reply = await h.client.send(CatalogueEquipmentGet, { actor: b.viewer, id: items[1].id });
    expect(reply.equipment).toMatchObject({ id: items[1].id, customer_id: a.customerId });
    expect(
      await errorOf(h.client.send(CatalogueEquipmentGet, { actor: b.viewer, id: randomUUID() })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: CATALOGUE_MESSAGES.EQUIPMENT_NOT_FOUND,
    });
  });
});

describe('categories with counts (spec §2: each option shows category name and count)', () => {
  it('answers all 19 categories in order, counting what the company’s list shows', async () => {
    const before = await h.client.send(CatalogueEquipmentCategories, { actor: b.user });
    expect(before.categories.map((c) => c.category)).toEqual([...EQUIPMENT_CATEGORIES]);
    const count = (list: typeof before, category: string) =>
      list.categories.find((c) => c.category === category)!.count;

    const item = await addItem(a.admin, { category: 'Cleaning' });
    const hidden = await addItem(a.admin, { category: 'Cleaning' });
    await h.client.send(CatalogueEquipmentUpdate, {
      actor: a.admin,
      id: hidden.id,
      name: hidden.name,
      category: 'Cleaning',
      is_active: false,
    });
    const after = await h.client.send(CatalogueEquipmentCategories, { actor: b.user });
    // Other test files of the run add items too: at least ours, and the inactive one not counted.
    expect(count(after, 'Cleaning') - count(before, 'Cleaning')).toBeGreaterThanOrEqual(1);
    // Its own company's list shows the inactive item, and so does its count: one more than
    // another company's (read at the same moment; other files' additions may fall between).
    await waitFor(async () => {
      const [own, other] = await Promise.all([
        h.client.send(CatalogueEquipmentCategories, { actor: a.admin }),
        h.client.send(CatalogueEquipmentCategories, { actor: b.user }),
      ]);
      return count(own, 'Cleaning') - count(other, 'Cleaning') === 1 ? true : undefined;
    }, 5_000);
    await h.client.send(CatalogueEquipmentDelete, { actor: a.admin, id: item.id });
    const gone = await h.client.send(CatalogueEquipmentCategories, { actor: b.user });
    expect(count(gone, 'Cleaning')).toBe(count(after, 'Cleaning') - 1);
  });
});

describe('categories of My Favorites (favorites: true)', () => {
  it('counts only the company’s favourites its list shows, not another company’s', async () => {
    const [mine, inactive, theirs] = [
      await addItem(a.admin, { category: 'Welding' }),
      await addItem(a.admin, { category: 'Welding' }),
      await addItem(a.admin, { category: 'Heating' }),
    ];
    await h.client.send(CatalogueEquipmentUpdate, {
      actor: a.admin,
      id: inactive.id,
      name: inactive.name,
      category: 'Welding',
      is_active: false,
    });
    const favourites = async (actor: typeof b.user) => {
      const { categories } = await h.client.send(CatalogueEquipmentCategories, { actor, favorites: true });
      return Object.fromEntries(categories.filter((c) => c.count > 0).map((c) => [c.category, c.count]));
    };
    // A company of this file that favours nothing yet: none in any category.
    expect(await favourites(c.user)).toEqual({});
    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: c.user, id: mine.id });
    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: b.user, id: theirs.id });
    // An inactive item of another company is not on c's list, favourite or not.
    await h.client
      .send(CatalogueEquipmentFavoriteAdd, { actor: c.user, id: inactive.id })
      .catch(() => undefined);
    expect(await favourites(c.user)).toEqual({ Welding: 1 });
    const all = await h.client.send(CatalogueEquipmentCategories, { actor: c.user, favorites: false });
    expect(all.categories.find((x) => x.category === 'Welding')!.count).toBeGreaterThanOrEqual(1);
  });
});

describe('changing and deleting (spec §6: only admins of the owning company)', () => {
  it('the owning admin changes the fields, is_active and the image; old image paths are answered', async () => {
    const first = image('first');
    const { equipment: item } = await h.client.send(CatalogueEquipmentCreate, {
      actor: a.admin,
      name: `Mixer ${uniqueWord()}`,
      category: 'Concreting & Compaction',
      image: first,
    });
    const second = image('second');
    const changed = await h.client.send(CatalogueEquipmentUpdate, {
      actor: a.admin,
      id: item.id,
      name: 'Belle Mixer',
      description: 'Site mixer',
      category: 'Concreting & Compaction',
      unit_of_measure: 'per_week',
      power: 'Petrol',
      image: second,
    });
    expect(changed.message).toBe(CATALOGUE_MESSAGES.EQUIPMENT_UPDATED);
    expect(changed.equipment).toMatchObject({
      name: 'Belle Mixer',
      description: 'Site mixer',
      unit_of_measure: 'per_week',
      power: 'Petrol',
      image_url: second.url,
      is_active: true,
    });
    expect(changed.replaced_images.sort()).toEqual([first.card_url, first.url].sort());

    const kept = await h.client.send(CatalogueEquipmentUpdate, {
      actor: a.admin,
      id: item.id,
      name: 'Belle Mixer',
      category: 'Concreting & Compaction',
      is_active: false,
    });
    expect(kept.equipment).toMatchObject({ image_url: second.url, is_active: false, description: null });
    expect(kept.replaced_images).toEqual([]);

    const removed = await h.client.send(CatalogueEquipmentUpdate, {
      actor: a.admin,
      id: item.id,
      name: 'Belle Mixer',
      category: 'Concreting & Compaction',
      remove_image: true,
    });
    expect(removed.equipment.image_url).toBeNull();
    expect(removed.replaced_images.sort()).toEqual([second.card_url, second.url].sort());
    expect((await outboxRowsAbout(h.app, item.id)).map((r) => r.subject)).toEqual([
      'catalogue.equipment.created.v1',
      'catalogue.equipment.updated.v1',
      'catalogue.equipment.updated.v1',
      'catalogue.equipment.updated.v1',
    ]);
  });

  it("another company's admin, and the owner's non-admins, are refused with the spec's wording", async () => {
    const item = await addItem(a.admin);
    for (const actor of [b.admin, a.user, a.viewer]) {
      const change = await errorOf(
        h.client.send(CatalogueEquipmentUpdate, { actor, id: item.id, name: 'Taken', category: 'Heating' }),
      );
      expect(change).toEqual({ code: 'FORBIDDEN', message: CATALOGUE_MESSAGES.ONLY_OWNER_EDITS_EQUIPMENT });
      const remove = await errorOf(h.client.send(CatalogueEquipmentDelete, { actor, id: item.id }));
      expect(remove).toEqual({ code: 'FORBIDDEN', message: CATALOGUE_MESSAGES.ONLY_OWNER_EDITS_EQUIPMENT });
    }
    const still = await h.client.send(CatalogueEquipmentGet, { actor: a.admin, id: item.id });
    expect(still.equipment.name).toBe(item.name);
  });

  it('delete is soft: the item disappears, a second delete answers NOT_FOUND, EquipmentDeleted is written', async () => {
    const item = await addItem(a.admin);
    expect(await h.client.send(CatalogueEquipmentDelete, { actor: a.admin, id: item.id })).toEqual({
      message: CATALOGUE_MESSAGES.EQUIPMENT_DELETED,
    });
    expect(await errorOf(h.client.send(CatalogueEquipmentDelete, { actor: a.admin, id: item.id }))).toEqual({
      code: 'NOT_FOUND',
      message: CATALOGUE_MESSAGES.EQUIPMENT_NOT_FOUND,
    });
    expect((await errorOf(h.client.send(CatalogueEquipmentGet, { actor: a.admin, id: item.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (
        await errorOf(
          h.client.send(CatalogueEquipmentUpdate, {
            actor: a.admin,
            id: item.id,
            name: 'x',
            category: 'Heating',
          }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    const list = await h.client.send(CatalogueEquipmentList, { actor: a.admin, search: item.name });
    expect(list.equipment).toEqual([]);
    const { rows } = await h.app.database.pool.query(
      'select deleted_at from catalogue.equipment where id = $1',
      [item.id],
    );
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
    expect((await outboxRowsAbout(h.app, item.id)).map((r) => r.subject)).toEqual([
      'catalogue.equipment.created.v1',
      'catalogue.equipment.deleted.v1',
    ]);
  });

  it('an inactive item stays visible to its owner only (another company gets NOT_FOUND)', async () => {
    const item = await addItem(a.admin);
    await h.client.send(CatalogueEquipmentUpdate, {
      actor: a.admin,
      id: item.id,
      name: item.name,
      category: 'Breaking & Drilling',
      is_active: false,
    });
    const own = await h.client.send(CatalogueEquipmentList, { actor: a.user, search: item.name });
    expect(own.equipment.map((e) => [e.id, e.is_active])).toEqual([[item.id, false]]);
    const other = await h.client.send(CatalogueEquipmentList, { actor: b.admin, search: item.name });
    expect(other.equipment).toEqual([]);
    expect((await errorOf(h.client.send(CatalogueEquipmentGet, { actor: b.admin, id: item.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await errorOf(h.client.send(CatalogueEquipmentFavoriteAdd, { actor: b.admin, id: item.id }))).code,
    ).toBe('NOT_FOUND');
    expect(
      (await errorOf(h.client.send(CatalogueEquipmentDelete, { actor: b.admin, id: item.id }))).code,
    ).toBe('NOT_FOUND');
  });
});

describe('favourites (spec §4: toggling adds or removes a favourite)', () => {
  it("are the company's own: A's favourite is not B's", async () => {
    const word = uniqueWord();
    const one = await addItem(b.admin, { name: `${word} one` });
    const two = await addItem(b.admin, { name: `${word} two`, category: 'Welding' });
    expect(await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: a.user, id: one.id })).toEqual({
      is_favorite: true,
      message: CATALOGUE_MESSAGES.FAVORITE_ADDED,
    });
    // Twice is still one favourite.
    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: a.user, id: one.id });
    await h.client.send(CatalogueEquipmentFavoriteAdd, { actor: a.user, id: two.id });

    const favorites = await h.client.send(CatalogueEquipmentFavorites, { actor: a.admin, search: word });
    expect(favorites.equipment.map((e) => [e.name, e.is_favorite])).toEqual([
      [one.name, true],
      [two.name, true],
    ]);
    const filtered = await h.client.send(CatalogueEquipmentFavorites, {
      actor: a.admin,
      search: word,
      category: 'Welding',
    });
    expect(filtered.equipment.map((e) => e.id)).toEqual([two.id]);
    expect(
      (await h.client.send(CatalogueEquipmentList, { actor: a.admin, search: word })).equipment.map(
        (e) => e.is_favorite,
      ),
    ).toEqual([true, true]);

    // B (the owner) sees no favourite of A's.
    expect(
      (await h.client.send(CatalogueEquipmentFavorites, { actor: b.admin, search: word })).equipment,
    ).toEqual([]);
    expect(
      (await h.client.send(CatalogueEquipmentList, { actor: b.admin, search: word })).equipment.map(
        (e) => e.is_favorite,
      ),
    ).toEqual([false, false]);
    expect(
      (await h.client.send(CatalogueEquipmentGet, { actor: b.admin, id: one.id })).equipment.is_favorite,
    ).toBe(false);

    expect(await h.client.send(CatalogueEquipmentFavoriteRemove, { actor: a.admin, id: one.id })).toEqual({
      is_favorite: false,
      message: CATALOGUE_MESSAGES.FAVORITE_REMOVED,
    });
    const after = await h.client.send(CatalogueEquipmentFavorites, { actor: a.admin, search: word });
    expect(after.equipment.map((e) => e.id)).toEqual([two.id]);
    // B removing "its" favourite of the item takes nothing from A.
    await h.client.send(CatalogueEquipmentFavoriteRemove, { actor: b.admin, id: two.id });
    expect(
      (await h.client.send(CatalogueEquipmentFavorites, { actor: a.admin, search: word })).equipment,
    ).toHaveLength(1);
  });

  it('answers NOT_FOUND for an unknown item', async () => {
    for (const subject of [CatalogueEquipmentFavoriteAdd, CatalogueEquipmentFavoriteRemove])
      expect(await errorOf(h.client.send(subject, { actor: a.admin, id: randomUUID() }))).toEqual({
        code: 'NOT_FOUND',
        message: CATALOGUE_MESSAGES.EQUIPMENT_NOT_FOUND,
      });
  });
});

describe('similar names (offered before adding a near-duplicate)', () => {
  it("finds 'HILTI TE70 breaker' for 'Hilti TE 70', best first, among active items only", async () => {
    const word = uniqueWord('qx');
    const close = await addItem(b.admin, { name: `HILTI TE70 breaker ${word}` });
    const inactive = await addItem(b.admin, { name: `Hilti TE 70 ${word}` });
    await h.client.send(CatalogueEquipmentUpdate, {
      actor: b.admin,
      id: inactive.id,
      name: inactive.name,
      category: 'Breaking & Drilling',
      is_active: false,
    });
    await addItem(b.admin, { name: `Kango 950 ${uniqueWord()}` });
    const { similar } = await h.client.send(CatalogueEquipmentSimilar, {
      actor: a.admin,
      name: `Hilti TE 70 ${word}`,
    });
    expect(similar.length).toBeLessThanOrEqual(5);
    expect(similar[0]).toMatchObject({ id: close.id, name: close.name, category: 'Breaking & Drilling' });
    expect(similar[0].similarity).toBeGreaterThanOrEqual(0.3);
    expect(similar.map((s) => s.id)).not.toContain(inactive.id);
    expect(similar.every((s, i) => i === 0 || s.similarity <= similar[i - 1].similarity)).toBe(true);
  });
});
