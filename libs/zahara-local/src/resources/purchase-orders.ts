import { z } from 'zod';
import { invalidRequest, notFound } from '../api-error';
import type { PurchaseOrder, PurchaseOrderLine, PurchaseOrderStatus } from '../models';
import { changedAfter, dateParam, intParam, textParam, type Route } from '../router';
import type { StoredPurchaseOrder, Tenant } from '../tenant';
import { bodyObject, field, parseBody, roundMoney, typed } from '../validation';
import { GBP_CURRENCY_ID } from './suppliers';

const percentage = () =>
  field.number().min(0, 'must be between 0 and 100.').max(100, 'must be between 0 and 100.');

const lineSchema = z.object({
  Description: field.text(500),
  ProjectId: field.optionalRef(),
  CostCodeId: field.optionalRef(),
  NominalCodeId: field.int(),
  TaxCodeId: field.int(),
  TaxPercentage: percentage(),
  TaxValue: field.optionalNumber(),
  Price: field.number().min(0, 'must not be negative.'),
  Quantity: field.number().positive('must be more than 0.'),
  DiscountPercentage: percentage().nullish(),
  NetValue: field.number(),
  DivisionId: field.optionalRef(),
  RequiredDate: field.date(),
});

export const purchaseOrderSchema = z.object({
  DocumentId: field.optionalRef(),
  SupplierId: field.int(),
  ExternalId: field.optionalText(100),
  RequisitorId: field.optionalRef(),
  BusinessDivisionId: field.optionalRef(),
  CurrencyId: field.optionalRef(),
  RequiredDate: field.date(),
  TotalNetValue: field.optionalNumber(),
  TotalGrossValue: field.optionalNumber(),
  LineItems: z
    .array(lineSchema, typed('a list of line items'))
    .min(1, 'must have at least one line item.')
    .max(200, 'must have at most 200 line items.'),
  Void: field.bool(),
});

export type PurchaseOrderInput = z.output<typeof purchaseOrderSchema>;

/** Amounts are checked to the penny: a client that rounds differently finds out here. */
const differs = (a: number, b: number) => Math.abs(a - b) > 0.005;

function buildLines(tenant: Tenant, input: PurchaseOrderInput, documentId: number, errors: string[]) {
  return input.LineItems.map((line, i): PurchaseOrderLine => {
    const at = `LineItems[${i}]`;
    const nominal = tenant.nominalCodes.get(line.NominalCodeId);
    if (!nominal)
      errors.push(`${at}.NominalCodeId ${line.NominalCodeId} is not a nominal code of this business unit.`);
    const tax = tenant.taxCodes.get(line.TaxCodeId);
    if (!tax) errors.push(`${at}.TaxCodeId ${line.TaxCodeId} is not a tax code of this business unit.`);
    else if (differs(tax.TaxPercentage, line.TaxPercentage))
      errors.push(
        `${at}.TaxPercentage ${line.TaxPercentage} does not match tax code ${tax.Code} (${tax.TaxPercentage}%).`,
      );
    if (line.ProjectId !== null) {
      const project = tenant.projects.get(line.ProjectId);
      if (!project) errors.push(`${at}.ProjectId ${line.ProjectId} is not a project of this business unit.`);
      else if (project.Void) errors.push(`${at}.ProjectId ${line.ProjectId} is a void project.`);
    }
    if (line.CostCodeId !== null && !tenant.costCodes.has(line.CostCodeId))
      errors.push(`${at}.CostCodeId ${line.CostCodeId} is not a cost code of this business unit.`);
    if (line.DivisionId !== null && !tenant.divisions.has(line.DivisionId))
      errors.push(`${at}.DivisionId ${line.DivisionId} is not a division of this business unit.`);
    const discount = line.DiscountPercentage ?? 0;
    const expectedNet = roundMoney(line.Price * line.Quantity * (1 - discount / 100));
    if (differs(expectedNet, line.NetValue))
      errors.push(
        `${at}.NetValue ${line.NetValue} is not Price x Quantity${discount ? ' less the discount' : ''} (${expectedNet}).`,
      );
    const taxValue = roundMoney((line.NetValue * line.TaxPercentage) / 100);
    if (line.TaxValue !== null && line.TaxValue !== undefined && differs(taxValue, line.TaxValue))
      errors.push(`${at}.TaxValue ${line.TaxValue} is not NetValue x TaxPercentage (${taxValue}).`);
    return {
      LineItemId: tenant.ids.take('lineItem'),
      DocumentId: documentId,
      Description: line.Description,
      ProjectId: line.ProjectId,
      CostCodeId: line.CostCodeId,
      NominalCodeId: line.NominalCodeId,
      NominalCode: nominal?.Code ?? '',
      TaxCodeId: line.TaxCodeId,
      TaxCode: tax?.Code ?? '',
      TaxPercentage: line.TaxPercentage,
      TaxValue: taxValue,
      Price: line.Price,
      Quantity: line.Quantity,
      QuantityReceived: 0,
      DiscountPercentage: discount,
      NetValue: roundMoney(line.NetValue),
      DivisionId: line.DivisionId,
      RequiredDate: line.RequiredDate ?? input.RequiredDate,
    };
  });
}

/** Checks an order against the business unit and builds it (new, or replacing `existing`). */
export function buildPurchaseOrder(
  tenant: Tenant,
  input: PurchaseOrderInput,
  existing?: StoredPurchaseOrder,
): StoredPurchaseOrder {
  const errors: string[] = [];
  const supplier = tenant.suppliers.get(input.SupplierId);
  if (!supplier) errors.push(`SupplierId ${input.SupplierId} is not a supplier of this business unit.`);
  else if (supplier.Void || !supplier.IsActive)
    errors.push(`SupplierId ${input.SupplierId} (${supplier.SupplierName}) is not active.`);
  if (input.CurrencyId !== null && input.CurrencyId !== GBP_CURRENCY_ID)
    errors.push(`CurrencyId ${input.CurrencyId} is not a currency of this business unit.`);
  if (input.BusinessDivisionId !== null && !tenant.divisions.has(input.BusinessDivisionId))
    errors.push(`BusinessDivisionId ${input.BusinessDivisionId} is not a division of this business unit.`);
  const documentId = existing?.DocumentId ?? tenant.ids.take('document');
  const lines = buildLines(tenant, input, documentId, errors);
  const net = roundMoney(lines.reduce((sum, line) => sum + line.NetValue, 0));
  const gross = roundMoney(lines.reduce((sum, line) => sum + line.NetValue + line.TaxValue, 0));
  if (input.TotalNetValue !== null && input.TotalNetValue !== undefined && differs(input.TotalNetValue, net))
    errors.push(`TotalNetValue ${input.TotalNetValue} is not the sum of the lines' NetValue (${net}).`);
  if (
    input.TotalGrossValue !== null &&
    input.TotalGrossValue !== undefined &&
    differs(input.TotalGrossValue, gross)
  )
    errors.push(
      `TotalGrossValue ${input.TotalGrossValue} is not the lines' NetValue plus TaxValue (${gross}).`,
    );
  if (errors.length) throw invalidRequest(errors);

  const now = tenant.clock.iso();
  return {
    DocumentId: documentId,
    BusinessUnitId: tenant.businessUnitId,
    PurchaseOrderNumber: existing?.PurchaseOrderNumber ?? tenant.nextPurchaseOrderNumber(),
    Status: existing?.Status ?? 1,
    ExternalId: input.ExternalId,
    SupplierId: input.SupplierId,
    RequisitorId: input.RequisitorId,
    BusinessDivisionId: input.BusinessDivisionId,
    CurrencyId: GBP_CURRENCY_ID,
    RequiredDate: input.RequiredDate,
    TotalNetValue: net,
    TotalGrossValue: gross,
    LineItems: lines,
    Type: 1,
    Void: input.Void ?? false,
    DateCreated: existing?.DateCreated ?? now,
    LastUpdated: now,
  };
}

export function addPurchaseOrder(
  tenant: Tenant,
  input: PurchaseOrderInput,
  status: PurchaseOrderStatus = 1,
): StoredPurchaseOrder {
  const order = { ...buildPurchaseOrder(tenant, input), Status: status };
  tenant.purchaseOrders.set(order.DocumentId, order);
  return order;
}

/** The order as answered: its supplier's summary (as the supplier is now) beside its SupplierId. */
export function purchaseOrderView(tenant: Tenant, order: StoredPurchaseOrder): PurchaseOrder {
  const supplier = tenant.suppliers.get(order.SupplierId);
  const { DocumentId, BusinessUnitId, PurchaseOrderNumber, Status, ExternalId, SupplierId, ...rest } = order;
  return {
    DocumentId,
    BusinessUnitId,
    PurchaseOrderNumber,
    Status,
    ExternalId,
    SupplierId,
    Supplier: {
      SupplierId,
      SupplierName: supplier?.SupplierName ?? '',
      ReferenceNumber: supplier?.ReferenceNumber ?? '',
      CountryCode: supplier?.CountryCode ?? 'GB',
      IsActive: supplier?.IsActive ?? false,
      TrustedStatus: supplier?.TrustedStatus ?? false,
    },
    ...rest,
  };
}

function getOrder(tenant: Tenant, documentId: number): StoredPurchaseOrder {
  const order = tenant.purchaseOrders.get(documentId);
  if (!order) throw notFound(`Purchase order ${documentId} was not found.`);
  return order;
}

const MAX_TAKE = 100;
const byDocumentId = (a: StoredPurchaseOrder, b: StoredPurchaseOrder) => a.DocumentId - b.DocumentId;

export const purchaseOrderRoutes: Route[] = [
  {
    method: 'POST',
    template: 'PurchaseOrder/Add',
    creates: 'PurchaseOrder',
    handle: ({ tenant, body }) =>
      purchaseOrderView(tenant, addPurchaseOrder(tenant, parseBody(purchaseOrderSchema, body))),
  },
  {
    method: 'PUT',
    template: 'PurchaseOrder/Update/{documentId}',
    handle: (ctx) => {
      const documentId = intParam(ctx, 'documentId');
      const existing = getOrder(ctx.tenant, documentId);
      if (existing.Status === 4)
        throw invalidRequest([
          `Purchase order ${existing.PurchaseOrderNumber} is completed and cannot be changed.`,
        ]);
      // Totals are the stored lines' totals: checked only when the update sends them.
      const { TotalNetValue: _net, TotalGrossValue: _gross, ...stored } = existing;
      const input = parseBody(purchaseOrderSchema, { ...stored, ...bodyObject(ctx.body) });
      if (input.DocumentId && input.DocumentId !== documentId)
        throw invalidRequest([
          `DocumentId ${input.DocumentId} does not match the purchase order being updated (${documentId}).`,
        ]);
      const updated = buildPurchaseOrder(ctx.tenant, input, existing);
      ctx.tenant.purchaseOrders.set(documentId, updated);
      return purchaseOrderView(ctx.tenant, updated);
    },
  },
  {
    method: 'GET',
    template: 'PurchaseOrder/Get/{documentId}',
    handle: (ctx) => purchaseOrderView(ctx.tenant, getOrder(ctx.tenant, intParam(ctx, 'documentId'))),
  },
  {
    method: 'GET',
    template: 'PurchaseOrder/Get/{skip}/{take}',
    handle: (ctx) => {
      const skip = intParam(ctx, 'skip');
      const take = intParam(ctx, 'take');
      if (take < 1 || take > MAX_TAKE) throw invalidRequest([`take must be between 1 and ${MAX_TAKE}.`]);
      return [...ctx.tenant.purchaseOrders.values()]
        .sort(byDocumentId)
        .slice(skip, skip + take)
        .map((order) => purchaseOrderView(ctx.tenant, order));
    },
  },
  {
    method: 'GET',
    template: 'PurchaseOrder/After/{date}',
    handle: (ctx) =>
      changedAfter(ctx.tenant.purchaseOrders.values(), dateParam(ctx, 'date')).map((order) =>
        purchaseOrderView(ctx.tenant, order),
      ),
  },
  {
    // Every order carrying the caller's ExternalId, oldest first: [] when there is none,
    // and more than one when a client added the same order twice.
    method: 'GET',
    template: 'PurchaseOrder/GetByExternalId/{externalId}',
    handle: (ctx) => {
      const externalId = textParam(ctx, 'externalId');
      return [...ctx.tenant.purchaseOrders.values()]
        .filter((order) => order.ExternalId === externalId)
        .sort(byDocumentId)
        .map((order) => purchaseOrderView(ctx.tenant, order));
    },
  },
];
