import {
  ACCOUNTING_MESSAGES as M,
  AccountingLookupCostCode,
  AccountingLookupDivision,
  AccountingLookupNominalCode,
  AccountingLookupTaxCode,
  AccountingProjectsSync,
  AccountingProjectsSyncStatus,
  AccountingPurchaseOrderCreate,
  AccountingPurchaseOrderCreateBulk,
  AccountingSettingsGet,
  AccountingSettingsPut,
  AccountingStatusGet,
  AccountingSupplierExport,
  AccountingSupplierMatchCreate,
  AccountingSupplierMatchDelete,
  AccountingSupplierMatchesList,
  AccountingTestConnection,
  AccountingZaharaSuppliersList,
} from '@planted/contracts';
import { route } from '../routes/route-kit';

const admin = { tag: 'accounting', access: 'admin', forbidden: M.ONLY_ADMINS_MANAGE_SETTINGS } as const;
const signedIn = { tag: 'accounting', access: 'signed-in' } as const;
/** Calls that change the company's records in Zahara: not for viewers. */
const member = { tag: 'accounting', access: 'member' } as const;

const LOOKUP =
  'Looks the code up in the business unit of the key sent (`api_key`, a key typed on the form and not saved yet) or else of the saved key. A Zahara that refuses the key answers 422, one that does not answer 502.';

/**
 * Spec §7 Accounting integration (the Zahara connector). The settings page's calls (settings,
 * test connection, lookups, Zahara suppliers, matching, export) are for administrators: they
 * use the company's key. The integration's status and the match list are for every signed-in
 * user (integration features appear to everyone once it is configured, spec §6); purchase
 * orders and project sync, which change records in Zahara, for members (not viewers).
 */
export const ACCOUNTING_ROUTES = [
  route(AccountingStatusGet, {
    ...signedIn,
    method: 'GET',
    path: '/api/zahara/status',
    operationId: 'getZaharaStatus',
    summary: 'Whether the company’s integration is configured, for every member (no key, no codes)',
    description:
      '`is_active` while a key is saved and the integration is on: the screens then show Create Order, Export, the purchase-order prompt and Sync Projects. `document_url_template` is where a PO number links, `{documentId}` replaced.',
  }),
  route(AccountingSettingsGet, {
    ...admin,
    method: 'GET',
    path: '/api/zahara/settings',
    operationId: 'getZaharaSettings',
    summary: 'The company’s integration settings, the API key masked (never in full)',
  }),
  route(AccountingSettingsPut, {
    ...admin,
    method: 'PUT',
    path: '/api/zahara/settings',
    operationId: 'saveZaharaSettings',
    summary: 'Saves every settings field; `is_active` only while a key is saved',
    description:
      'The key is encrypted at rest. Sending the masked value GET answered (or no `api_key`) keeps the saved key; an empty one removes it (and the integration goes inactive). `auto_create_purchase_orders` makes every new hire’s purchase order without asking.',
  }),
  route(AccountingTestConnection, {
    ...admin,
    method: 'POST',
    path: '/api/zahara/test-connection',
    operationId: 'testZaharaConnection',
    summary: 'Tries the key sent, else the saved one, against Zahara',
    description: `Any failure answers '${M.CONNECTION_FAILED}' (422 for a refused key, 502 when Zahara does not answer).`,
    status: 200,
  }),
  route(AccountingLookupNominalCode, {
    ...admin,
    method: 'POST',
    path: '/api/zahara/lookup-nominal-code',
    operationId: 'lookupZaharaNominalCode',
    summary: 'A nominal code’s id and description',
    description: `${LOOKUP} Unknown: 404 '${M.NOMINAL_CODE_NOT_FOUND}'.`,
    status: 200,
  }),
  route(AccountingLookupTaxCode, {
    ...admin,
    method: 'POST',
    path: '/api/zahara/lookup-tax-code',
    operationId: 'lookupZaharaTaxCode',
    summary: 'A tax code’s id, description, name and rate',
    description: `${LOOKUP} Unknown: 404 '${M.TAX_CODE_NOT_FOUND}'.`,
    status: 200,
  }),
  route(AccountingLookupCostCode, {
    ...admin,
    method: 'POST',
    path: '/api/zahara/lookup-cost-code',
    operationId: 'lookupZaharaCostCode',
    summary: 'A cost code’s id and description',
    description: `${LOOKUP} Unknown: 404 '${M.COST_CODE_NOT_FOUND}'.`,
    status: 200,
  }),
  route(AccountingLookupDivision, {
    ...admin,
    method: 'POST',
    path: '/api/zahara/lookup-division',
    operationId: 'lookupZaharaDivision',
    summary: 'A division, by its name',
    description: `${LOOKUP} Unknown: 404 '${M.DIVISION_NOT_FOUND}'.`,
    status: 200,
  }),
  route(AccountingZaharaSuppliersList, {
    ...admin,
    method: 'GET',
    path: '/api/zahara/suppliers',
    operationId: 'listZaharaSuppliers',
    summary: 'The business unit’s active suppliers in Zahara, by name',
    description: 'Zahara keeps no supplier type: `type` (the screen sends Hire) narrows nothing.',
    query: ['type'],
  }),
  route(AccountingSupplierMatchesList, {
    ...signedIn,
    method: 'GET',
    path: '/api/zahara/supplier-matches',
    operationId: 'listZaharaSupplierMatches',
    summary: 'The company’s matches between directory suppliers and Zahara suppliers',
  }),
  route(AccountingSupplierMatchCreate, {
    ...admin,
    method: 'POST',
    path: '/api/zahara/supplier-matches',
    operationId: 'matchZaharaSupplier',
    summary: 'Matches a directory supplier with a Zahara supplier (again: replaces the match)',
    description: `Both are required ('${M.SELECT_BOTH_SUPPLIERS}'); either unknown answers 404 '${M.SELECTED_SUPPLIERS_NOT_FOUND}'. Codes not sent come from the Zahara supplier’s defaults.`,
  }),
  route(AccountingSupplierMatchDelete, {
    ...admin,
    method: 'DELETE',
    path: '/api/zahara/supplier-matches/{supplier_id}',
    params: ['supplier_id'],
    operationId: 'unmatchZaharaSupplier',
    summary: 'Removes the company’s match of a directory supplier',
    description: `The supplier’s cards lose the matched marker; purchase orders already created stay, and new ones for its hires wait for a match again. Not matched: 404 '${M.SUPPLIER_MATCH_NOT_FOUND}'.`,
    status: 200,
  }),
  route(AccountingSupplierExport, {
    ...admin,
    method: 'POST',
    path: '/api/zahara/export-supplier',
    operationId: 'exportSupplierToZahara',
    summary: 'Creates the directory supplier in Zahara and matches it; answers `supplier_name`',
    description:
      'With the company’s default codes. A supplier already matched is not exported again. Adds an exported event to the supplier’s timeline.',
    status: 200,
  }),
  route(AccountingPurchaseOrderCreate, {
    ...member,
    method: 'POST',
    path: '/api/zahara/purchase-order/create',
    operationId: 'createZaharaPurchaseOrder',
    summary: 'The hire’s purchase order in Zahara; answers `zaharaPoId` and `zaharaPoNumber`',
    description: `A hire never gets two: one that has an order answers it again. Lines from the hire (price per term times periods begun, delivery and operator), codes from the supplier match or the settings. The supplier must be matched (409 '${M.SUPPLIER_NOT_MATCHED}'). When Zahara does not answer, the order is kept and created when it is back (502).`,
  }),
  route(AccountingPurchaseOrderCreateBulk, {
    ...member,
    method: 'POST',
    path: '/api/zahara/purchase-order/create-bulk',
    operationId: 'createZaharaBulkPurchaseOrder',
    summary: 'One purchase order for hires of one supplier; answers the PO number, line and hire counts',
    description: `Hires of two suppliers: 400 '${M.SAME_SUPPLIER}'. A hire already on another order: 409.`,
  }),
  route(AccountingProjectsSyncStatus, {
    ...signedIn,
    method: 'GET',
    path: '/api/zahara/projects/sync-status',
    operationId: 'getZaharaProjectSyncStatus',
    summary: 'Whether the company’s projects were ever synced, when last, and how it went',
    description:
      '`syncStatus`: never, running, completed or failed; `lastStats` the counts of the last good sync, `lastError` why the last one failed.',
  }),
  route(AccountingProjectsSync, {
    ...member,
    method: 'POST',
    path: '/api/zahara/projects/sync',
    operationId: 'syncZaharaProjects',
    summary: 'Incremental project sync both ways; answers the counts (`stats`)',
    description: `Projects changed in Zahara since the last sync become sites or update theirs (matched by \`zahara_project_id\`, else by job number): \`zaharaToPlanted\`. Sites without a project, or changed since, are added or updated in Zahara and linked: \`plantedToZahara\` (a project Zahara refuses counts in \`errors\`). Zahara refusing the key answers 422, not answering 502, a sync already running 409 '${M.SYNC_ALREADY_RUNNING}'.`,
    status: 200,
  }),
];
