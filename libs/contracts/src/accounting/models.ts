import { z } from 'zod';

/**
 * Spec §3 Integration settings, as answered: the API key only masked (`••••••••0001`),
 * never in full; `has_api_key` says whether one is saved.
 */
export const settingsSchema = z.object({
  api_key: z.string().nullable(),
  has_api_key: z.boolean(),
  nominal_code: z.string().nullable(),
  nominal_code_id: z.number().int().nullable(),
  nominal_description: z.string().nullable(),
  tax_code: z.string().nullable(),
  tax_code_id: z.number().int().nullable(),
  tax_description: z.string().nullable(),
  tax_percentage: z.number().nullable(),
  cost_code: z.string().nullable(),
  cost_code_id: z.number().int().nullable(),
  cost_description: z.string().nullable(),
  division_code: z.string().nullable(),
  division_code_id: z.number().int().nullable(),
  division_description: z.string().nullable(),
  is_active: z.boolean(),
  auto_create_purchase_orders: z.boolean(),
  updated_at: z.string().nullable(),
});
export type AccountingSettings = z.infer<typeof settingsSchema>;

/**
 * What every signed-in member of a company may know of its integration (spec §6: integration
 * features appear only when it is configured): whether it is, and what the screens need
 * besides. No key, masked or not, and no codes: those are the administrators' settings.
 */
export const integrationStatusSchema = z.object({
  /** A key is saved and the integration is switched on: Create Order, Export, the PO prompt, Sync Projects show. */
  is_active: z.boolean(),
  /** New hires get their purchase order without the prompt. */
  auto_create_purchase_orders: z.boolean(),
  /** Where a purchase order's page is in Zahara's web app; `{documentId}` is replaced by the order's document id. */
  document_url_template: z.string(),
});
export type IntegrationStatus = z.infer<typeof integrationStatusSchema>;

/** A code found by a lookup (spec §7: id, code, description; a tax code adds codeName and taxPercentage). */
export const codeLookupSchema = z.object({ id: z.number().int(), code: z.string(), description: z.string() });
export const taxCodeLookupResultSchema = codeLookupSchema.extend({
  codeName: z.string(),
  taxPercentage: z.number(),
});
export const divisionLookupResultSchema = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  description: z.string(),
});

/** Spec §3 External accounting supplier. */
export const zaharaSupplierSchema = z.object({
  supplierId: z.number().int(),
  supplierName: z.string(),
  referenceNumber: z.string().nullable(),
  defaultNominalCode: z.string().nullable(),
  defaultTaxCode: z.string().nullable(),
  defaultNominalCodeId: z.number().int().nullable(),
  defaultTaxCodeId: z.number().int().nullable(),
  defaultCostCodeId: z.number().int().nullable(),
  defaultDivisionId: z.number().int().nullable(),
});
export type ZaharaSupplier = z.infer<typeof zaharaSupplierSchema>;

/** Spec §3 Supplier match. */
export const supplierMatchSchema = z.object({
  id: z.string().uuid(),
  supplier_id: z.string().uuid(),
  supplier_name: z.string().nullable(),
  zahara_supplier_id: z.number().int(),
  zahara_nominal_id: z.number().int().nullable(),
  zahara_default_tax_code_id: z.number().int().nullable(),
  zahara_cost_code_id: z.number().int().nullable(),
  zahara_division_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SupplierMatch = z.infer<typeof supplierMatchSchema>;

export const SYNC_STATUSES = ['never', 'running', 'completed', 'failed'] as const;

/** The counts of spec §7 POST /zahara/projects/sync. */
export const syncStatsSchema = z.object({
  zaharaToPlanted: z.object({
    totalProcessed: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
  }),
  plantedToZahara: z.object({ pushed: z.number().int(), errors: z.number().int() }),
});
export type SyncStats = z.infer<typeof syncStatsSchema>;

/** Spec §3 Project sync status; `lastError` says why the last sync failed. */
export const syncStatusSchema = z.object({
  hasSynced: z.boolean(),
  lastSyncDate: z.string().nullable(),
  syncStatus: z.enum(SYNC_STATUSES),
  lastStats: syncStatsSchema.nullable(),
  lastError: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

/** What creating a purchase order answers (spec §7). */
export const purchaseOrderResultSchema = z.object({
  success: z.literal(true),
  zaharaPoId: z.string(),
  zaharaPoNumber: z.string(),
  message: z.string(),
});
