import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_MESSAGES,
  MESSAGES,
  CatalogueSupplierCreate,
  CatalogueSupplierDelete,
  CatalogueSupplierDetailsSave,
  CatalogueSupplierFavoriteAdd,
  CatalogueSupplierFavoriteRemove,
  CatalogueSupplierFavorites,
  CatalogueSupplierGet,
  CatalogueSupplierNoteAdd,
  CatalogueSupplierSimilar,
  CatalogueSupplierTimeline,
  CatalogueSupplierUpdate,
  CatalogueSuppliersList,
  type Actor,
} from '@planted/contracts';
import { TIMELINE_TITLES } from '../src/suppliers/suppliers.service';
import { errorOf, newCompany, outboxRowsAbout, uniqueWord, useCatalogue } from './support/catalogue-harness';

const h = useCatalogue();
const a = newCompany('Alpha');
const b = newCompany('Beta');

async function addSupplier(actor: Actor, name = `Hire Co ${uniqueWord()}`) {
  const { supplier } = await h.client.send(CatalogueSupplierCreate, {
    actor,
    name,
    contact_email: 'Hire@Example.TEST',
    contact_phone: '0113 496 0000',
    address: '1 Yard Lane, Leeds LS1 1AA',
  });
  return supplier;
}

describe('adding suppliers (spec §6: admins add suppliers; POST answers supplier.id)', () => {
  it("an admin adds one: 'Created by you' for its company, 'Community' for the others", async () => {
    const reply = await h.client.send(CatalogueSupplierCreate, {
      actor: a.admin,
      name: '  Speedy Hire  ',
      contact_email: 'Leeds@Speedy.TEST',
      contact_phone: '0113 496 0001',
      address: '2 Kirkstall Road, Leeds LS3 1AA',
      details: { contact_name: 'Sam', phone: '07700 900001', preferred_order_method: 'email' },
    });
    expect(reply.message).toBe(CATALOGUE_MESSAGES.SUPPLIER_CREATED);
    expect(reply.supplier).toMatchObject({
      id: expect.any(String),
      name: 'Speedy Hire',
      contact_email: 'leeds@speedy.test',
      contact_phone: '0113 496 0001',
      address: '2 Kirkstall Road, Leeds LS3 1AA',
      is_active: true,
      created_by: a.customerId,
      created_by_you: true,
      is_favorite: false,
      has_customer_note: false,
      customer_contact_name: 'Sam',
      customer_phone: '07700 900001',
      preferred_order_method: 'email',
      availability_check_method: null,
    });
    const seenByB = await h.client.send(CatalogueSupplierGet, { actor: b.user, id: reply.supplier.id });
    expect(seenByB.supplier).toMatchObject({
      name: 'Speedy Hire',
      created_by: a.customerId,
      created_by_you: false,
      customer_contact_name: null,
      customer_phone: null,
      preferred_order_method: null,
    });
  });

  it.each(['user', 'viewer'] as const)('a %s may not add a supplier', async (role) => {
    expect(
      await errorOf(h.client.send(CatalogueSupplierCreate, { actor: a[role], name: 'Nope Hire' })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: CATALOGUE_MESSAGES.ONLY_ADMINS_MANAGE_SUPPLIERS,
    });
  });

  it("starts the creator's timeline with 'created' and writes SupplierCreated to the outbox", async () => {
    const supplier = await addSupplier(a.admin);
    const { events } = await h.client.send(CatalogueSupplierTimeline, { actor: a.user, id: supplier.id });
    expect(events).toEqual([
      {
        id: expect.any(String),
        type: 'created',
        title: TIMELINE_TITLES.created,
        body: null,
        author: a.admin.name,
        created_at: expect.any(String),
      },
    ]);
    const rows = await outboxRowsAbout(h.app, supplier.id);
    expect(rows.map((r) => r.subject)).toEqual(['catalogue.supplier.created.v1']);
    expect(rows[0].payload).toEqual({
      supplier: {
        id: supplier.id,
        name: supplier.name,
        contact_email: 'hire@example.test',
        contact_phone: '0113 496 0000',
        address: '1 Yard Lane, Leeds LS1 1AA',
        is_active: true,
        created_by: a.customerId,
      },
    });
  });

  it('an Idempotency-Key replay answers the first supplier', async () => {
    const key = randomUUID();
    const name = `Replay Hire ${uniqueWord()}`;
    const first = await h.withKey(key).send(CatalogueSupplierCreate, { actor: a.admin, name });
    const second = await h.withKey(key).send(CatalogueSupplierCreate, { actor: a.admin, name });
    expect(second.supplier.id).toBe(first.supplier.id);
    const list = await h.client.send(CatalogueSuppliersList, { actor: a.admin, search: name });
    expect(list.suppliers).toHaveLength(1);
    const { events } = await h.client.send(CatalogueSupplierTimeline, {
      actor: a.admin,
      id: first.supplier.id,
    });
    expect(events).toHaveLength(1);
  });
});

describe('the directory (spec §2 Suppliers: 12 per page, search)', () => {
  const word = uniqueWord();
  const names: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 13; i++) {
      const name = `${word} Plant ${String(i).padStart(2, '0')}`;
      names.push(name);
      await addSupplier(i % 2 ? a.admin : b.admin, name);
    }
  });

  it('lists active suppliers of every company by name, 12 per page, with the page count', async () => {
    const page1 = await h.client.send(CatalogueSuppliersList, { actor: b.viewer, search: word });
    expect(page1.suppliers.map((s) => s.name)).toEqual(names.slice(0, 12));
    expect(page1.pagination).toEqual({ page: 1, limit: 12, total: 13, pages: 2 });
    expect(page1.suppliers.map((s) => s.created_by_you)).toEqual(
      names.slice(0, 12).map((_, i) => i % 2 === 0),
    );
    const page2 = await h.client.send(CatalogueSuppliersList, { actor: b.viewer, search: word, page: 2 });
    expect(page2.suppliers.map((s) => s.name)).toEqual(names.slice(12));
    const dropdown = await h.client.send(CatalogueSuppliersList, {
      actor: b.viewer,
      search: word,
      limit: 1000,
    });
    expect(dropdown.suppliers).toHaveLength(13);
  });

  it('searches the name case-insensitively, wildcards literally', async () => {
    const found = await h.client.send(CatalogueSuppliersList, {
      actor: a.user,
      search: `${word.toUpperCase()} plant 07`,
    });
    expect(found.suppliers.map((s) => s.name)).toEqual([names[7]]);
    expect(
      (await h.client.send(CatalogueSuppliersList, { actor: a.user, search: `${word}_Plant` })).suppliers,
    ).toEqual([]);
  });
});

describe('basic information (spec §2, §5: only the creator edits it; read-only for the others)', () => {
  it("the creator's admin changes it; SupplierUpdated and an 'updated' timeline event follow", async () => {
    const supplier = await addSupplier(a.admin);
    const reply = await h.client.send(CatalogueSupplierUpdate, {
      actor: a.admin,
      id: supplier.id,
      name: 'Renamed Hire',
      contact_phone: '0113 496 0999',
      contact_email: '',
      address: null,
    });
    expect(reply.message).toBe(CATALOGUE_MESSAGES.SUPPLIER_UPDATED);
    expect(reply.supplier).toMatchObject({
      name: 'Renamed Hire',
      contact_phone: '0113 496 0999',
      contact_email: null,
      address: null,
    });
    expect((await outboxRowsAbout(h.app, supplier.id)).map((r) => r.subject)).toEqual([
      'catalogue.supplier.created.v1',
      'catalogue.supplier.updated.v1',
    ]);
    const { events } = await h.client.send(CatalogueSupplierTimeline, { actor: a.admin, id: supplier.id });
    expect(events.map((e) => e.type)).toEqual(['updated', 'created']);

    // Saved again as it is (the form sends both panels): no event, nothing on the bus.
    const again = await h.client.send(CatalogueSupplierUpdate, {
      actor: a.admin,
      id: supplier.id,
      name: 'Renamed Hire',
      contact_phone: '0113 496 0999',
    });
    expect(again.supplier).toMatchObject({ name: 'Renamed Hire', contact_phone: '0113 496 0999' });
    await h.client.send(CatalogueSupplierDetailsSave, {
      actor: a.admin,
      id: supplier.id,
      contact_name: 'Jo',
    });
    await h.client.send(CatalogueSupplierDetailsSave, {
      actor: a.admin,
      id: supplier.id,
      contact_name: 'Jo',
    });
    expect((await outboxRowsAbout(h.app, supplier.id)).map((r) => r.subject)).toEqual([
      'catalogue.supplier.created.v1',
      'catalogue.supplier.updated.v1',
    ]);
    const after = await h.client.send(CatalogueSupplierTimeline, { actor: a.admin, id: supplier.id });
    expect(after.events.map((e) => e.type)).toEqual(['details_updated', 'updated', 'created']);
  });

  it("another company's admin gets 403 'Read-only (created by another customer)'", async () => {
    const supplier = await addSupplier(a.admin);
    expect(
      await errorOf(
        h.client.send(CatalogueSupplierUpdate, { actor: b.admin, id: supplier.id, name: 'Taken over' }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: 'Read-only (created by another customer)' });
    const unchanged = await h.client.send(CatalogueSupplierGet, { actor: a.admin, id: supplier.id });
    expect(unchanged.supplier.name).toBe(supplier.name);
  });

  it("the creator's non-admins may not edit it", async () => {
    const supplier = await addSupplier(a.admin);
    for (const actor of [a.user, a.viewer])
      expect(
        await errorOf(h.client.send(CatalogueSupplierUpdate, { actor, id: supplier.id, name: 'Mine now' })),
      ).toEqual({ code: 'FORBIDDEN', message: CATALOGUE_MESSAGES.ONLY_ADMINS_MANAGE_SUPPLIERS });
  });
});

describe('deleting (spec §6: only the creator deletes a supplier)', () => {
  it("another company's admin cannot; the creator's admin can, once (a second delete is NOT_FOUND)", async () => {
    const supplier = await addSupplier(a.admin);
    expect(
      await errorOf(h.client.send(CatalogueSupplierDelete, { actor: b.admin, id: supplier.id })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: CATALOGUE_MESSAGES.ONLY_CREATOR_DELETES_SUPPLIER,
    });
    expect(await errorOf(h.client.send(CatalogueSupplierDelete, { actor: a.user, id: supplier.id }))).toEqual(
      {
        code: 'FORBIDDEN',
        message: CATALOGUE_MESSAGES.ONLY_ADMINS_MANAGE_SUPPLIERS,
      },
    );
    expect(await h.client.send(CatalogueSupplierDelete, { actor: a.admin, id: supplier.id })).toEqual({
      message: CATALOGUE_MESSAGES.SUPPLIER_DELETED,
    });
    expect(
      await errorOf(h.client.send(CatalogueSupplierDelete, { actor: a.admin, id: supplier.id })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: CATALOGUE_MESSAGES.SUPPLIER_NOT_FOUND,
    });
    for (const actor of [a.admin, b.admin]) {
      expect((await errorOf(h.client.send(CatalogueSupplierGet, { actor, id: supplier.id }))).code).toBe(
        'NOT_FOUND',
      );
      expect(
        (await h.client.send(CatalogueSuppliersList, { actor, search: supplier.name })).suppliers,
      ).toEqual([]);
    }
    expect((await outboxRowsAbout(h.app, supplier.id)).map((r) => r.subject)).toEqual([
      'catalogue.supplier.created.v1',
      'catalogue.supplier.deleted.v1',
    ]);
  });
});

describe("a company's own details, notes and timeline (spec §6: private to the customer organisation)", () => {
  it('admins and users save its details (POST and PUT alike), viewers none; another company sees none of them', async () => {
    const supplier = await addSupplier(a.admin);
    const saved = await h.client.send(CatalogueSupplierDetailsSave, {
      actor: b.admin,
      id: supplier.id,
      contact_name: 'Bea Contact',
      contact_email: 'Bea@Hire.TEST',
      phone: '07700 900123',
      preferred_order_method: 'purchase_order',
      availability_check_method: 'website',
    });
    expect(saved.message).toBe(CATALOGUE_MESSAGES.DETAILS_SAVED);
    expect(
      await errorOf(
        h.client.send(CatalogueSupplierDetailsSave, { actor: b.viewer, id: supplier.id, contact_name: 'No' }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: MESSAGES.VIEWERS_READ_ONLY });
    expect(saved.supplier).toMatchObject({
      customer_contact_name: 'Bea Contact',
      customer_contact_email: 'bea@hire.test',
      customer_phone: '07700 900123',
      preferred_order_method: 'purchase_order',
      availability_check_method: 'website',
      created_by_you: false,
    });
    // Saving again replaces them (empty values clear a field).
    const again = await h.client.send(CatalogueSupplierDetailsSave, {
      actor: b.user,
      id: supplier.id,
      contact_name: 'Bea Contact',
      phone: '',
    });
    expect(again.supplier).toMatchObject({ customer_contact_name: 'Bea Contact', customer_phone: null });

    const seenByA = await h.client.send(CatalogueSupplierGet, { actor: a.admin, id: supplier.id });
    expect(seenByA.supplier).toMatchObject({
      customer_contact_name: null,
      customer_contact_email: null,
      customer_phone: null,
      preferred_order_method: null,
      availability_check_method: null,
    });
    const listedForA = await h.client.send(CatalogueSuppliersList, { actor: a.admin, search: supplier.name });
    expect(listedForA.suppliers[0].customer_contact_name).toBeNull();
    const listedForB = await h.client.send(CatalogueSuppliersList, { actor: b.admin, search: supplier.name });
    expect(listedForB.suppliers[0].customer_contact_name).toBe('Bea Contact');

    const timelineB = await h.client.send(CatalogueSupplierTimeline, { actor: b.admin, id: supplier.id });
    expect(timelineB.events.map((e) => [e.type, e.title, e.author])).toEqual([
      ['details_updated', TIMELINE_TITLES.details_updated, b.user.name],
      ['details_updated', TIMELINE_TITLES.details_updated, b.admin.name],
    ]);
    const timelineA = await h.client.send(CatalogueSupplierTimeline, { actor: a.admin, id: supplier.id });
    expect(timelineA.events.map((e) => e.type)).toEqual(['created']);
  });

  it("notes are timeline rows of type note, private to the company; has_customer_note and the latest note show on B's card only", async () => {
    const supplier = await addSupplier(a.admin);
    const first = await h.client.send(CatalogueSupplierNoteAdd, {
      actor: b.admin,
      id: supplier.id,
      note: '  Slow to deliver ',
    });
    expect(first).toEqual({
      message: CATALOGUE_MESSAGES.NOTE_ADDED,
      event: {
        id: expect.any(String),
        type: 'note',
        title: TIMELINE_TITLES.note,
        body: 'Slow to deliver',
        author: b.admin.name,
        created_at: expect.any(String),
      },
    });
    await h.client.send(CatalogueSupplierNoteAdd, { actor: b.user, id: supplier.id, note: 'Better now' });

    const forB = await h.client.send(CatalogueSuppliersList, { actor: b.admin, search: supplier.name });
    expect(forB.suppliers[0]).toMatchObject({ has_customer_note: true, customer_note: 'Better now' });
    const forA = await h.client.send(CatalogueSuppliersList, { actor: a.admin, search: supplier.name });
    expect(forA.suppliers[0]).toMatchObject({ has_customer_note: false, customer_note: null });

    const timelineB = await h.client.send(CatalogueSupplierTimeline, { actor: b.admin, id: supplier.id });
    expect(timelineB.events.map((e) => [e.type, e.body])).toEqual([
      ['note', 'Better now'],
      ['note', 'Slow to deliver'],
    ]);
    const timelineA = await h.client.send(CatalogueSupplierTimeline, { actor: a.admin, id: supplier.id });
    expect(timelineA.events.map((e) => e.type)).toEqual(['created']);
  });

  it('a note or details replayed with the same Idempotency-Key are written once', async () => {
    const supplier = await addSupplier(a.admin);
    const key = randomUUID();
    const one = await h
      .withKey(key)
      .send(CatalogueSupplierNoteAdd, { actor: b.user, id: supplier.id, note: 'Once' });
    const two = await h
      .withKey(key)
      .send(CatalogueSupplierNoteAdd, { actor: b.user, id: supplier.id, note: 'Once' });
    expect(two.event.id).toBe(one.event.id);
    const detailsKey = randomUUID();
    await h
      .withKey(detailsKey)
      .send(CatalogueSupplierDetailsSave, { actor: b.user, id: supplier.id, contact_name: 'X' });
    await h
      .withKey(detailsKey)
      .send(CatalogueSupplierDetailsSave, { actor: b.user, id: supplier.id, contact_name: 'X' });
    const { events } = await h.client.send(CatalogueSupplierTimeline, { actor: b.user, id: supplier.id });
    expect(events.map((e) => e.type)).toEqual(['details_updated', 'note']);
  });

  it('details, notes and the timeline of an unknown or deleted supplier answer NOT_FOUND', async () => {
    const supplier = await addSupplier(a.admin);
    await h.client.send(CatalogueSupplierDelete, { actor: a.admin, id: supplier.id });
    for (const id of [randomUUID(), supplier.id]) {
      const expected = { code: 'NOT_FOUND', message: CATALOGUE_MESSAGES.SUPPLIER_NOT_FOUND };
      expect(
        await errorOf(h.client.send(CatalogueSupplierDetailsSave, { actor: b.user, id, contact_name: 'x' })),
      ).toEqual(expected);
      expect(
        await errorOf(h.client.send(CatalogueSupplierNoteAdd, { actor: b.user, id, note: 'x' })),
      ).toEqual(expected);
      expect(await errorOf(h.client.send(CatalogueSupplierTimeline, { actor: b.user, id }))).toEqual(
        expected,
      );
      expect(await errorOf(h.client.send(CatalogueSupplierFavoriteAdd, { actor: b.user, id }))).toEqual(
        expected,
      );
      expect(await errorOf(h.client.send(CatalogueSupplierFavoriteRemove, { actor: b.user, id }))).toEqual(
        expected,
      );
      expect(
        await errorOf(h.client.send(CatalogueSupplierUpdate, { actor: a.admin, id, name: 'x' })),
      ).toEqual(expected);
    }
  });
});

describe('supplier favourites', () => {
  it("are the company's own", async () => {
    const word = uniqueWord();
    const one = await addSupplier(a.admin, `${word} One`);
    const two = await addSupplier(b.admin, `${word} Two`);
    expect(await h.client.send(CatalogueSupplierFavoriteAdd, { actor: b.user, id: one.id })).toEqual({
      is_favorite: true,
      message: CATALOGUE_MESSAGES.FAVORITE_ADDED,
    });
    await h.client.send(CatalogueSupplierFavoriteAdd, { actor: b.user, id: one.id });
    // A viewer changes no favourite of the company (the kit refuses a viewer's change).
    expect(
      await errorOf(h.client.send(CatalogueSupplierFavoriteRemove, { actor: b.viewer, id: one.id })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.VIEWERS_READ_ONLY,
    });
    const favB = await h.client.send(CatalogueSupplierFavorites, { actor: b.admin, search: word });
    expect(favB.suppliers.map((s) => [s.id, s.is_favorite])).toEqual([[one.id, true]]);
    expect(favB.pagination.total).toBe(1);
    const favA = await h.client.send(CatalogueSupplierFavorites, { actor: a.admin, search: word });
    expect(favA.suppliers).toEqual([]);
    const listA = await h.client.send(CatalogueSuppliersList, { actor: a.admin, search: word });
    expect(listA.suppliers.map((s) => s.is_favorite)).toEqual([false, false]);
    expect(await h.client.send(CatalogueSupplierFavoriteRemove, { actor: b.admin, id: one.id })).toEqual({
      is_favorite: false,
      message: CATALOGUE_MESSAGES.FAVORITE_REMOVED,
    });
    expect(
      (await h.client.send(CatalogueSupplierFavorites, { actor: b.admin, search: word })).suppliers,
    ).toEqual([]);
    expect(two.created_by_you).toBe(true);
  });
});

describe('similar supplier names', () => {
  it('offers close names among active suppliers, best first, at most five', async () => {
    const word = uniqueWord('qs');
    const close = await addSupplier(b.admin, `Speedy Hire Leeds ${word}`);
    const deleted = await addSupplier(b.admin, `Speedy Hire ${word}`);
    await h.client.send(CatalogueSupplierDelete, { actor: b.admin, id: deleted.id });
    const { similar } = await h.client.send(CatalogueSupplierSimilar, {
      actor: a.admin,
      name: `speedy hire ${word}`,
    });
    expect(similar[0]).toMatchObject({ id: close.id, name: close.name, category: null });
    expect(similar[0].similarity).toBeGreaterThanOrEqual(0.3);
    expect(similar.map((s) => s.id)).not.toContain(deleted.id);
    expect(similar.length).toBeLessThanOrEqual(5);
  });
});
