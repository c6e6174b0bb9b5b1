import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  CatalogueEquipmentGet,
  CatalogueSupplierGet,
  EquipmentUpdated,
  HIRES_MESSAGES,
  HiresCreate,
  HiresUpdate,
} from '@planted/contracts';
import { equipment, hireRows, suppliers } from '../src/db/schema';
import {
  catalogueItem,
  catalogueSupplier,
  createHire,
  createSite,
  errorOf,
  hire,
  newCompany,
  startHires,
  waitForRow,
  type HiresHarness,
} from './support/hires-harness';

let h: HiresHarness;

beforeAll(async () => {
  h = await startHires();
});

afterAll(async () => {
  await h?.close();
});

const rowOf = async (table: typeof equipment | typeof suppliers, id: string) =>
  (await h.app.database.withSystem((tx) => tx.select().from(table).where(eq(table.id, id))))[0];

describe('a hire naming equipment or a supplier whose catalogue event has not arrived', () => {
  it('asks the catalogue as the user, fills the read models, and creates the hire', async () => {
    const c = newCompany('Early');
    // The catalogue has them; hires' consumer has had no event about either.
    const item = h.catalogue.addEquipment({ name: 'Dumper 3t early' });
    const supplier = h.catalogue.addSupplier({ name: 'Early Plant Ltd' });
    const site = await createSite(h, c.actor);
    const asked = h.catalogue.requests.length;

    const created = await createHire(h, c.actor, { item, supplier, site });

    expect(created).toMatchObject({
      equipment_name: 'Dumper 3t early',
      equipment_category: item.category,
      equipment_image_url: item.image_card_url,
      supplier_name: 'Early Plant Ltd',
    });
    const requests = h.catalogue.requests.slice(asked);
    expect(requests.map((r) => [r.subject, r.id]).sort()).toEqual(
      [
        [CatalogueEquipmentGet.name, item.id],
        [CatalogueSupplierGet.name, supplier.id],
      ].sort(),
    );
    // As the user: the payload names them and their session token went along.
    for (const r of requests) {
      expect(r.actor).toMatchObject({ userId: c.actor.userId, customerId: c.actor.customerId });
      expect(r.token).toEqual(expect.any(String));
    }
    expect(await rowOf(equipment, item.id)).toMatchObject({ name: 'Dumper 3t early', deletedAt: null });
    expect(await rowOf(suppliers, supplier.id)).toMatchObject({ name: 'Early Plant Ltd' });

    // The next hire finds them in the read models: the catalogue is not asked again.
    const again = h.catalogue.requests.length;
    await createHire(h, c.actor, { item, supplier, site });
    expect(h.catalogue.requests.length).toBe(again);
  });

  it("gives way to the catalogue's event when it arrives", async () => {
    const c = newCompany('Later');
    const item = h.catalogue.addEquipment({ name: 'Old name' });
    const supplier = await catalogueSupplier(h);
    const site = await createSite(h, c.actor);
    await createHire(h, c.actor, { item, supplier, site });
    await h.publish(EquipmentUpdated, { equipment: { ...item, name: 'Renamed in the catalogue' } });
    await waitForRow(h, equipment, item.id, (row) => row.name === 'Renamed in the catalogue');
  });

  it('answers 404 only when the catalogue itself does not know it, and creates nothing', async () => {
    const c = newCompany('Unknown');
    const item = await catalogueItem(h);
    const supplier = await catalogueSupplier(h);
    const site = await createSite(h, c.actor);
    const unknownItem = { id: randomUUID() };
    const unknownSupplier = { id: randomUUID() };

    expect(
      await errorOf(h.client.send(HiresCreate, hire(c.actor, { item: unknownItem, supplier, site }))),
    ).toEqual({ code: 'NOT_FOUND', message: HIRES_MESSAGES.EQUIPMENT_NOT_FOUND });
    expect(
      await errorOf(h.client.send(HiresCreate, hire(c.actor, { item, supplier: unknownSupplier, site }))),
    ).toEqual({ code: 'NOT_FOUND', message: HIRES_MESSAGES.SUPPLIER_NOT_FOUND });
    // Both unknown: the equipment's refusal, as the form's fields are checked in order.
    expect(
      await errorOf(
        h.client.send(HiresCreate, hire(c.actor, { item: unknownItem, supplier: unknownSupplier, site })),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: HIRES_MESSAGES.EQUIPMENT_NOT_FOUND });
    expect(
      h.catalogue.requests.filter((r) => r.id === unknownItem.id && r.subject === CatalogueEquipmentGet.name),
    ).not.toHaveLength(0);
    expect(await rowOf(equipment, unknownItem.id)).toBeUndefined();
    const mine = await h.app.database.withSystem((tx) =>
      tx.select().from(hireRows).where(eq(hireRows.customerId, c.actor.customerId)),
    );
    expect(mine).toHaveLength(0);
  });

  it('does the same for an edit that switches to equipment the read models have not heard of', async () => {
    const c = newCompany('Switch');
    const setting = {
      item: await catalogueItem(h),
      supplier: await catalogueSupplier(h),
      site: await createSite(h, c.actor),
    };
    const created = await createHire(h, c.actor, setting);
    const newer = h.catalogue.addEquipment({ name: 'Telehandler early' });
    const edited = await h.client.send(HiresUpdate, {
      ...hire(c.actor, { ...setting, item: newer }),
      id: created.id,
    });
    expect(edited.hire.equipment_name).toBe('Telehandler early');
  });
});
