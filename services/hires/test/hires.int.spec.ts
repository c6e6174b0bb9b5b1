import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  EquipmentDeleted,
  EquipmentUpdated,
  HireCreated,
  HireDeleted,
  hireEventSchema,
  HIRES_MESSAGES,
  hireSchema,
  HiresBulkDelete,
  HiresBulkStatus,
  HiresCreate,
  HiresCustomerStats,
  HiresDelete,
  HiresEndingSoon,
  HiresGet,
  HiresList,
  HiresOverdue,
  HiresUpdate,
  HireUpdated,
  SupplierUpdated,
  UserUpdated,
} from '@planted/contracts';
import { VALIDATION_MESSAGES as V } from '@planted/domain';
import { waitFor } from '@planted/testing';
import { hireRows, outbox } from '../src/db/schema';
import { addDays, todayIn } from '../src/hires/hire-costs';
import {
  catalogueItem,
  catalogueSupplier,
  createHire,
  createSite,
  errorOf,
  hire,
  hireSetting,
  identityUser,
  newCompany,
  startHires,
  waitForRow,
  type HiresHarness,
} from './support/hires-harness';
import { equipment, users } from '../src/db/schema';

let h: HiresHarness;

beforeAll(async () => {
  h = await startHires();
});

afterAll(async () => {
  await h?.close();
});

const today = () => todayIn('Europe/London');

/** The events the outbox holds for one hire, in the order written, once the relay published them. */
async function hireEvents(id: string) {
  return waitFor(async () => {
    const rows = await h.app.database.withSystem((tx) => tx.select().from(outbox).orderBy(outbox.seq));
    const mine = rows.filter((r) => {
      const p = r.payload as { hire?: { id: string }; hire_id?: string };
      return p.hire?.id === id || p.hire_id === id;
    });
    return mine.length > 0 && mine.every((r) => r.publishedAt !== null) ? mine : undefined;
  });
}

describe('creating a hire (spec §5 Hire form, §9)', () => {
  const a = newCompany('Totals');

  it('computes duration, net, VAT and total on the server and ignores the browser totals', async () => {
    const setting = await hireSetting(h, a.actor);
    const created = await h.client.send(
      HiresCreate,
      hire(a.actor, setting, {
        price: '100.00',
        pricing_term: 'week',
        delivery_charge: 25.5,
        operator_cost: '10',
        hire_start_date: '2026-11-02',
        hire_end_date: '2026-11-10',
        // What a tampered browser might send: all ignored.
        hire_duration_days: 1,
        net_cost: 1,
        vat_amount: 0,
        total_cost: 1,
        price_per_day: 999,
      }),
    );
    // 9 days inclusive; 2 weeks begun: 2 x 100 + 25.50 + 10 = 235.50 net; VAT 47.10; total 282.60; 100 / 7 = 14.29 a day.
    expect(created.hire).toMatchObject({
      hire_duration_days: 9,
      price: 100,
      delivery_charge: 25.5,
      operator_cost: 10,
      net_cost: 235.5,
      vat_amount: 47.1,
      total_cost: 282.6,
      price_per_day: 14.29,
      hire_status: 'active',
    });
    expect(created.message).toBe(HIRES_MESSAGES.HIRE_CREATED);
    expect(created.purchase_order_available).toBe(false);
    // Stored exactly, as numeric(…, 2).
    const [row] = await h.app.database.withSystem((tx) =>
      tx.select().from(hireRows).where(eq(hireRows.id, created.hire.id)),
    );
    expect([row.netCost, row.vatAmount, row.totalCost, row.pricePerDay]).toEqual([
      '235.50',
      '47.10',
      '282.60',
      '14.29',
    ]);
  });

  it('answers every list field from the read models and the site', async () => {
    const b = newCompany('Fields');
    await identityUser(h, b.actor, '/files/profile/b.jpg');
    const setting = await hireSetting(h, b.actor);
    const created = await createHire(h, b.actor, setting);
    expect(hireSchema.parse(created)).toEqual(created);
    expect(created).toMatchObject({
      equipment_name: setting.item.name,
      equipment_category: 'Breaking & Drilling',
      equipment_image_url: '/files/equipment/breaker-card.jpg',
      supplier_name: setting.supplier.name,
      site_name: 'Leeds Depot',
      site_postcode: 'LS1 4DL',
      site_address: '1 Wellington Street, Leeds',
      job_number: null,
      created_by: b.actor.userId,
      creator_name: b.actor.name,
      creator_profile_picture: '/files/profile/b.jpg',
      zahara_document_id: null,
      zahara_po_number: null,
      additional_details: null,
    });
    expect(Date.parse(created.created_at)).toBeGreaterThan(Date.now() - 60_000);
    // The answer is built from what the creation read and wrote: it is the hire as stored.
    expect((await h.client.send(HiresGet, { actor: b.actor, id: created.id })).hire).toEqual(created);
  });

  it("names the creator from the token until identity's event about them arrives", async () => {
    const c = newCompany('Newcomer');
    const created = await createHire(h, c.actor, await hireSetting(h, c.actor));
    expect(created).toMatchObject({ creator_name: c.actor.name, creator_profile_picture: null });
    await identityUser(h, c.actor, '/files/profile/c.jpg');
    const got = await h.client.send(HiresGet, { actor: c.actor, id: created.id });
    expect(got.hire.creator_profile_picture).toBe('/files/profile/c.jpg');
  });

  it('refuses unknown equipment and suppliers, another company’s site, and an end before the start', async () => {
    const setting = await hireSetting(h, a.actor);
    const other = newCompany('Other');
    const foreignSite = await createSite(h, other.actor);
    expect(
      await errorOf(h.client.send(HiresCreate, hire(a.actor, { ...setting, item: { id: randomUUID() } }))),
    ).toEqual({ code: 'NOT_FOUND', message: HIRES_MESSAGES.EQUIPMENT_NOT_FOUND });
    expect(
      await errorOf(
        h.client.send(HiresCreate, hire(a.actor, { ...setting, supplier: { id: randomUUID() } })),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: HIRES_MESSAGES.SUPPLIER_NOT_FOUND });
    expect(
      await errorOf(h.client.send(HiresCreate, hire(a.actor, { ...setting, site: foreignSite }))),
    ).toEqual({
      code: 'NOT_FOUND',
      message: HIRES_MESSAGES.SITE_NOT_FOUND,
    });
    const backwards = await errorOf(
      h.client.send(
        HiresCreate,
        hire(a.actor, setting, { hire_start_date: '2026-11-10', hire_end_date: '2026-11-09' }),
      ),
    );
    expect(backwards).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ param: 'hire_end_date', msg: V.END_BEFORE_START }],
    });
  });

  it('refuses equipment the catalogue deleted, and keeps its name on older hires', async () => {
    const d = newCompany('Deleted');
    const setting = await hireSetting(h, d.actor);
    const older = await createHire(h, d.actor, setting);
    await h.publish(EquipmentDeleted, { equipment_id: setting.item.id });
    await waitForRow(h, equipment, setting.item.id, (row) => row.deletedAt !== null);
    expect(await errorOf(h.client.send(HiresCreate, hire(d.actor, setting)))).toEqual({
      code: 'NOT_FOUND',
      message: HIRES_MESSAGES.EQUIPMENT_NOT_FOUND,
    });
    expect((await h.client.send(HiresGet, { actor: d.actor, id: older.id })).hire.equipment_name).toBe(
      setting.item.name,
    );
    // An edit that keeps the deleted item is allowed (the hire already had it).
    const edited = await h.client.send(HiresUpdate, {
      ...hire(d.actor, setting, { price: 90 }),
      id: older.id,
    });
    expect(edited.hire.price).toBe(90);
  });

  it('records hire.created with the full hire in the same transaction', async () => {
    const created = await createHire(h, a.actor, await hireSetting(h, a.actor), {
      additional_details: 'Gate B',
    });
    const [event] = await hireEvents(created.id);
    expect(event.subject).toBe(HireCreated.name);
    const payload = HireCreated.payload.parse(event.payload);
    expect(hireEventSchema.parse(payload.hire)).toEqual({
      id: created.id,
      customer_id: a.actor.customerId,
      equipment_id: created.equipment_id,
      supplier_id: created.supplier_id,
      site_id: created.site_id,
      price: 100,
      pricing_term: 'week',
      price_per_day: 14.29,
      delivery_charge: 0,
      operator_cost: 0,
      hire_start_date: '2026-11-02',
      hire_end_date: '2026-11-10',
      hire_duration_days: 9,
      net_cost: 200,
      vat_amount: 40,
      total_cost: 240,
      hire_status: 'active',
      created_by: a.actor.userId,
      created_at: created.created_at,
      updated_at: created.updated_at,
    });
  });

  it('creates once per Idempotency-Key', async () => {
    const e = newCompany('Idem');
    const setting = await hireSetting(h, e.actor);
    const key = randomUUID();
    const payload = hire(e.actor, setting);
    const first = await h.withKey(key, () => h.client.send(HiresCreate, payload));
    const again = await h.withKey(key, () => h.client.send(HiresCreate, payload));
    expect(again).toEqual(first);
    const listed = await h.client.send(HiresList, { actor: e.actor });
    expect(listed.hires.map((x) => x.id)).toEqual([first.hire.id]);
    expect(
      (await errorOf(h.withKey(key, () => h.client.send(HiresCreate, hire(e.actor, setting, { price: 5 })))))
        .code,
    ).toBe('CONFLICT');
  });
});

describe('the hire list (spec §2 Hires, §7 GET /hires)', () => {
  const l = newCompany('List');
  let ids: Record<string, string>;

  beforeAll(async () => {
    const [item, crane, supplier, other] = await Promise.all([
      catalogueItem(h, { name: 'Kango Breaker' }),
      catalogueItem(h, { name: 'Tower Crâne', category: 'Lift & Shift', image_card_url: null }),
      catalogueSupplier(h, { name: 'Speedy Hire' }),
      catalogueSupplier(h, { name: 'HSS 50%_off' }),
    ]);
    const north = await createSite(h, l.actor, { name: 'North Yard', job_number: 'JN-42' });
    const south = await createSite(h, l.actor, { name: 'Søuth Yard', job_number: null });
    ids = {};
    ids.first = (await createHire(h, l.actor, { item, supplier, site: north })).id;
    ids.booked = (
      await createHire(
        h,
        l.actor,
        { item: crane, supplier, site: south },
        { hire_status: 'collection_booked' },
      )
    ).id;
    ids.done = (
      await createHire(h, l.actor, { item, supplier: other, site: south }, { hire_status: 'completed' })
    ).id;
    ids.last = (await createHire(h, l.actor, { item: crane, supplier: other, site: north })).id;
  });

  const list = (options: { search?: string; status?: string; page?: number; limit?: number } = {}) =>
    h.client.send(HiresList, { actor: l.actor, ...options });

  it('shows active and collection-booked hires by default, newest first', async () => {
    const page = await list();
    expect(page.hires.map((x) => x.id)).toEqual([ids.last, ids.booked, ids.first]);
    expect(page.pagination).toEqual({ currentPage: 1, totalPages: 1, total: 3, limit: 12 });
  });

  it('shows completed hires too when asked (Show Completed)', async () => {
    expect((await list({ status: 'active,collection_booked,completed' })).hires.map((x) => x.id)).toEqual([
      ids.last,
      ids.done,
      ids.booked,
      ids.first,
    ]);
    expect((await list({ status: 'completed' })).hires.map((x) => x.id)).toEqual([ids.done]);
  });

  it('searches equipment, supplier, site and job number, wildcards taken literally', async () => {
    const all = 'active,collection_booked,completed';
    for (const [search, expected] of [
      ['kango', [ids.done, ids.first]],
      ['speedy', [ids.booked, ids.first]],
      ['south', [ids.done, ids.booked]],
      ['jn-42', [ids.last, ids.first]],
      // Accents folded both ways (AQ-1).
      ['crane', [ids.last, ids.booked]],
      ['CRÂNE', [ids.last, ids.booked]],
      ['SØUTH', [ids.done, ids.booked]],
      ['50%_', [ids.last, ids.done]],
      // A literal percent sign: only the supplier whose name has one.
      ['%', [ids.last, ids.done]],
      ['_o_', []],
      ['nothing like it', []],
    ] as const) {
      const found = await list({ search, status: all });
      expect([search, found.hires.map((x) => x.id)]).toEqual([search, expected]);
    }
  });

  it('pages in SQL with totalPages and currentPage', async () => {
    const second = await list({ page: 2, limit: 2 });
    expect(second.hires.map((x) => x.id)).toEqual([ids.first]);
    expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, total: 3, limit: 2 });
    const beyond = await list({ page: 9, limit: 2 });
    expect(beyond).toEqual({ hires: [], pagination: { currentPage: 9, totalPages: 2, total: 3, limit: 2 } });
    // With a search, prepared (three letters in a row) or planned for its term (shorter).
    const all = 'active,collection_booked,completed';
    expect((await list({ search: 'kango', status: all, page: 2, limit: 1 })).hires.map((x) => x.id)).toEqual([
      ids.first,
    ]);
    expect((await list({ search: 'kango', status: all, page: 5, limit: 1 })).pagination).toEqual({
      currentPage: 5,
      totalPages: 2,
      total: 2,
      limit: 1,
    });
    expect((await list({ search: '%', status: all, page: 4, limit: 1 })).pagination.total).toBe(2);
  });

  it('falls back to the full picture when the catalogue made no card-sized one', async () => {
    const crane = (await list()).hires.find((x) => x.id === ids.last)!;
    expect(crane.equipment_image_url).toBe('/files/equipment/breaker.jpg');
  });

  it('follows catalogue renames through its events, newest event winning', async () => {
    const one = (await list()).hires.find((x) => x.id === ids.first)!;
    const later = new Date(Date.now() + 1000).toISOString();
    const earlier = new Date(Date.now() - 60_000).toISOString();
    await h.publish(
      EquipmentUpdated,
      {
        equipment: {
          id: one.equipment_id,
          name: 'Kango Breaker 2',
          category: 'Breaking & Drilling',
          image_url: null,
          image_card_url: null,
          is_active: true,
          customer_id: null,
        },
      },
      { at: later },
    );
    await waitForRow(h, equipment, one.equipment_id, (row) => row.name === 'Kango Breaker 2');
    // An older event delivered late changes nothing.
    const stale = await h.publish(
      EquipmentUpdated,
      {
        equipment: {
          id: one.equipment_id,
          name: 'Stale Name',
          category: 'Breaking & Drilling',
          image_url: null,
          image_card_url: null,
          is_active: true,
          customer_id: null,
        },
      },
      { at: earlier },
    );
    await h.publish(SupplierUpdated, {
      supplier: {
        id: one.supplier_id,
        name: 'Speedy Services',
        contact_email: null,
        contact_phone: null,
        address: null,
        is_active: true,
        created_by: null,
      },
    });
    await waitFor(async () => {
      const got = (await h.client.send(HiresGet, { actor: l.actor, id: ids.first })).hire;
      return got.supplier_name === 'Speedy Services' ? true : undefined;
    });
    await waitFor(async () => {
      const seen = await h.app.database.withSystem((tx) =>
        tx.execute<{ n: number }>(
          `select count(*)::int as n from hires.processed_events where event_id = '${stale}'`,
        ),
      );
      return seen.rows[0].n === 1 ? true : undefined;
    });
    const got = (await h.client.send(HiresGet, { actor: l.actor, id: ids.first })).hire;
    expect(got.equipment_name).toBe('Kango Breaker 2');
    expect((await list({ search: 'stale' })).hires).toEqual([]);
  });

  it('applies an event once, however often it is delivered (processed_events)', async () => {
    const user = newCompany('Twice');
    const at = new Date().toISOString();
    const event = {
      user: {
        id: user.actor.userId,
        name: 'Once',
        email: user.actor.email,
        role: 'user' as const,
        customer_id: user.actor.customerId,
        profile_picture_url: null,
        language_preference: null,
        is_active: true,
        created_at: at,
        updated_at: at,
      },
    };
    const id = await h.publish(UserUpdated, event, { at });
    await waitForRow(h, users, user.actor.userId, (row) => row.name === 'Once');
    // The same event again (a redelivery past JetStream's duplicate window), now saying otherwise.
    await h.publish(UserUpdated, { user: { ...event.user, name: 'Twice' } }, { at, id, msgId: randomUUID() });
    const marker = await h.publish(UserUpdated, {
      user: { ...event.user, id: randomUUID(), name: 'Marker' },
    });
    await waitFor(async () => {
      const seen = await h.app.database.withSystem((tx) =>
        tx.execute<{ n: number }>(
          `select count(*)::int as n from hires.processed_events where event_id = '${marker}'`,
        ),
      );
      return seen.rows[0].n === 1 ? true : undefined;
    });
    const row = await waitForRow(h, users, user.actor.userId);
    expect(row.name).toBe('Once');
  });
});

describe('editing and deleting hires', () => {
  const e = newCompany('Edit');

  it('recomputes the totals on edit and records hire.updated', async () => {
    const setting = await hireSetting(h, e.actor);
    const created = await createHire(h, e.actor, setting);
    const edited = await h.client.send(HiresUpdate, {
      ...hire(e.actor, setting, {
        price: 45,
        pricing_term: 'fixed',
        delivery_charge: 12.34,
        hire_start_date: '2026-01-01',
        hire_end_date: '2026-01-03',
        hire_status: 'collection_booked',
        total_cost: 1,
      }),
      id: created.id,
    });
    // Fixed: 45 + 12.34 = 57.34 net, VAT 11.47 (11.468 half-up), total 68.81; 45 / 3 days = 15.00 a day.
    expect(edited.hire).toMatchObject({
      hire_duration_days: 3,
      net_cost: 57.34,
      vat_amount: 11.47,
      total_cost: 68.81,
      price_per_day: 15,
      hire_status: 'collection_booked',
    });
    expect(edited.message).toBe(HIRES_MESSAGES.HIRE_UPDATED);
    const events = await hireEvents(created.id);
    expect(events.map((x) => x.subject)).toEqual([HireCreated.name, HireUpdated.name]);
    expect(HireUpdated.payload.parse(events[1].payload).hire).toMatchObject({ total_cost: 68.81 });
  });

  it('moves updated_at forward on every edit (each edit its own time, however often the statement ran)', async () => {
    const setting = await hireSetting(h, e.actor);
    const created = await createHire(h, e.actor, setting);
    const times = [created.updated_at];
    for (const price of [50, 51, 52]) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const edited = await h.client.send(HiresUpdate, {
        ...hire(e.actor, setting, { price }),
        id: created.id,
      });
      times.push(edited.hire.updated_at);
    }
    const ms = times.map((t) => Date.parse(String(t)));
    for (let i = 1; i < ms.length; i++) expect(ms[i]).toBeGreaterThan(ms[i - 1]);
  });

  it('deletes a hire and records hire.deleted', async () => {
    const created = await createHire(h, e.actor, await hireSetting(h, e.actor));
    expect(await h.client.send(HiresDelete, { actor: e.actor, id: created.id })).toEqual({
      message: HIRES_MESSAGES.HIRE_DELETED,
    });
    expect((await errorOf(h.client.send(HiresGet, { actor: e.actor, id: created.id }))).code).toBe(
      'NOT_FOUND',
    );
    const events = await hireEvents(created.id);
    expect(events.map((x) => x.subject)).toEqual([HireCreated.name, HireDeleted.name]);
    expect(events[1].payload).toEqual({ hire_id: created.id, customer_id: e.actor.customerId });
  });

  it('answers 404 to another company for every hire id, and changes nothing', async () => {
    const setting = await hireSetting(h, e.actor);
    const mine = await createHire(h, e.actor, setting);
    const intruder = newCompany('Intruder');
    const theirs = await hireSetting(h, intruder.actor);
    const notFound = { code: 'NOT_FOUND', message: HIRES_MESSAGES.HIRE_NOT_FOUND };
    expect(await errorOf(h.client.send(HiresGet, { actor: intruder.actor, id: mine.id }))).toEqual(notFound);
    expect(
      await errorOf(
        h.client.send(HiresUpdate, {
          ...hire(intruder.actor, theirs, { hire_status: 'completed' }),
          id: mine.id,
        }),
      ),
    ).toEqual(notFound);
    expect(await errorOf(h.client.send(HiresDelete, { actor: intruder.actor, id: mine.id }))).toEqual(
      notFound,
    );
    // Nor may the owner move its hire onto the intruder's site.
    expect(
      await errorOf(
        h.client.send(HiresUpdate, { ...hire(e.actor, { ...setting, site: theirs.site }), id: mine.id }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: HIRES_MESSAGES.SITE_NOT_FOUND });
    const still = (await h.client.send(HiresGet, { actor: e.actor, id: mine.id })).hire;
    expect(still).toEqual(mine);
    expect((await h.client.send(HiresList, { actor: intruder.actor })).hires).toEqual([]);
  });
});

describe('bulk actions (spec §7 PUT /hires/bulk/status, DELETE /hires/bulk)', () => {
  it('changes and deletes only the caller’s hires among the ids, and counts those', async () => {
    const owner = newCompany('Bulk');
    const other = newCompany('BulkOther');
    const setting = await hireSetting(h, owner.actor);
    const otherSetting = await hireSetting(h, other.actor);
    const mine = [await createHire(h, owner.actor, setting), await createHire(h, owner.actor, setting)];
    const foreign = await createHire(h, other.actor, otherSetting);
    const ids = [...mine.map((x) => x.id), foreign.id, randomUUID()];

    const status = await h.client.send(HiresBulkStatus, {
      actor: owner.actor,
      hireIds: ids,
      status: 'completed',
    });
    expect(status).toEqual({ updatedCount: 2, message: 'Successfully updated 2 hire(s) to completed!' });
    expect((await h.client.send(HiresGet, { actor: other.actor, id: foreign.id })).hire.hire_status).toBe(
      'active',
    );
    for (const m of mine) {
      expect((await h.client.send(HiresGet, { actor: owner.actor, id: m.id })).hire.hire_status).toBe(
        'completed',
      );
      const events = await hireEvents(m.id);
      expect(events.map((x) => x.subject)).toEqual([HireCreated.name, HireUpdated.name]);
    }
    expect(
      (await errorOf(h.client.send(HiresBulkStatus, { actor: owner.actor, hireIds: ids, status: 'active' })))
        .code,
    ).toBe('VALIDATION_FAILED');

    const deleted = await h.client.send(HiresBulkDelete, { actor: owner.actor, hireIds: ids });
    expect(deleted).toEqual({ deletedCount: 2, message: 'Successfully deleted 2 hire(s)!' });
    expect((await h.client.send(HiresGet, { actor: other.actor, id: foreign.id })).hire.id).toBe(foreign.id);
    expect(
      (await h.client.send(HiresList, { actor: owner.actor, status: 'active,completed,collection_booked' }))
        .hires,
    ).toEqual([]);
    const events = await hireEvents(mine[0].id);
    expect(events.map((x) => x.subject)).toEqual([HireCreated.name, HireUpdated.name, HireDeleted.name]);
    // None of the ids the company's (another company's, or gone): Hire not found, nothing changes.
    for (const hireIds of [[foreign.id], [mine[1].id, randomUUID()]]) {
      expect(await errorOf(h.client.send(HiresBulkDelete, { actor: owner.actor, hireIds }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Hire not found',
      });
      expect(
        await errorOf(h.client.send(HiresBulkStatus, { actor: owner.actor, hireIds, status: 'completed' })),
      ).toMatchObject({ code: 'NOT_FOUND', message: 'Hire not found' });
    }
    expect((await h.client.send(HiresGet, { actor: other.actor, id: foreign.id })).hire.hire_status).toBe(
      'active',
    );
  });
});

describe('ending soon, overdue and the dashboard (spec §2 Dashboard, §3)', () => {
  const d = newCompany('Dashboard');
  let ids: Record<string, string>;

  beforeAll(async () => {
    const setting = await hireSetting(h, d.actor);
    const t = today();
    const make = async (overrides: Parameters<typeof createHire>[3]) =>
      (await createHire(h, d.actor, setting, overrides)).id;
    ids = {
      // Ending soon: today and 7 days from today, active or collection booked.
      endsToday: await make({ hire_start_date: addDays(t, -5), hire_end_date: t }),
      endsIn7: await make({
        hire_start_date: t,
        hire_end_date: addDays(t, 7),
        hire_status: 'collection_booked',
      }),
      endsIn8: await make({ hire_start_date: t, hire_end_date: addDays(t, 8) }),
      completedSoon: await make({
        hire_start_date: t,
        hire_end_date: addDays(t, 2),
        hire_status: 'completed',
      }),
      // Overdue: a day hire at £10 with £5 delivery, 10 days ago to 3 days ago; to date 11 days:
      // 110 + 5 = 115 net, total 138.00.
      overdueDay: await make({
        price: 10,
        pricing_term: 'day',
        delivery_charge: 5,
        hire_start_date: addDays(t, -10),
        hire_end_date: addDays(t, -3),
        hire_status: 'completed',
      }),
      // A week hire at £70, 9 days ago to yesterday; to date 10 days = 2 weeks begun: 140 net, total 168.00.
      overdueWeek: await make({
        price: 70,
        pricing_term: 'week',
        hire_start_date: addDays(t, -9),
        hire_end_date: addDays(t, -1),
        hire_status: 'collection_booked',
      }),
      // Fixed £300 plus £50 operator, ended 20 days ago: the price stays, 350 net, total 420.00.
      overdueFixed: await make({
        price: 300,
        pricing_term: 'fixed',
        operator_cost: 50,
        hire_start_date: addDays(t, -30),
        hire_end_date: addDays(t, -20),
      }),
    };
    // The completed day hire is not overdue; make it active through an edit (counted as a reactivation).
    await h.client.send(HiresUpdate, {
      ...hire(d.actor, setting, {
        price: 10,
        pricing_term: 'day',
        delivery_charge: 5,
        hire_start_date: addDays(t, -10),
        hire_end_date: addDays(t, -3),
        hire_status: 'active',
      }),
      id: ids.overdueDay,
    });
    await createSite(h, d.actor, { name: 'Closed Site', status: 'completed' });
  });

  it('lists hires ending in the next 7 days that are active or collection booked, soonest first', async () => {
    const { endingSoon } = await h.client.send(HiresEndingSoon, { actor: d.actor });
    expect(endingSoon.map((x) => x.id)).toEqual([ids.endsToday, ids.endsIn7]);
    expect(endingSoon[0]).toEqual({
      id: ids.endsToday,
      equipment_name: expect.any(String),
      equipment_image_url: '/files/equipment/breaker-card.jpg',
      site_name: 'Leeds Depot',
      supplier_name: expect.any(String),
      hire_end_date: today(),
    });
  });

  it('lists overdue hires with days overdue and cost to date, VAT included', async () => {
    const { overdue, total } = await h.client.send(HiresOverdue, { actor: d.actor });
    expect(total).toBe(3);
    expect(overdue.map((x) => [x.id, x.days_overdue, x.cost_to_date, x.target_return_date])).toEqual([
      [ids.overdueFixed, 20, 420, addDays(today(), -20)],
      [ids.overdueDay, 3, 138, addDays(today(), -3)],
      [ids.overdueWeek, 1, 168, addDays(today(), -1)],
    ]);
    expect(overdue[0]).toMatchObject({ site_name: 'Leeds Depot' });
  });

  it('answers the four dashboard figures', async () => {
    const { hires } = await h.client.send(HiresList, {
      actor: d.actor,
      status: 'active,completed,collection_booked',
    });
    const spending = hires.reduce((sum, x) => sum + Math.round(x.total_cost * 100), 0) / 100;
    const { stats } = await h.client.send(HiresCustomerStats, { actor: d.actor });
    expect(stats).toEqual({
      totalHires: 7,
      activeHires: 4,
      // The hire setting's Leeds Depot is active; Closed Site is completed.
      totalSites: 1,
      totalSpending: spending,
    });
    const other = newCompany('Empty');
    expect((await h.client.send(HiresCustomerStats, { actor: other.actor })).stats).toEqual({
      totalHires: 0,
      activeHires: 0,
      totalSites: 0,
      totalSpending: 0,
    });
  });
});
