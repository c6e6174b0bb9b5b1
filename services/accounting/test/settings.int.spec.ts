import { eq } from 'drizzle-orm';
import {
  ACCOUNTING_MESSAGES as M,
  AccountingLookupCostCode,
  AccountingLookupDivision,
  AccountingLookupNominalCode,
  AccountingLookupTaxCode,
  AccountingSettingsGet,
  AccountingSettingsPut,
  AccountingSupplierMatchCreate,
  AccountingSupplierMatchesList,
  AccountingTestConnection,
} from '@planted/contracts';
import { waitFor } from '@planted/testing';
import { outbox, settings } from '../src/db/schema';
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

describe('integration settings (spec §3, §7 GET/PUT /zahara/settings)', () => {
  it('answers empty settings before any were saved, inactive', async () => {
    const a = newCompany('Empty');
    const { data } = await t.client.send(AccountingSettingsGet, { actor: a.actor });
    expect(data).toMatchObject({ api_key: null, has_api_key: false, is_active: false, nominal_code: null });
  });

  it('saves every field, keeps the key encrypted at rest and answers it only masked', async () => {
    const a = newCompany('Saves');
    const saved = await t.client.send(AccountingSettingsPut, settingsFor(t, a));
    expect(saved.message).toBe(M.SETTINGS_SAVED);
    expect(saved.data).toMatchObject({
      api_key: `••••••••${a.key.slice(-4)}`,
      has_api_key: true,
      is_active: true,
      nominal_code: '7100',
      nominal_code_id: seedOf(t, a.key).nominal.id,
      tax_percentage: 20,
      division_code_id: seedOf(t, a.key).division.id,
      auto_create_purchase_orders: false,
    });
    const { data } = await t.client.send(AccountingSettingsGet, { actor: a.actor });
    expect(JSON.stringify(data)).not.toContain(a.key);
    const [row] = await t.h.app.database.withSystem((tx) =>
      tx.select().from(settings).where(eq(settings.customerId, a.actor.customerId)),
    );
    expect(row.apiKeyEncrypted).toMatch(/^v1\./);
    expect(row.apiKeyEncrypted).not.toContain(a.key);
  });

  it('keeps the saved key when the masked value comes back, removes it on an empty one (and goes inactive)', async () => {
    const a = newCompany('Masked');
    const first = await t.client.send(AccountingSettingsPut, settingsFor(t, a));
    const again = await t.client.send(
      AccountingSettingsPut,
      settingsFor(t, a, { api_key: first.data.api_key!, nominal_code: '7105' }),
    );
    expect(again.data).toMatchObject({ has_api_key: true, is_active: true, nominal_code: '7105' });
    // The key still works: it was kept, not replaced by the mask.
    await expect(t.client.send(AccountingTestConnection, { actor: a.actor })).resolves.toMatchObject({
      success: true,
    });
    const removed = await t.client.send(AccountingSettingsPut, settingsFor(t, a, { api_key: '' }));
    expect(removed.data).toMatchObject({ api_key: null, has_api_key: false, is_active: false });
  });

  it('refuses a new key Zahara does not know, on the field, and saves nothing', async () => {
    const a = newCompany('Unknown key');
    t.zahara.fail.unauthorized({ key: a.key });
    expect(await errorOf(t.client.send(AccountingSettingsPut, settingsFor(t, a)))).toEqual({
      code: 'VALIDATION_FAILED',
      message: M.API_KEY_REFUSED,
      details: [{ param: 'api_key', msg: M.API_KEY_REFUSED }],
    });
    const { data } = await t.client.send(AccountingSettingsGet, { actor: a.actor });
    expect(data).toMatchObject({ has_api_key: false, is_active: false });
    // Zahara out of reach decides nothing: the key is saved.
    t.zahara.fail.clear();
    t.zahara.fail.serverErrors({ key: a.key, times: 20, status: 503 });
    const saved = await t.client.send(AccountingSettingsPut, settingsFor(t, a));
    expect(saved.data).toMatchObject({ has_api_key: true, is_active: true });
    // A saved key given back masked is not asked again, whatever Zahara says of it now.
    t.zahara.fail.clear();
    t.zahara.fail.unauthorized({ key: a.key });
    const kept = await t.client.send(
      AccountingSettingsPut,
      settingsFor(t, a, { api_key: saved.data.api_key!, nominal_code: '7105' }),
    );
    expect(kept.data).toMatchObject({ has_api_key: true, nominal_code: '7105' });
  });

  it('looks up a code typed but not looked up: saved with its id when found, refused on its field when not', async () => {
    const a = newCompany('Unchecked codes');
    const seed = seedOf(t, a.key);
    const unchecked = {
      nominal_code_id: null,
      nominal_description: null,
      tax_code_id: null,
      tax_description: null,
      tax_percentage: null,
    };
    const saved = await t.client.send(AccountingSettingsPut, settingsFor(t, a, unchecked));
    expect(saved.data).toMatchObject({
      nominal_code: seed.nominal.code,
      nominal_code_id: seed.nominal.id,
      nominal_description: expect.any(String),
      tax_code: seed.tax.code,
      tax_code_id: seed.tax.id,
      tax_percentage: 20,
    });
    expect(
      await errorOf(
        t.client.send(
          AccountingSettingsPut,
          settingsFor(t, a, { ...unchecked, nominal_code: '9999', tax_code: 'NOPE' }),
        ),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: M.NOMINAL_CODE_NOT_FOUND,
      details: [
        { param: 'nominal_code', msg: M.NOMINAL_CODE_NOT_FOUND },
        { param: 'tax_code', msg: M.TAX_CODE_NOT_FOUND },
      ],
    });
    const { data } = await t.client.send(AccountingSettingsGet, { actor: a.actor });
    expect(data.nominal_code).toBe(seed.nominal.code);

    // The usual save keeps the key, sending back the masked value GET answered: codes typed
    // then are looked up all the same.
    const masked = { ...unchecked, api_key: data.api_key! };
    expect(
      await errorOf(
        t.client.send(AccountingSettingsPut, settingsFor(t, a, { ...masked, nominal_code: '9998' })),
      ),
    ).toMatchObject({ code: 'VALIDATION_FAILED', message: M.NOMINAL_CODE_NOT_FOUND });
    const kept = await t.client.send(AccountingSettingsPut, settingsFor(t, a, masked));
    expect(kept.data).toMatchObject({
      has_api_key: true,
      nominal_code_id: seed.nominal.id,
      tax_code_id: seed.tax.id,
    });
    // ISO 8601, as every other timestamp the API answers.
    expect(kept.data.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('saves the id Zahara has for a code, not another one sent with it (an API client’s mistake)', async () => {
    const a = newCompany('Wrong ids');
    const seed = seedOf(t, a.key);
    const saved = await t.client.send(
      AccountingSettingsPut,
      settingsFor(t, a, {
        nominal_code_id: 99_999_999,
        nominal_description: 'Not this code’s',
        tax_code_id: seed.tax.id + 1000,
        tax_percentage: 99,
        // A division saved by its code ('NW', as the lookup answers it), not its name.
        division_code_id: seed.division.id + 1000,
      }),
    );
    expect(saved.data).toMatchObject({
      nominal_code: seed.nominal.code,
      nominal_code_id: seed.nominal.id,
      tax_code_id: seed.tax.id,
      tax_percentage: 20,
      division_code: 'NW',
      division_code_id: seed.division.id,
    });
    expect(saved.data.nominal_description).not.toBe('Not this code’s');
    const { data } = await t.client.send(AccountingSettingsGet, { actor: a.actor });
    expect(data.nominal_code_id).toBe(seed.nominal.id);
  });

  it('keeps Zahara’s description and rate of a code, not the ones sent with its right id (audit AC-2)', async () => {
    const a = newCompany('Own words');
    const seed = seedOf(t, a.key);
    const first = await t.client.send(
      AccountingSettingsPut,
      settingsFor(t, a, {
        nominal_code_id: seed.nominal.id,
        nominal_description: 'A description of my own',
        tax_code_id: seed.tax.id,
        tax_description: 'Zero rated 0%',
        tax_percentage: 0,
      }),
    );
    const zaharas = { nominal_description: first.data.nominal_description, tax_percentage: 20 };
    expect(first.data).toMatchObject({
      nominal_code_id: seed.nominal.id,
      tax_code_id: seed.tax.id,
      tax_percentage: 20,
    });
    expect(first.data.nominal_description).not.toBe('A description of my own');
    expect(first.data.tax_description).not.toBe('Zero rated 0%');
    // Saved again with the same codes and ids: the saved words and rate stay, whatever is sent.
    const again = await t.client.send(
      AccountingSettingsPut,
      settingsFor(t, a, {
        nominal_code_id: seed.nominal.id,
        nominal_description: 'Another of my own',
        tax_code_id: seed.tax.id,
        tax_description: first.data.tax_description,
        tax_percentage: 7,
      }),
    );
    expect(again.data).toMatchObject({ ...zaharas, tax_description: first.data.tax_description });
    const { data } = await t.client.send(AccountingSettingsGet, { actor: a.actor });
    expect(data).toMatchObject({ ...zaharas, tax_description: first.data.tax_description });
  });

  it('puts right at the next save the words saved while Zahara was out of reach, and keeps them meanwhile (audit AF-1)', async () => {
    const a = newCompany('Out of reach');
    const seed = seedOf(t, a.key);
    t.zahara.fail.serverErrors({ key: a.key, times: 1000, status: 503 });
    const own = {
      tax_code_id: seed.tax.id,
      tax_description: 'MY OWN WORDS',
      tax_percentage: 17.5,
    };
    const first = await t.client.send(AccountingSettingsPut, settingsFor(t, a, own));
    expect(first.data).toMatchObject(own);
    // Still out of reach: what was saved stays, not what is sent now.
    const again = await t.client.send(
      AccountingSettingsPut,
      settingsFor(t, a, {
        ...own,
        api_key: first.data.api_key!,
        tax_description: 'Other words',
        tax_percentage: 3,
      }),
    );
    expect(again.data).toMatchObject(own);
    // Zahara answers again: the next save takes its words and rate.
    t.zahara.fail.clear();
    const fixed = await t.client.send(
      AccountingSettingsPut,
      settingsFor(t, a, { ...own, api_key: first.data.api_key! }),
    );
    expect(fixed.data).toMatchObject({ tax_code_id: seed.tax.id, tax_percentage: 20 });
    expect(fixed.data.tax_description).not.toBe('MY OWN WORDS');
  });

  it('a key of another business unit: the codes are looked up there again, and matches it lacks go; the same key changes nothing', async () => {
    const a = newCompany('Moves unit');
    await t.client.send(AccountingSettingsPut, settingsFor(t, a));
    const ours = await catalogueSupplier(t);
    const theirs = t.zahara.tenant(a.key)!.suppliers.find((s) => s.ReferenceNumber === 'MID001')!;
    await t.client.send(AccountingSupplierMatchCreate, {
      actor: a.actor,
      supplier_id: ours.id,
      zahara_supplier_id: theirs.SupplierId,
    });

    // The same key typed again (not the masked value): the same unit, nothing to do.
    const same = await t.client.send(AccountingSettingsPut, settingsFor(t, a));
    expect(same.data.tax_code_id).toBe(seedOf(t, a.key).tax.id);
    expect((await t.client.send(AccountingSupplierMatchesList, { actor: a.actor })).data).toHaveLength(1);

    // Another unit's key, the form sending back the ids the first unit gave.
    const otherKey = `${a.key}-other-unit`;
    const other = seedOf(t, otherKey);
    expect(t.zahara.tenant(otherKey)!.suppliers.some((s) => s.SupplierId === theirs.SupplierId)).toBe(false);
    const moved = await t.client.send(
      AccountingSettingsPut,
      settingsFor(t, a, { api_key: otherKey, division_code: other.division.name }),
    );
    expect(moved.data).toMatchObject({
      nominal_code: '7100',
      nominal_code_id: other.nominal.id,
      tax_code: 'T1',
      tax_code_id: other.tax.id,
      tax_percentage: other.tax.rate,
      cost_code_id: other.cost.id,
      division_code_id: other.division.id,
    });
    expect(moved.data.tax_code_id).not.toBe(seedOf(t, a.key).tax.id);
    expect((await t.client.send(AccountingSupplierMatchesList, { actor: a.actor })).data).toEqual([]);
    const unmatched = await waitFor(async () => {
      const rows = await t.h.app.database.withSystem((tx) =>
        tx.select().from(outbox).where(eq(outbox.customerId, a.actor.customerId)),
      );
      const found = rows.filter((r) => r.subject === 'accounting.supplier.unmatched.v1');
      return found.length > 0 ? found.map((r) => r.payload) : undefined;
    });
    expect(unmatched).toEqual([{ customer_id: a.actor.customerId, supplier_id: ours.id }]);
  });

  it('announces activation and the auto-create switch (accounting.settings.changed)', async () => {
    const a = newCompany('Changed');
    await t.client.send(AccountingSettingsPut, settingsFor(t, a, { auto_create_purchase_orders: true }));
    await t.client.send(AccountingSettingsPut, settingsFor(t, a, { api_key: null }));
    const events = await waitFor(async () => {
      const rows = await t.h.app.database.withSystem((tx) =>
        // In written order: an update (the relay marking rows published) may move a row.
        tx.select().from(outbox).where(eq(outbox.customerId, a.actor.customerId)).orderBy(outbox.seq),
      );
      const changes = rows.filter((r) => r.subject === 'accounting.settings.changed.v1');
      return changes.length === 2 ? changes.map((r) => r.payload) : undefined;
    });
    expect(events).toEqual([
      { customer_id: a.actor.customerId, is_active: true, auto_create_purchase_orders: true },
      { customer_id: a.actor.customerId, is_active: false, auto_create_purchase_orders: true },
    ]);
  });

  it('refuses a malformed key with a field message', async () => {
    const a = newCompany('Malformed');
    expect(
      await errorOf(t.client.send(AccountingSettingsPut, settingsFor(t, a, { api_key: 'not a key!' }))),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: M.API_KEY_INVALID,
    });
  });

  it('is for administrators only', async () => {
    const a = newCompany('Admins');
    await t.client.send(AccountingSettingsPut, settingsFor(t, a));
    for (const role of ['user', 'viewer'] as const) {
      const actor = userOf(a, role);
      expect(await errorOf(t.client.send(AccountingSettingsGet, { actor }))).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(
        await errorOf(t.client.send(AccountingSettingsPut, settingsFor(t, { ...a, actor }))),
      ).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it("never shows one company another's settings", async () => {
    const a = newCompany('Owner');
    const b = newCompany('Prober');
    await t.client.send(AccountingSettingsPut, settingsFor(t, a));
    const { data } = await t.client.send(AccountingSettingsGet, { actor: b.actor });
    expect(data).toMatchObject({ api_key: null, has_api_key: false, nominal_code: null });
    // And b has no key to call Zahara with.
    expect(
      await errorOf(t.client.send(AccountingLookupNominalCode, { actor: b.actor, code: '7100' })),
    ).toMatchObject({
      code: 'ACCOUNTING_NOT_CONFIGURED',
    });
  });
});

describe('test connection (spec §8 Integration test)', () => {
  it('succeeds with a good key, typed or saved', async () => {
    const a = newCompany('Connects');
    expect(await t.client.send(AccountingTestConnection, { actor: a.actor, api_key: a.key })).toEqual({
      success: true,
      message: M.CONNECTION_OK,
    });
  });

  it("answers 'Connection failed, please check your settings' for a refused key, a revoked one, and Zahara down", async () => {
    const a = newCompany('Fails');
    await t.client.send(AccountingSettingsPut, settingsFor(t, a));
    // Too short to be a business unit: the simulator answers 401.
    expect(
      await errorOf(t.client.send(AccountingTestConnection, { actor: a.actor, api_key: 'bad-key-1' })),
    ).toEqual({
      code: 'ZAHARA_AUTH_FAILED',
      message: M.CONNECTION_FAILED,
    });
    t.zahara.fail.unauthorized({ key: a.key });
    expect(await errorOf(t.client.send(AccountingTestConnection, { actor: a.actor }))).toEqual({
      code: 'ZAHARA_AUTH_FAILED',
      message: M.CONNECTION_FAILED,
    });
    t.zahara.fail.clear();
    t.zahara.fail.serverErrors({ times: 50, key: a.key });
    expect(await errorOf(t.client.send(AccountingTestConnection, { actor: a.actor }))).toEqual({
      code: 'ZAHARA_UNAVAILABLE',
      message: M.CONNECTION_FAILED,
    });
  });
});

describe('code lookups (spec §5 Accounting lookups, §8 Lookups)', () => {
  const a = newCompany('Lookups');

  beforeAll(async () => {
    await t.client.send(AccountingSettingsPut, settingsFor(t, a));
  });

  it('finds each kind of code in the business unit', async () => {
    expect(await t.client.send(AccountingLookupNominalCode, { actor: a.actor, code: '7100' })).toEqual({
      success: true,
      data: { id: seedOf(t, a.key).nominal.id, code: '7100', description: 'Plant hire' },
    });
    expect((await t.client.send(AccountingLookupTaxCode, { actor: a.actor, code: 't1' })).data).toMatchObject(
      {
        id: seedOf(t, a.key).tax.id,
        code: 'T1',
        codeName: 'Standard rate',
        taxPercentage: 20,
      },
    );
    expect(
      (await t.client.send(AccountingLookupCostCode, { actor: a.actor, code: 'CC310' })).data,
    ).toMatchObject({
      id: seedOf(t, a.key).cost.id,
      code: 'CC310',
    });
    expect(
      (await t.client.send(AccountingLookupDivision, { actor: a.actor, name: 'north west' })).data,
    ).toMatchObject({
      id: seedOf(t, a.key).division.id,
      name: 'North West',
    });
  });

  it("answers the spec's 'not found' for each", async () => {
    const cases = [
      [AccountingLookupNominalCode, { code: '9999' }, M.NOMINAL_CODE_NOT_FOUND],
      [AccountingLookupTaxCode, { code: 'T7' }, M.TAX_CODE_NOT_FOUND],
      [AccountingLookupCostCode, { code: 'CC999' }, M.COST_CODE_NOT_FOUND],
      [AccountingLookupDivision, { name: 'Wales' }, M.DIVISION_NOT_FOUND],
    ] as const;
    for (const [subject, input, message] of cases) {
      expect(
        await errorOf(
          t.client.send(subject as typeof AccountingLookupNominalCode, {
            actor: a.actor,
            ...(input as { code: string }),
          }),
        ),
      ).toEqual({
        code: 'NOT_FOUND',
        message,
      });
    }
  });

  it("refuses a blank code with the spec's message before calling Zahara", async () => {
    t.zahara.clearCalls();
    expect(
      await errorOf(t.client.send(AccountingLookupNominalCode, { actor: a.actor, code: ' ' })),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: M.NOMINAL_CODE_REQUIRED,
    });
    expect(
      await errorOf(t.client.send(AccountingLookupDivision, { actor: a.actor, name: '' })),
    ).toMatchObject({
      message: M.DIVISION_NAME_REQUIRED,
    });
    expect(t.zahara.calls({ key: a.key })).toEqual([]);
  });

  it('tries a key typed on the form before it is saved', async () => {
    const fresh = newCompany('Typed');
    const found = await t.client.send(AccountingLookupNominalCode, {
      actor: fresh.actor,
      code: '7100',
      api_key: fresh.key,
    });
    expect(found.data.id).toBe(seedOf(t, fresh.key).nominal.id);
  });

  it('retries 500s with backoff and answers once Zahara recovers', async () => {
    t.zahara.fail.serverErrors({ times: 2, key: a.key });
    t.zahara.clearCalls();
    const found = await t.client.send(AccountingLookupCostCode, { actor: a.actor, code: 'CC310' });
    expect(found.data.id).toBe(seedOf(t, a.key).cost.id);
    expect(t.zahara.calls({ key: a.key }).map((c) => c.status)).toEqual([500, 500, 200]);
  });

  it('gives up on a slow Zahara after its timeout, with ZAHARA_UNAVAILABLE', async () => {
    t.zahara.fail.slow({ delayMs: 2_500, key: a.key });
    const started = Date.now();
    expect(await errorOf(t.client.send(AccountingLookupTaxCode, { actor: a.actor, code: 'T1' }))).toEqual({
      code: 'ZAHARA_UNAVAILABLE',
      message: M.ZAHARA_UNAVAILABLE,
    });
    // Four attempts of at most 1 s each (ZAHARA_TIMEOUT_MS), not four of 2.5 s.
    expect(Date.now() - started).toBeLessThan(7_000);
  });

  it('does not retry a refused key (401)', async () => {
    t.zahara.fail.unauthorized({ key: a.key });
    t.zahara.clearCalls();
    expect(
      await errorOf(t.client.send(AccountingLookupNominalCode, { actor: a.actor, code: '7100' })),
    ).toEqual({
      code: 'ZAHARA_AUTH_FAILED',
      message: M.ZAHARA_AUTH_FAILED,
    });
    expect(t.zahara.calls({ key: a.key })).toHaveLength(1);
  });

  it('words a refused key typed on the form as saving it would (not as the saved key)', async () => {
    expect(
      await errorOf(
        t.client.send(AccountingLookupNominalCode, { actor: a.actor, code: '7100', api_key: 'bad-key-1' }),
      ),
    ).toEqual({ code: 'ZAHARA_AUTH_FAILED', message: M.API_KEY_REFUSED });
  });

  it("waits out a 429's Retry-After and answers", async () => {
    const b = newCompany('Limited');
    t.zahara.setRateLimit(2, 1_500);
    try {
      const calls = [1, 2, 3].map(() =>
        t.client.send(AccountingLookupNominalCode, { actor: b.actor, code: '7100', api_key: b.key }),
      );
      const answers = await Promise.all(calls);
      expect(answers.every((r) => r.data.id === seedOf(t, b.key).nominal.id)).toBe(true);
      const statuses = t.zahara.calls({ key: b.key }).map((c) => c.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    } finally {
      t.zahara.setRateLimit(100, 60_000);
    }
  });
});
