/**
 * Zahara's records as its API answers them (PascalCase, integer ids), the fields the
 * connector reads. See libs/zahara-local/README.md, which follows Zahara's reference.
 */
export interface ZaharaAddress {
  AddressLines?: string | null;
  Postcode?: string | null;
  CountryCode?: string | null;
}

export interface ZaharaNominalCode {
  NominalCodeId: number;
  Code: string;
  Description: string;
}

export interface ZaharaTaxCode {
  TaxCodeId: number;
  Code: string;
  CodeName: string;
  Description?: string | null;
  TaxPercentage: number;
}

export interface ZaharaCostCode {
  CostCodeId: number;
  Code: string;
  Description: string;
}

export interface ZaharaDivision {
  DivisionId: number;
  Name: string;
  Code?: string | null;
  Description?: string | null;
}

export interface ZaharaSupplierRecord {
  SupplierId: number;
  SupplierName: string;
  ReferenceNumber?: string | null;
  DefaultNominalCode?: string | null;
  DefaultNominalCodeId?: number | null;
  DefaultTaxCode?: string | null;
  DefaultTaxCodeId?: number | null;
  DefaultCostCodeId?: number | null;
  DefaultDivisionId?: number | null;
  IsActive?: boolean;
  Void?: boolean;
  LastUpdated?: string;
}

export interface ZaharaSupplierAdd {
  SupplierName: string;
  ReferenceNumber?: string;
  ContactName?: string;
  Email?: string;
  Address?: ZaharaAddress;
  CountryCode?: string;
  DefaultNominalCodeId?: number | null;
  DefaultTaxCodeId?: number | null;
  DefaultCostCodeId?: number | null;
  DefaultDivisionId?: number | null;
}

export interface ZaharaLineItem {
  Description: string;
  ProjectId?: number | null;
  CostCodeId?: number | null;
  NominalCodeId: number;
  TaxCodeId: number;
  TaxPercentage: number;
  Price: number;
  Quantity: number;
  NetValue: number;
  DivisionId?: number | null;
  RequiredDate?: string;
}

export interface ZaharaPurchaseOrderAdd {
  SupplierId: number;
  ExternalId: string;
  RequiredDate?: string;
  LineItems: ZaharaLineItem[];
}

export interface ZaharaPurchaseOrder {
  DocumentId: number;
  PurchaseOrderNumber: string;
  Status: number;
  ExternalId?: string | null;
  SupplierId: number;
  LineItems: (ZaharaLineItem & { LineItemId: number })[];
  TotalNetValue?: number;
  TotalGrossValue?: number;
  DateCreated?: string;
}

export interface ZaharaProject {
  ProjectId: number;
  ProjectName: string;
  ProjectCode: string;
  Description?: string | null;
  Status?: number | null;
  Address?: ZaharaAddress | null;
  Void?: boolean;
  LastUpdated: string;
}

export interface ZaharaProjectWrite {
  ProjectName: string;
  ProjectCode: string;
  Status?: number;
  Address?: ZaharaAddress;
}
