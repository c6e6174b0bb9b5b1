import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNTING_MESSAGES as M,
  CATALOGUE_MESSAGES,
  ServiceError,
  SupplierExported,
  SupplierMatched,
  SupplierUnmatched,
  type Actor,
  type SupplierMatch,
  type ZaharaSupplier,
} from '@planted/contracts';
import { DATABASE, OutboxService } from '@planted/service-kit';
import { isoTimestamp } from '@planted/db';
import type { AccountingDatabase, AccountingTx } from '../db/database';
import type { SupplierMatchRow } from '../db/schema';
import { requireAdmin } from '../settings/settings.errors';
import { SettingsService } from '../settings/settings.service';
import { isZaharaError } from '../zahara/zahara-error';
import type { ZaharaApi } from '../zahara/zahara-client';
import type { ZaharaSupplierRecord } from '../zahara/zahara.models';
import { askZahara } from '../zahara/zahara-service-error';
import { SuppliersRepository, type MatchValues } from './suppliers.repository';

const toZaharaSupplier = (s: ZaharaSupplierRecord): ZaharaSupplier => ({
  supplierId: s.SupplierId,
  supplierName: s.SupplierName,
  referenceNumber: s.ReferenceNumber ?? null,
  defaultNominalCode: s.DefaultNominalCode ?? null,
  defaultTaxCode: s.DefaultTaxCode ?? null,
  defaultNominalCodeId: s.DefaultNominalCodeId || null,
  defaultTaxCodeId: s.DefaultTaxCodeId || null,
  defaultCostCodeId: s.DefaultCostCodeId || null,
  defaultDivisionId: s.DefaultDivisionId || null,
});

const toMatch = (row: SupplierMatchRow, supplierName: string | null): SupplierMatch => ({
  id: row.id,
  supplier_id: row.supplierId,
  supplier_name: supplierName,
  zahara_supplier_id: row.zaharaSupplierId,
  zahara_nominal_id: row.zaharaNominalId,
  zahara_default_tax_code_id: row.zaharaDefaultTaxCodeId,
  zahara_cost_code_id: row.zaharaCostCodeId,
  zahara_division_id: row.zaharaDivisionId,
  created_at: isoTimestamp(row.createdAt),
  updated_at: isoTimestamp(row.updatedAt),
});

/**
 * The reference number an exported supplier carries in Zahara: unique per business unit
 * (Zahara refuses a second), made from the directory's id, so an export whose answer was
 * lost is found again instead of made twice.
 */
export const exportReference = (supplierId: string) =>
  `PL${supplierId.replace(/-/g, '').slice(0, 16).toUpperCase()}`;

export const exportedMessage = (name: string) => `${name} exported to Zahara successfully!`;

@Injectable()
export class SuppliersService {
  constructor(
    @Inject(DATABASE) private readonly database: AccountingDatabase,
    private readonly repository: SuppliersRepository,
    private readonly settings: SettingsService,
    private readonly outbox: OutboxService,
  ) {}

  /** GET /zahara/suppliers: the business unit's active suppliers, by name. */
  async zaharaSuppliers(actor: Actor): Promise<{ success: true; data: ZaharaSupplier[] }> {
    requireAdmin(actor);
    const { api } = await this.settings.forCompany(actor.customerId);
    const all = await askZahara(() => api.allSuppliers());
    const data = all
      .filter((s) => s.IsActive !== false && s.Void !== true)
      .sort((a, b) => a.SupplierName.localeCompare(b.SupplierName, 'en-GB'))
      .map(toZaharaSupplier);
    return { success: true, data };
  }

  async matches(actor: Actor): Promise<{ success: true; data: SupplierMatch[] }> {
    const rows = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.repository.matches(tx, actor.customerId),
    );
    return { success: true, data: rows.map((r) => toMatch(r, r.supplierName)) };
  }

  /**
   * POST /zahara/supplier-matches: both suppliers must exist (the directory's, and the
   * business unit's in Zahara); codes not sent come from the Zahara supplier's defaults.
   */
  async match(
    actor: Actor,
    input: {
      supplier_id: string;
      zahara_supplier_id: number;
      zahara_nominal_id: number | null;
      zahara_default_tax_code_id: number | null;
      zahara_cost_code_id: number | null;
      zahara_division_id: number | null;
    },
  ): Promise<{ success: true; data: SupplierMatch; message: string }> {
    requireAdmin(actor);
    const supplier = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.repository.supplier(tx, actor.customerId, input.supplier_id),
    );
    if (!supplier) throw new ServiceError('NOT_FOUND', M.SELECTED_SUPPLIERS_NOT_FOUND);
    const { api } = await this.settings.forCompany(actor.customerId);
    const theirs = await askZahara(() => api.supplier(input.zahara_supplier_id), {
      notFound: M.SELECTED_SUPPLIERS_NOT_FOUND,
    });
    // Codes named by id must be this business unit's: one that is not would fail every purchase
    // order of the supplier, far from where it was typed.
    const codes: [number | null, (id: number) => Promise<unknown>, string][] = [
      [input.zahara_nominal_id, (id) => api.nominalCode(id), M.NOMINAL_CODE_NOT_FOUND],
      [input.zahara_default_tax_code_id, (id) => api.taxCode(id), M.TAX_CODE_NOT_FOUND],
      [input.zahara_cost_code_id, (id) => api.costCode(id), M.COST_CODE_NOT_FOUND],
      [input.zahara_division_id, (id) => api.division(id), M.DIVISION_NOT_FOUND],
    ];
    for (const [id, lookUp, notFound] of codes)
      if (id !== null) await askZahara(() => lookUp(id), { notFound });
    const row = await this.saveMatch(actor.customerId, input.supplier_id, {
      zaharaSupplierId: theirs.SupplierId,
      zaharaNominalId: input.zahara_nominal_id ?? (theirs.DefaultNominalCodeId || null),
      zaharaDefaultTaxCodeId: input.zahara_default_tax_code_id ?? (theirs.DefaultTaxCodeId || null),
      zaharaCostCodeId: input.zahara_cost_code_id ?? (theirs.DefaultCostCodeId || null),
      zaharaDivisionId: input.zahara_division_id ?? (theirs.DefaultDivisionId || null),
      exportedAt: null,
    });
    return { success: true, data: toMatch(row, supplier.name), message: M.SUPPLIER_MATCHED };
  }

  /**
   * DELETE /zahara/supplier-matches/{supplier_id}: the match is removed and the catalogue told
   * (the supplier's matched marker goes). Purchase orders already created stay; new ones for the
   * supplier wait for a match again (SUPPLIER_NOT_MATCHED).
   */
  async unmatch(actor: Actor, supplierId: string): Promise<{ success: true; message: string }> {
    requireAdmin(actor);
    await this.database.withTenant(actor.customerId, async (tx) => {
      if ((await this.repository.deleteMatches(tx, actor.customerId, [supplierId])).length === 0)
        throw new ServiceError('NOT_FOUND', M.SUPPLIER_MATCH_NOT_FOUND);
      await this.outbox.record(
        tx,
        SupplierUnmatched,
        { customer_id: actor.customerId, supplier_id: supplierId },
        actor.customerId,
      );
    });
    this.outbox.committed();
    return { success: true, message: M.SUPPLIER_UNMATCHED };
  }

  /**
   * POST /zahara/export-supplier: creates the directory supplier in Zahara (with the
   * company's default codes), records the match and tells the catalogue (timeline). A
   * supplier already matched is not exported again, unless the Zahara of the key now saved no
   * longer has it (stillInZahara).
   */
  async export(
    actor: Actor,
    supplierId: string,
  ): Promise<{ success: true; supplier_name: string; zahara_supplier_id: number; message: string }> {
    requireAdmin(actor);
    const { supplier, existing } = await this.database.readAsTenant(actor.customerId, async (tx) => ({
      supplier: await this.repository.supplier(tx, actor.customerId, supplierId),
      existing: await this.repository.match(tx, actor.customerId, supplierId),
    }));
    if (!supplier) throw new ServiceError('NOT_FOUND', CATALOGUE_MESSAGES.SUPPLIER_NOT_FOUND);
    const answer = (zaharaId: number) => ({
      success: true as const,
      supplier_name: supplier.name,
      zahara_supplier_id: zaharaId,
      message: exportedMessage(supplier.name),
    });
    const { api, settings } = await this.settings.forCompany(actor.customerId);
    if (existing && (await this.stillInZahara(api, existing.zaharaSupplierId)))
      return answer(existing.zaharaSupplierId);
    const reference = exportReference(supplierId);
    const created = await askZahara(() =>
      this.addOnce(api, reference, {
        SupplierName: supplier.name.slice(0, 100),
        ReferenceNumber: reference,
        ...(supplier.contactEmail ? { Email: supplier.contactEmail } : {}),
        ...(supplier.address ? { Address: { AddressLines: supplier.address, CountryCode: 'GB' } } : {}),
        CountryCode: 'GB',
        DefaultNominalCodeId: settings.nominalCodeId,
        DefaultTaxCodeId: settings.taxCodeId,
        DefaultCostCodeId: settings.costCodeId,
        DefaultDivisionId: settings.divisionCodeId,
      }),
    );
    await this.saveMatch(
      actor.customerId,
      supplierId,
      {
        zaharaSupplierId: created.SupplierId,
        zaharaNominalId: created.DefaultNominalCodeId || settings.nominalCodeId,
        zaharaDefaultTaxCodeId: created.DefaultTaxCodeId || settings.taxCodeId,
        zaharaCostCodeId: created.DefaultCostCodeId || settings.costCodeId,
        zaharaDivisionId: created.DefaultDivisionId || settings.divisionCodeId,
        exportedAt: new Date().toISOString(),
      },
      (tx) =>
        this.outbox.record(
          tx,
          SupplierExported,
          {
            customer_id: actor.customerId,
            supplier_id: supplierId,
            supplier_name: supplier.name,
            zahara_supplier_id: created.SupplierId,
            user_id: actor.userId,
            user_name: actor.name,
          },
          actor.customerId,
        ),
    );
    return answer(created.SupplierId);
  }

  /**
   * Whether the Zahara the key reaches still has the matched supplier. A match made under
   * another business unit's key (the key since replaced), or a supplier deleted in Zahara, names
   * one it does not have: the supplier is exported again and the match follows. Zahara out of
   * reach cannot tell: the match stands, as before.
   */
  private async stillInZahara(api: ZaharaApi, zaharaSupplierId: number): Promise<boolean> {
    try {
      await api.supplier(zaharaSupplierId);
      return true;
    } catch (err) {
      return !(isZaharaError(err) && err.failure === 'not_found');
    }
  }

  /**
   * Supplier/Add at most once per reference: found first (an earlier export whose answer
   * was lost), and looked for again when this Add got no answer or was refused as a
   * duplicate reference.
   */
  private async addOnce(
    api: ZaharaApi,
    reference: string,
    supplier: Parameters<ZaharaApi['addSupplier']>[0],
  ): Promise<ZaharaSupplierRecord> {
    const find = async () =>
      (await api.searchSuppliers(reference)).find((s) => s.ReferenceNumber === reference);
    const before = await find();
    if (before) return before;
    try {
      return await api.addSupplier(supplier);
    } catch (err) {
      if (!isZaharaError(err) || !(err.mayHaveWorked || err.failure === 'rejected')) throw err;
      const after = await find();
      if (after) return after;
      throw err;
    }
  }

  private async saveMatch(
    customerId: string,
    supplierId: string,
    values: MatchValues,
    alsoRecord?: (tx: AccountingTx) => Promise<unknown>,
  ): Promise<SupplierMatchRow> {
    const row = await this.database.withTenant(customerId, async (tx) => {
      const saved = await this.repository.saveMatch(tx, customerId, supplierId, values);
      await this.outbox.record(
        tx,
        SupplierMatched,
        { customer_id: customerId, supplier_id: supplierId, zahara_supplier_id: saved.zaharaSupplierId },
        customerId,
      );
      await alsoRecord?.(tx);
      return saved;
    });
    this.outbox.committed();
    return row;
  }
}
