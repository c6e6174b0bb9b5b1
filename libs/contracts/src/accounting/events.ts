import { z } from 'zod';
import { defineEvent } from '../subject';

/**
 * A purchase order was created in Zahara for these hires (one, or a bulk order's several).
 * Hires writes `zahara_po_number` and `zahara_document_id` onto each.
 */
export const PurchaseOrderCreated = defineEvent(
  'accounting.purchase_order.created.v1',
  z.object({
    customer_id: z.string().uuid(),
    hire_ids: z.array(z.string().uuid()).min(1),
    zahara_document_id: z.string(),
    zahara_po_number: z.string(),
    /** What the order carries as Zahara's ExternalId: the hire id, or a bulk order's id. */
    external_id: z.string(),
  }),
);

/**
 * Creating a hire's purchase order failed. `will_retry` false means the connector gave up
 * (a refusal no retry can mend: no key, no match, Zahara's 400); the hire shows `error`.
 */
export const PurchaseOrderFailed = defineEvent(
  'accounting.purchase_order.failed.v1',
  z.object({
    customer_id: z.string().uuid(),
    hire_ids: z.array(z.string().uuid()).min(1),
    error: z.string(),
    attempts: z.number().int(),
    will_retry: z.boolean(),
  }),
);

/**
 * An update of a created order in Zahara ended (its hires had been edited): `error` null,
 * Zahara has their lines as they are now; else why it does not, and whether it is tried
 * again. Hires shows the error on each hire of the order until an update succeeds.
 */
export const PurchaseOrderUpdated = defineEvent(
  'accounting.purchase_order.updated.v1',
  z.object({
    customer_id: z.string().uuid(),
    hire_ids: z.array(z.string().uuid()).min(1),
    zahara_po_number: z.string(),
    error: z.string().nullable(),
    will_retry: z.boolean(),
  }),
);

/**
 * A company's integration settings changed: hires offers the purchase-order prompt while
 * `is_active`; `auto_create_purchase_orders` makes the connector create them unasked.
 */
export const AccountingSettingsChanged = defineEvent(
  'accounting.settings.changed.v1',
  z.object({
    customer_id: z.string().uuid(),
    is_active: z.boolean(),
    auto_create_purchase_orders: z.boolean(),
  }),
);

/** A supplier was created in Zahara from the directory: catalogue adds an 'exported' timeline event. */
export const SupplierExported = defineEvent(
  'accounting.supplier.exported.v1',
  z.object({
    customer_id: z.string().uuid(),
    supplier_id: z.string().uuid(),
    supplier_name: z.string(),
    zahara_supplier_id: z.number().int(),
    /** Who exported it (the timeline's author). */
    user_id: z.string().uuid(),
    user_name: z.string(),
  }),
);

/** A company matched a directory supplier with a Zahara one: catalogue marks the supplier as matched. */
export const SupplierMatched = defineEvent(
  'accounting.supplier.matched.v1',
  z.object({
    customer_id: z.string().uuid(),
    supplier_id: z.string().uuid(),
    zahara_supplier_id: z.number().int(),
  }),
);

/** A company removed its match of a directory supplier: catalogue clears the supplier's matched marker. */
export const SupplierUnmatched = defineEvent(
  'accounting.supplier.unmatched.v1',
  z.object({
    customer_id: z.string().uuid(),
    supplier_id: z.string().uuid(),
  }),
);
