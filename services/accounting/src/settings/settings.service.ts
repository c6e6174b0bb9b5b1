import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNTING_MESSAGES,
  AccountingSettingsChanged,
  SupplierUnmatched,
  apiKeyField,
  ServiceError,
  type AccountingSettings,
  type Actor,
  type IntegrationStatus,
  type SettingsFields,
} from '@planted/contracts';
import { CONFIG, DATABASE, OutboxService } from '@planted/service-kit';
import { isoTimestamp } from '@planted/db';
import type { AccountingConfig } from '../config';
import { ApiKeyCipher, maskApiKey } from '../crypto/api-key-cipher';
import type { AccountingDatabase, AccountingTx } from '../db/database';
import type { SettingsRow } from '../db/schema';
import { isZaharaError } from '../zahara/zahara-error';
import { CODE_LOOKUPS, SETTINGS_CODE_FIELDS } from './code-lookups';
import { askZahara } from '../zahara/zahara-service-error';
import { ZaharaClient, type ZaharaApi } from '../zahara/zahara-client';
import { notConfigured, requireAdmin } from './settings.errors';
import { SuppliersRepository } from '../suppliers/suppliers.repository';
import { SettingsRepository } from './settings.repository';

const EMPTY: AccountingSettings = {
  api_key: null,
  has_api_key: false,
  nominal_code: null,
  nominal_code_id: null,
  nominal_description: null,
  tax_code: null,
  tax_code_id: null,
  tax_description: null,
  tax_percentage: null,
  cost_code: null,
  cost_code_id: null,
  cost_description: null,
  division_code: null,
  division_code_id: null,
  division_description: null,
  is_active: false,
  auto_create_purchase_orders: false,
  updated_at: null,
};

/** Settings as answered: the key masked, never in full. */
export function toSettings(row: SettingsRow | undefined): AccountingSettings {
  if (!row) return EMPTY;
  return {
    api_key: row.apiKeyLastFour ? maskApiKey(row.apiKeyLastFour) : null,
    has_api_key: row.apiKeyEncrypted !== null,
    nominal_code: row.nominalCode,
    nominal_code_id: row.nominalCodeId,
    nominal_description: row.nominalDescription,
    tax_code: row.taxCode,
    tax_code_id: row.taxCodeId,
    tax_description: row.taxDescription,
    tax_percentage: row.taxPercentage,
    cost_code: row.costCode,
    cost_code_id: row.costCodeId,
    cost_description: row.costDescription,
    division_code: row.divisionCode,
    division_code_id: row.divisionCodeId,
    division_description: row.divisionDescription,
    is_active: row.isActive,
    auto_create_purchase_orders: row.autoCreatePurchaseOrders,
    updated_at: isoTimestamp(row.updatedAt),
  };
}

/** What a company's Zahara calls need: its key in clear (only in memory) and its settings. */
export interface CompanyZahara {
  api: ZaharaApi;
  settings: SettingsRow;
}

/**
 * The codes whose ids are still the ones saved before (found under the key saved then), those
 * ids and what was found with them forgotten, to be looked up again under the new key. An id
 * that differs was just looked up on the form, with the key being saved: it stands.
 */
function withoutStoredCodeIds(fields: SettingsFields, stored: AccountingSettings): SettingsFields {
  const forgotten: SettingsFields = { ...fields };
  for (const place of SETTINGS_CODE_FIELDS) {
    if (!fields[place.code] || fields[place.id] === null || fields[place.id] !== stored[place.id]) continue;
    forgotten[place.id] = null;
    forgotten[place.description] = null;
    if (place.kind === 'tax') forgotten.tax_percentage = null;
  }
  return forgotten;
}

@Injectable()
export class SettingsService {
  constructor(
    @Inject(DATABASE) private readonly database: AccountingDatabase,
    private readonly repository: SettingsRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly cipher: ApiKeyCipher,
    private readonly zahara: ZaharaClient,
    private readonly outbox: OutboxService,
    @Inject(CONFIG) private readonly config: AccountingConfig,
  ) {}

  /**
   * GET /zahara/status, for every member of the company (spec §6: integration features appear
   * only when it is configured, to whoever uses them); nothing of the key or the codes.
   */
  async status(actor: Actor): Promise<{ success: true; data: IntegrationStatus }> {
    const row = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.repository.find(tx, actor.customerId),
    );
    return {
      success: true,
      data: {
        is_active: Boolean(row?.apiKeyEncrypted && row.isActive),
        auto_create_purchase_orders: row?.autoCreatePurchaseOrders ?? false,
        document_url_template: this.config.ZAHARA_DOCUMENT_URL,
      },
    };
  }

  async get(actor: Actor): Promise<{ success: true; data: AccountingSettings }> {
    requireAdmin(actor);
    const row = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.repository.find(tx, actor.customerId),
    );
    return { success: true, data: toSettings(row) };
  }

  /**
   * Saves every field. The key: the masked value GET answered keeps the saved one; null
   * removes it; anything else must look like a key and replaces it. `is_active`
   * is true only while a key is saved (and unless the admin switched it off).
   */
  async put(
    actor: Actor,
    fields: SettingsFields,
  ): Promise<{ success: true; data: AccountingSettings; message: string }> {
    requireAdmin(actor);
    const target = await this.zaharaToSave(actor.customerId, fields.api_key);
    // A new key may reach another business unit, where the codes' ids and the matched suppliers
    // are not the same (or not there): the codes are looked up again by what they say, and the
    // matches whose Zahara supplier the new key cannot find are removed (their purchase orders
    // would all fail). A key that reaches the same unit changes nothing.
    const stored = target ? toSettings(target.current) : undefined;
    if (target?.isNew && stored) fields = withoutStoredCodeIds(fields, stored);
    fields = await this.withCodesFound(target?.api, fields, stored);
    const staleMatches = target?.isNew ? await this.matchesMissingFrom(target.api, actor.customerId) : [];
    const row = await this.database.withTenant(actor.customerId, async (tx) => {
      const current = await this.repository.find(tx, actor.customerId, true);
      const key = this.nextKey(actor.customerId, current, fields.api_key);
      if (key.encrypted !== null && key.encrypted !== (current?.apiKeyEncrypted ?? null))
        await this.repository.restartProjectSync(tx, actor.customerId);
      const isActive = key.encrypted !== null && fields.is_active !== false;
      const autoCreate = fields.auto_create_purchase_orders ?? current?.autoCreatePurchaseOrders ?? false;
      const saved = await this.repository.save(tx, actor.customerId, {
        apiKeyEncrypted: key.encrypted,
        apiKeyLastFour: key.lastFour,
        nominalCode: fields.nominal_code,
        nominalCodeId: fields.nominal_code_id,
        nominalDescription: fields.nominal_description,
        taxCode: fields.tax_code,
        taxCodeId: fields.tax_code_id,
        taxDescription: fields.tax_description,
        taxPercentage: fields.tax_percentage,
        costCode: fields.cost_code,
        costCodeId: fields.cost_code_id,
        costDescription: fields.cost_description,
        divisionCode: fields.division_code,
        divisionCodeId: fields.division_code_id,
        divisionDescription: fields.division_description,
        isActive,
        autoCreatePurchaseOrders: autoCreate,
        updatedBy: actor.userId,
      });
      for (const supplierId of await this.suppliers.deleteMatches(tx, actor.customerId, staleMatches))
        await this.outbox.record(
          tx,
          SupplierUnmatched,
          { customer_id: actor.customerId, supplier_id: supplierId },
          actor.customerId,
        );
      if (
        current?.isActive !== saved.isActive ||
        current?.autoCreatePurchaseOrders !== saved.autoCreatePurchaseOrders
      )
        await this.outbox.record(
          tx,
          AccountingSettingsChanged,
          {
            customer_id: actor.customerId,
            is_active: saved.isActive,
            auto_create_purchase_orders: saved.autoCreatePurchaseOrders,
          },
          actor.customerId,
        );
      return saved;
    });
    this.outbox.committed();
    return { success: true, data: toSettings(row), message: ACCOUNTING_MESSAGES.SETTINGS_SAVED };
  }

  /**
   * The Zahara the settings are about to be saved for: a new key is shown to Zahara first, and
   * one Zahara does not know is refused on the field, rather than saved and shown Active with
   * every action then failing. Zahara out of reach decides nothing (the key is saved, the
   * first call tells). Undefined without a usable key.
   */
  private async zaharaToSave(
    customerId: string,
    sent: string | null,
  ): Promise<{ api: ZaharaApi; isNew: boolean; current: SettingsRow | undefined } | undefined> {
    const typed = sent?.trim();
    if (!typed) return undefined;
    // The masked key GET answered (the usual save: the key kept) is recognised first: it does
    // not look like a key itself, and its codes must be looked up all the same.
    const current = await this.database.readAsTenant(customerId, (tx) =>
      this.repository.find(tx, customerId),
    );
    const saved = current?.apiKeyEncrypted ? this.cipher.decrypt(current.apiKeyEncrypted, customerId) : null;
    if (saved && current?.apiKeyLastFour && typed === maskApiKey(current.apiKeyLastFour))
      return { api: this.zahara.forKey(saved), isNew: false, current };
    if (!apiKeyField.safeParse(typed).success) return undefined;
    const api = this.zahara.forKey(typed);
    if (typed === saved) return { api, isNew: false, current };
    try {
      await api.divisions();
    } catch (err) {
      if (isZaharaError(err) && err.failure === 'unauthorized')
        throw new ServiceError('VALIDATION_FAILED', ACCOUNTING_MESSAGES.API_KEY_REFUSED, [
          { param: 'api_key', msg: ACCOUNTING_MESSAGES.API_KEY_REFUSED },
        ]);
    }
    return { api, isNew: true, current };
  }

  /**
   * The company's matched suppliers (their ids in the directory) whose Zahara supplier the
   * business unit of `api` does not have. Zahara out of reach cannot tell: those matches stand.
   */
  private async matchesMissingFrom(api: ZaharaApi, customerId: string): Promise<string[]> {
    const matches = await this.database.readAsTenant(customerId, (tx) =>
      this.suppliers.matches(tx, customerId),
    );
    const missing: string[] = [];
    for (const match of matches) {
      try {
        await api.supplier(match.zaharaSupplierId);
      } catch (err) {
        if (isZaharaError(err) && err.failure === 'not_found') missing.push(match.supplierId);
      }
    }
    return missing;
  }

  /**
   * A code's id, description and (for the tax code) rate are Zahara's, never the caller's: each
   * code is looked up at every save, and saved with Zahara's id, description and rate, whatever
   * came with it (an API client's id for another code would otherwise fail every supplier
   * export and purchase order later, and its own words would show on /zahara as Zahara's:
   * audit AC-2; a code Zahara renamed is brought up to date). One Zahara does not have is
   * refused on its field with the lookup's message. Zahara out of reach: a code saved already
   * with the same id keeps what was saved (audit AF-1: not the caller's words); another is
   * saved as it came, and put right at the next save Zahara answers.
   */
  private async withCodesFound(
    api: ZaharaApi | undefined,
    fields: SettingsFields,
    saved: AccountingSettings | undefined,
  ): Promise<SettingsFields> {
    if (!api) return fields;
    const found: SettingsFields = { ...fields };
    const refused: { param: string; msg: string }[] = [];
    // Once Zahara is found out of reach, the other codes do not wait for it too.
    let reachable = true;
    for (const place of SETTINGS_CODE_FIELDS) {
      const code = fields[place.code];
      if (!code) continue;
      const sentId = fields[place.id];
      const lookup = CODE_LOOKUPS[place.kind];
      try {
        if (!reachable) throw new Error('Zahara is out of reach');
        const record: { id: number; description: string; taxPercentage?: number } = await lookup.find(
          api,
          code,
        );
        found[place.id] = record.id;
        found[place.description] = record.description;
        if (record.taxPercentage !== undefined) found.tax_percentage = record.taxPercentage;
      } catch (err) {
        if (isZaharaError(err) && err.failure === 'not_found') {
          refused.push({ param: place.code, msg: lookup.notFound });
          continue;
        }
        reachable = false;
        if (saved && sentId !== null && saved[place.code] === code && saved[place.id] === sentId) {
          found[place.description] = saved[place.description];
          if (place.kind === 'tax') found.tax_percentage = saved.tax_percentage;
        }
      }
    }
    if (refused.length > 0) throw new ServiceError('VALIDATION_FAILED', refused[0].msg, refused);
    return found;
  }

  private nextKey(
    customerId: string,
    current: SettingsRow | undefined,
    sent: string | null,
  ): { encrypted: string | null; lastFour: string | null } {
    const kept = { encrypted: current?.apiKeyEncrypted ?? null, lastFour: current?.apiKeyLastFour ?? null };
    if (sent === null) return { encrypted: null, lastFour: null };
    const typed = sent.trim();
    if (kept.lastFour && typed === maskApiKey(kept.lastFour)) return kept;
    if (!apiKeyField.safeParse(typed).success)
      throw new ServiceError('VALIDATION_FAILED', ACCOUNTING_MESSAGES.API_KEY_INVALID, [
        { param: 'api_key', msg: ACCOUNTING_MESSAGES.API_KEY_INVALID },
      ]);
    return { encrypted: this.cipher.encrypt(typed, customerId), lastFour: typed.slice(-4) };
  }

  /** POST /zahara/test-connection: the key sent, else the saved one; any failure is the spec's one message. */
  async testConnection(
    actor: Actor,
    apiKey: string | undefined,
  ): Promise<{ success: true; message: string }> {
    requireAdmin(actor);
    const api = apiKey ? this.zahara.forKey(apiKey) : (await this.forCompany(actor.customerId)).api;
    await askZahara(() => api.divisions(), { failed: ACCOUNTING_MESSAGES.CONNECTION_FAILED });
    return { success: true, message: ACCOUNTING_MESSAGES.CONNECTION_OK };
  }

  /** The company's Zahara, or ACCOUNTING_NOT_CONFIGURED without a saved key or with the integration off. */
  async forCompany(customerId: string, tx?: AccountingTx): Promise<CompanyZahara> {
    const row = tx
      ? await this.repository.find(tx, customerId)
      : await this.database.readAsTenant(customerId, (t) => this.repository.find(t, customerId));
    if (!row?.apiKeyEncrypted || !row.isActive) throw notConfigured();
    return { api: this.zahara.forKey(this.cipher.decrypt(row.apiKeyEncrypted, customerId)), settings: row };
  }

  /** A lookup's Zahara: a key typed on the form before it is saved, else the company's. */
  async apiFor(actor: Actor, apiKey: string | undefined): Promise<ZaharaApi> {
    if (apiKey) return this.zahara.forKey(apiKey);
    const row = await this.database.readAsTenant(actor.customerId, (tx) =>
      this.repository.find(tx, actor.customerId),
    );
    if (!row?.apiKeyEncrypted) throw notConfigured();
    return this.zahara.forKey(this.cipher.decrypt(row.apiKeyEncrypted, actor.customerId));
  }
}
