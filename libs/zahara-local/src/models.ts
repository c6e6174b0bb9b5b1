/**
 * Zahara's records as its API answers them: PascalCase, integer ids, ISO 8601 timestamps.
 * Field names follow Zahara's published API reference; `ExternalId` on purchase orders and
 * `DefaultDivisionId` on suppliers are what this simulator adds (see README).
 */

export interface Address {
  AddressId: number;
  /** The street lines, one per line, separated by "\n" (town and county included). */
  AddressLines: string;
  Postcode: string;
  CountryCode: string;
  CountryCodeId: number;
  AddressType: number;
  IsPrimary: boolean;
  Void: boolean;
  LastUpdated: string;
}

export interface SupplierEmail {
  SupplierEmailId: number;
  Email: string;
  SupplierEmailType: number;
  SupplierEmailTypeDescription: string;
  AddedOn: string;
}

export interface Supplier {
  SupplierId: number;
  BusinessUnitId: number;
  SupplierName: string;
  ReferenceNumber: string;
  ContactName: string;
  Email: string;
  SupplierEmails: SupplierEmail[];
  Address: Address | null;
  CountryCode: string;
  CountryCodeId: number;
  DefaultNominalCode: string | null;
  DefaultNominalCodeId: number | null;
  DefaultTaxCode: string | null;
  DefaultTaxCodeId: number | null;
  DefaultCostCode: string | null;
  DefaultCostCodeId: number | null;
  DefaultDivisionId: number | null;
  DefaultCurrencyId: number;
  DefaultPaymentTerms: number;
  PaymentTermDaysNumber: number;
  PaymentTermStartType: number;
  PaymentTermType: number;
  BankAccountNumber: string | null;
  BankSortCode: string | null;
  IsActive: boolean;
  TrustedStatus: boolean;
  Void: boolean;
  DateCreated: string;
  LastUpdated: string;
}

/** Project status: 1 Active, 2 Inactive (on hold), 3 Completed. */
export type ProjectStatus = 1 | 2 | 3;

export interface Project {
  ProjectId: number;
  BusinessUnitId: number;
  ProjectName: string;
  ProjectCode: string;
  Description: string;
  BudgetedAmount: number;
  ProjectIncome: number;
  Start: string | null;
  End: string | null;
  Status: ProjectStatus;
  Address: Address | null;
  Void: boolean;
  DateCreated: string;
  LastUpdated: string;
}

export interface PurchaseOrderLine {
  LineItemId: number;
  DocumentId: number;
  Description: string;
  ProjectId: number | null;
  CostCodeId: number | null;
  NominalCodeId: number;
  NominalCode: string;
  TaxCodeId: number;
  TaxCode: string;
  TaxPercentage: number;
  TaxValue: number;
  Price: number;
  Quantity: number;
  QuantityReceived: number;
  DiscountPercentage: number;
  NetValue: number;
  DivisionId: number | null;
  RequiredDate: string | null;
}

/**
 * Purchase order status: 1 Awaiting approval (every order the API adds), 2 Approved,
 * 3 Rejected, 4 Completed.
 */
export type PurchaseOrderStatus = 1 | 2 | 3 | 4;

/** What a purchase order answer says of its supplier. */
export interface PurchaseOrderSupplier {
  SupplierId: number;
  SupplierName: string;
  ReferenceNumber: string;
  CountryCode: string;
  IsActive: boolean;
  TrustedStatus: boolean;
}

export interface PurchaseOrder {
  DocumentId: number;
  BusinessUnitId: number;
  PurchaseOrderNumber: string;
  Status: PurchaseOrderStatus;
  /** The caller's own reference for the order (for Planted: the hire id), unique or not. */
  ExternalId: string | null;
  SupplierId: number;
  Supplier: PurchaseOrderSupplier;
  RequisitorId: number | null;
  BusinessDivisionId: number | null;
  CurrencyId: number;
  RequiredDate: string | null;
  TotalNetValue: number;
  TotalGrossValue: number;
  LineItems: PurchaseOrderLine[];
  Type: number;
  Void: boolean;
  DateCreated: string;
  LastUpdated: string;
}

export interface NominalCode {
  NominalCodeId: number;
  Code: string;
  Description: string;
  IsActive: boolean;
  Void: boolean;
  LastUpdated: string;
}

export interface TaxCode {
  TaxCodeId: number;
  Code: string;
  CodeName: string;
  Description: string;
  TaxPercentage: number;
  IsActive: boolean;
  Void: boolean;
  LastUpdated: string;
}

export interface CostCode {
  CostCodeId: number;
  Code: string;
  Description: string;
  IsActive: boolean;
  Void: boolean;
  LastUpdated: string;
}

export interface Division {
  DivisionId: number;
  Name: string;
  Code: string;
  Description: string;
  IsActive: boolean;
  Void: boolean;
  LastUpdated: string;
}

/** Zahara's error answer: a message, and for a rejected request what was wrong with it. */
export interface ZaharaErrorBody {
  Message: string;
  Errors?: string[];
}
