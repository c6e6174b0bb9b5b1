import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ACCOUNTING_MESSAGES as M,
  AccountingSettingsPut,
  AccountingSupplierExport,
  AccountingSupplierMatchCreate,
  AccountingSupplierMatchDelete,
  AccountingSupplierMatchesList,
  AccountingZaharaSuppliersList,
  SupplierDeleted,
} from '@planted/contracts';
import { VALIDATION_MESSAGES } from '@planted/domain';
import { waitFor } from '@planted/testing';
import { outbox } from '../src/db/schema';
import {
  catalogueSupplier,
  errorOf,
  newCompany,
  seedOf,
  settingsFor,
  startAccounting,
  userOf,
  type AccountingHarness,
} from './support/accounting-harness';

let t: AccountingHarness;

beforeAll(async () => {
  t = await startAccounting();
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  t.zahara.fail.clear();
});

async function configured(name: string) {
  const company = newCompany(name);
  await t.client.send(AccountingSettingsPut, settingsFor(t, company));
  return company;
}

const eventsOf = (customerId: string, subject: string, count: number) =>
  waitFor(async () => {
    const rows = await t.h.app.database.withSystem((tx) =>
      tx.select().from(outbox).where(eq(outbox.customerId, customerId)).orderBy(outbox.seq),
    );
    const mine = rows.filter((r) => r.subject === subject);
    return mine.length >= count ? mine.map((r) => r.payload) : undefined;
  });

describe('Zahara suppliers (spec §7 GET /zahara/suppliers?type=Hire)', () => {
  it("lists the business unit's active suppliers by name, in the spec's fields", async () => {
    const a = await configured('Lists');
    const { data } = await t.client.send(AccountingZaharaSuppliersList, { actor: a.actor, type: 'Hire' });
    const unit = t.zahara.tenant(a.key)!;
    expect(data.map((s) => s.supplierName)).toEqual(
      unit.suppliers
        .filter((s) => s.IsActive && !s.Void)
        .map((s) => s.SupplierName)
        .sort((x, y) => x.localeCompare(y, 'en-GB')),
    );
    const northern = unit.suppliers.find((s) => s.ReferenceNumber === 'NOR001')!;
    expect(data.find((s) => s.referenceNumber === 'NOR001')).toEqual({
      supplierId: northern.SupplierId,
      supplierName: 'Northern Plant Hire Ltd',
      referenceNumber: 'NOR001',
      defaultNominalCode: northern.DefaultNominalCode,
      defaultTaxCode: northern.DefaultTaxCode,
      defaultNominalCodeId: northern.DefaultNominalCodeId,
      defaultTaxCodeId: northern.DefaultTaxCodeId,
      defaultCostCodeId: northern.DefaultCostCodeId,
      defaultDivisionId: northern.DefaultDivisionId,
    });
  });

  it('needs a saved key', async () => {
    const b = newCompany('Unset');
    expect(await errorOf(t.client.send(AccountingZaharaSuppliersList, { actor: b.actor }))).toEqual({
      code: 'ACCOUNTING_NOT_CONFIGURED',
      message: M.NOT_CONFIGURED,
    });
  });
});

describe('supplier matching (spec §5 Matching, §7 /zahara/supplier-matches)', () => {
  it("matches with the Zahara supplier's default codes when none are sent, and lists the match", async () => {
    const a = await configured('Matches');
    const ours = await catalogueSupplier(t);
    const theirs = t.zahara.tenant(a.key)!.suppliers.find((s) => s.ReferenceNumber === 'MID001')!;
    const created = await t.client.send(AccountingSupplierMatchCreate, {
      actor: a.actor,
      supplier_id: ours.id,
      zahara_supplier_id: String(theirs.SupplierId),
    });
    expect(created.message).toBe(M.SUPPLIER_MATCHED);
    expect(created.data).toMatchObject({
      supplier_id: ours.id,
      supplier_name: ours.name,
      zahara_supplier_id: theirs.SupplierId,
      zahara_nominal_id: theirs.DefaultNominalCodeId,
      zahara_default_tax_code_id: theirs.DefaultTaxCodeId,
      zahara_cost_code_id: theirs.DefaultCostCodeId,
      zahara_division_id: theirs.DefaultDivisionId,
    });
    // Matching again replaces the match (one per supplier), with the codes sent.
    const seed = seedOf(t, a.key);
    await t.client.send(AccountingSupplierMatchCreate, {
      actor: a.actor,
      supplier_id: ours.id,
      zahara_supplier_id: theirs.SupplierId,
      zahara_nominal_id: seed.nominal.id,
    });
    const { data } = await t.client.send(AccountingSupplierMatchesList, { actor: userOf(a) });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ supplier_id: ours.id, zahara_nominal_id: seed.nominal.id });
    expect(await eventsOf(a.actor.customerId, 'accounting.supplier.matched.v1', 2)).toContainEqual({
      customer_id: a.actor.customerId,
      supplier_id: ours.id,
      zahara_supplier_id: theirs.SupplierId,
    });
  });

  it('removes a match (an administrator), tells the catalogue, and says when there is none', async () => {
    const a = await configured('Unmatches');
    const b = await configured('Unmatches other');
    const ours = await catalogueSupplier(t);
    const theirs = t.zahara.tenant(a.key)!.suppliers.find((s) => s.ReferenceNumber === 'MID001')!;
    await t.client.send(AccountingSupplierMatchCreate, {
      actor: a.actor,
      supplier_id: ours.id,
      zahara_supplier_id: theirs.SupplierId,
    });
    // Not an administrator's, nor another company's to remove.
    expect(
      await errorOf(t.client.send(AccountingSupplierMatchDelete, { actor: userOf(a), supplier_id: ours.id })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await errorOf(t.client.send(AccountingSupplierMatchDelete, { actor: b.actor, supplier_id: ours.id })),
    ).toEqual({ code: 'NOT_FOUND', message: M.SUPPLIER_MATCH_NOT_FOUND });

    expect(
      await t.client.send(AccountingSupplierMatchDelete, { actor: a.actor, supplier_id: ours.id }),
    ).toEqual({
      success: true,
      message: M.SUPPLIER_UNMATCHED,
    });
    expect((await t.client.send(AccountingSupplierMatchesList, { actor: userOf(a) })).data).toEqual([]);
    expect(await eventsOf(a.actor.customerId, 'accounting.supplier.unmatched.v1', 1)).toEqual([
      { customer_id: a.actor.customerId, supplier_id: ours.id },
    ]);
    expect(
      await errorOf(t.client.send(AccountingSupplierMatchDelete, { actor: a.actor, supplier_id: ours.id })),
    ).toEqual({ code: 'NOT_FOUND', message: M.SUPPLIER_MATCH_NOT_FOUND });
  });

  it('refuses a code id this business unit does not have, naming which, and keeps the match as it was', async () => {
    const a = await configured('Unknown codes');
    const ours = await catalogueSupplier(t);
    const theirs = t.zahara.tenant(a.key)!.suppliers.find((s) => s.ReferenceNumber === 'MID001')!;
    const seed = seedOf(t, a.key);
    const send = (codes: Record<string, number>) =>
      t.client.send(AccountingSupplierMatchCreate, {
        actor: a.actor,
        supplier_id: ours.id,
        zahara_supplier_id: theirs.SupplierId,
        ...codes,
      });
    for (const [field, message] of [
      ['zahara_nominal_id', M.NOMINAL_CODE_NOT_FOUND],
      ['zahara_default_tax_code_id', M.TAX_CODE_NOT_FOUND],
      ['zahara_cost_code_id', M.COST_CODE_NOT_FOUND],
      ['zahara_division_id', M.DIVISION_NOT_FOUND],
    ] as const)
      expect(await errorOf(send({ [field]: 987_654 }))).toEqual({ code: 'NOT_FOUND', message });
    const { data } = await t.client.send(AccountingSupplierMatchesList, { actor: userOf(a) });
    expect(data).toEqual([]);
    // This unit's own codes are taken.
    await expect(send({ zahara_nominal_id: seed.nominal.id })).resolves.toMatchObject({
      data: { zahara_nominal_id: seed.nominal.id },
    });
  });

  it("needs both suppliers ('Please select both suppliers to match')", async () => {
    const a = await configured('Both');
    const ours = await catalogueSupplier(t);
    expect(
      await errorOf(
        t.client.send(AccountingSupplierMatchCreate, { actor: a.actor, supplier_id: ours.id } as never),
      ),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: M.SELECT_BOTH_SUPPLIERS,
    });
    expect(
      await errorOf(
        t.client.send(AccountingSupplierMatchCreate, {
          actor: a.actor,
          supplier_id: '',
          zahara_supplier_id: 5,
        }),
      ),
    ).toMatchObject({
      message: M.SELECT_BOTH_SUPPLIERS,
    });
  });

  it('asks for the supplier to export when none is sent; a malformed one is not found, as an unknown one (audit AC-4, AX-3)', async () => {
    const a = await configured('Export none');
    expect(await errorOf(t.client.send(AccountingSupplierExport, { actor: a.actor } as never))).toMatchObject(
      {
        code: 'VALIDATION_FAILED',
        message: VALIDATION_MESSAGES.SUPPLIER_REQUIRED,
      },
    );
    expect(
      await errorOf(t.client.send(AccountingSupplierExport, { actor: a.actor, supplier_id: 'nope' })),
    ).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Supplier not found' });
  });

  it("answers 'Selected suppliers not found' for an unknown supplier on either side, or another unit's", async () => {
    const a = await configured('Unknown');
    const b = await configured('Other unit');
    const ours = await catalogueSupplier(t);
    const theirsOfB = t.zahara.tenant(b.key)!.suppliers[0];
    for (const input of [
      {
        supplier_id: '00000000-0000-4000-8000-000000000099',
        zahara_supplier_id: t.zahara.tenant(a.key)!.suppliers[0].SupplierId,
      },
      { supplier_id: ours.id, zahara_supplier_id: 999_999_999 },
      { supplier_id: ours.id, zahara_supplier_id: theirsOfB.SupplierId },
    ]) {
      expect(
        await errorOf(t.client.send(AccountingSupplierMatchCreate, { actor: a.actor, ...input })),
      ).toEqual({
        code: 'NOT_FOUND',
        message: M.SELECTED_SUPPLIERS_NOT_FOUND,
      });
    }
  });

  it("finds another company's inactive supplier for nobody else: neither a match nor an export (spec §2 Suppliers)", async () => {
    const a = await configured('Owns inactive');
    const b = await configured('Probes inactive');
    const hidden = await catalogueSupplier(t, {
      name: `Private Plant ${a.actor.customerId}`,
      contact_email: 'private@owner.example',
      is_active: false,
      created_by: a.actor.customerId,
    });
    const zaharaOfB = t.zahara.tenant(b.key)!;
    const before = zaharaOfB.suppliers.length;
    expect(
      await errorOf(
        t.client.send(AccountingSupplierMatchCreate, {
          actor: b.actor,
          supplier_id: hidden.id,
          zahara_supplier_id: zaharaOfB.suppliers[0].SupplierId,
        }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: M.SELECTED_SUPPLIERS_NOT_FOUND });
    expect(
      await errorOf(t.client.send(AccountingSupplierExport, { actor: b.actor, supplier_id: hidden.id })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(zaharaOfB.suppliers).toHaveLength(before);
    expect(zaharaOfB.suppliers.some((s) => s.Email === 'private@owner.example')).toBe(false);
    expect((await t.client.send(AccountingSupplierMatchesList, { actor: b.actor })).data).toEqual([]);

    // Its own company still matches and exports it.
    const matched = await t.client.send(AccountingSupplierMatchCreate, {
      actor: a.actor,
      supplier_id: hidden.id,
      zahara_supplier_id: t.zahara.tenant(a.key)!.suppliers[0].SupplierId,
    });
    expect(matched.data).toMatchObject({ supplier_id: hidden.id, supplier_name: hidden.name });
    const exported = await t.client.send(AccountingSupplierExport, {
      actor: a.actor,
      supplier_id: hidden.id,
    });
    expect(exported).toMatchObject({ success: true, supplier_name: hidden.name });
  });

  it("keeps each company's matches to itself", async () => {
    const a = await configured('Keeps');
    const b = await configured('Probes');
    const ours = await catalogueSupplier(t);
    await t.client.send(AccountingSupplierMatchCreate, {
      actor: a.actor,
      supplier_id: ours.id,
      zahara_supplier_id: t.zahara.tenant(a.key)!.suppliers[0].SupplierId,
    });
    expect((await t.client.send(AccountingSupplierMatchesList, { actor: b.actor })).data).toEqual([]);
    expect((await t.client.send(AccountingSupplierMatchesList, { actor: a.actor })).data).toHaveLength(1);
  });

  it('is for administrators only', async () => {
    const a = await configured('Admin matches');
    const ours = await catalogueSupplier(t);
    expect(
      await errorOf(
        t.client.send(AccountingSupplierMatchCreate, {
          actor: userOf(a),
          supplier_id: ours.id,
          zahara_supplier_id: 1,
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('export of a supplier (spec §2 Suppliers Export, §8 Supplier export)', () => {
  it('creates it in Zahara with the default codes, records the match and tells the catalogue', async () => {
    const a = await configured('Exports');
    const ours = await catalogueSupplier(t, { name: 'Wharfedale Plant Ltd' });
    const answer = await t.client.send(AccountingSupplierExport, { actor: a.actor, supplier_id: ours.id });
    expect(answer).toMatchObject({
      success: true,
      supplier_name: 'Wharfedale Plant Ltd',
      message: 'Wharfedale Plant Ltd exported to Zahara successfully!',
    });
    const seed = seedOf(t, a.key);
    const made = t.zahara.tenant(a.key)!.suppliers.filter((s) => s.SupplierName === 'Wharfedale Plant Ltd');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      SupplierId: answer.zahara_supplier_id,
      Email: ours.contact_email,
      DefaultNominalCodeId: seed.nominal.id,
      DefaultTaxCodeId: seed.tax.id,
      DefaultCostCodeId: seed.cost.id,
      DefaultDivisionId: seed.division.id,
    });
    const { data } = await t.client.send(AccountingSupplierMatchesList, { actor: a.actor });
    expect(data).toContainEqual(
      expect.objectContaining({ supplier_id: ours.id, zahara_supplier_id: answer.zahara_supplier_id }),
    );
    expect(await eventsOf(a.actor.customerId, 'accounting.supplier.exported.v1', 1)).toEqual([
      {
        customer_id: a.actor.customerId,
        supplier_id: ours.id,
        supplier_name: 'Wharfedale Plant Ltd',
        zahara_supplier_id: answer.zahara_supplier_id,
        user_id: a.actor.userId,
        user_name: a.actor.name,
      },
    ]);
    // Exporting again finds the match: no second supplier in Zahara.
    const again = await t.client.send(AccountingSupplierExport, { actor: a.actor, supplier_id: ours.id });
    expect(again.zahara_supplier_id).toBe(answer.zahara_supplier_id);
    expect(
      t.zahara.tenant(a.key)!.suppliers.filter((s) => s.SupplierName === 'Wharfedale Plant Ltd'),
    ).toHaveLength(1);
  });

  it('exports again under a key of another business unit: the old match names a supplier it does not have', async () => {
    const a = await configured('Moved unit');
    const ours = await catalogueSupplier(t, { name: 'Nidd Valley Hire' });
    const first = await t.client.send(AccountingSupplierExport, { actor: a.actor, supplier_id: ours.id });
    const otherKey = `bu-key-${randomUUID()}`;
    await t.client.send(AccountingSettingsPut, settingsFor(t, { ...a, key: otherKey }));
    const again = await t.client.send(AccountingSupplierExport, { actor: a.actor, supplier_id: ours.id });
    const made = t.zahara.tenant(otherKey)!.suppliers.filter((s) => s.SupplierName === 'Nidd Valley Hire');
    expect(made.map((s) => s.SupplierId)).toEqual([again.zahara_supplier_id]);
    expect(again.zahara_supplier_id).not.toBe(first.zahara_supplier_id);
    const { data } = await t.client.send(AccountingSupplierMatchesList, { actor: a.actor });
    expect(data.filter((m) => m.supplier_id === ours.id).map((m) => m.zahara_supplier_id)).toEqual([
      again.zahara_supplier_id,
    ]);
  });

  it('makes no second supplier when the connection drops after Zahara created it', async () => {
    const a = await configured('Dropped export');
    const ours = await catalogueSupplier(t, { name: 'Calder Access Ltd' });
    t.zahara.fail.dropAfterCreate({ resource: 'Supplier', key: a.key });
    const answer = await t.client.send(AccountingSupplierExport, { actor: a.actor, supplier_id: ours.id });
    const made = t.zahara.tenant(a.key)!.suppliers.filter((s) => s.SupplierName === 'Calder Access Ltd');
    expect(made.map((s) => s.SupplierId)).toEqual([answer.zahara_supplier_id]);
    expect(t.zahara.calls({ key: a.key, path: 'Supplier/Add' }).map((c) => c.outcome)).toEqual(['dropped']);
  });

  it("fails with Zahara's refusal, and records nothing", async () => {
    const a = await configured('Refused export');
    const ours = await catalogueSupplier(t, { name: 'R'.repeat(10), contact_email: 'not-an-email' });
    const failure = await errorOf(
      t.client.send(AccountingSupplierExport, { actor: a.actor, supplier_id: ours.id }),
    );
    expect(failure.code).toBe('ZAHARA_REJECTED');
    expect((await t.client.send(AccountingSupplierMatchesList, { actor: a.actor })).data).toEqual([]);
  });

  it('refuses a supplier the catalogue deleted, and another role than admin', async () => {
    const a = await configured('Deleted export');
    const ours = await catalogueSupplier(t);
    expect(
      await errorOf(t.client.send(AccountingSupplierExport, { actor: userOf(a), supplier_id: ours.id })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    await t.publish(SupplierDeleted, { supplier_id: ours.id });
    await waitFor(async () => {
      const e = await errorOf(
        t.client.send(AccountingSupplierExport, { actor: a.actor, supplier_id: ours.id }),
      ).catch(() => undefined);
      return e?.code === 'NOT_FOUND' ? e : undefined;
    });
  });
});
