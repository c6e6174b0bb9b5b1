/**
 * What every new business unit starts with: a UK construction company's chart of
 * nominal codes, HMRC VAT codes as UK purchase ledgers name them, job cost codes,
 * divisions, a few live projects and the plant-hire suppliers it already buys from.
 * Names, addresses and bank details are made up.
 */

export const SEED_NOMINAL_CODES: { Code: string; Description: string }[] = [
  { Code: '5000', Description: 'Cost of sales - materials' },
  { Code: '5001', Description: 'Cost of sales - subcontractors' },
  { Code: '5100', Description: 'Carriage inwards' },
  { Code: '5200', Description: 'Direct labour' },
  { Code: '7100', Description: 'Plant hire' },
  { Code: '7105', Description: 'Plant hire - operated' },
  { Code: '7110', Description: 'Small tools hire' },
  { Code: '7120', Description: 'Site accommodation and welfare hire' },
  { Code: '7130', Description: 'Skip hire and waste disposal' },
  { Code: '7200', Description: 'Plant repairs and maintenance' },
  { Code: '7300', Description: 'Fuel and oil' },
  { Code: '7400', Description: 'Travel and subsistence' },
  { Code: '7500', Description: 'Printing, postage and stationery' },
  { Code: '7600', Description: 'Legal and professional fees' },
  { Code: '7800', Description: 'Repairs and renewals' },
];

export const SEED_TAX_CODES: {
  Code: string;
  CodeName: string;
  Description: string;
  TaxPercentage: number;
}[] = [
  { Code: 'T0', CodeName: 'Zero rated', Description: 'Zero rated purchases 0%', TaxPercentage: 0 },
  { Code: 'T1', CodeName: 'Standard rate', Description: 'Standard rate purchases 20%', TaxPercentage: 20 },
  { Code: 'T2', CodeName: 'Exempt', Description: 'Exempt purchases', TaxPercentage: 0 },
  { Code: 'T5', CodeName: 'Reduced rate', Description: 'Reduced rate purchases 5%', TaxPercentage: 5 },
  {
    Code: 'T9',
    CodeName: 'Outside the scope',
    Description: 'Transactions outside the scope of VAT',
    TaxPercentage: 0,
  },
  {
    Code: 'T20',
    CodeName: 'Domestic reverse charge',
    Description: 'Construction services, domestic reverse charge 20%',
    TaxPercentage: 20,
  },
];

export const SEED_COST_CODES: { Code: string; Description: string }[] = [
  { Code: 'CC100', Description: 'Preliminaries' },
  { Code: 'CC110', Description: 'Site set-up and welfare' },
  { Code: 'CC200', Description: 'Groundworks' },
  { Code: 'CC310', Description: 'Plant hire - non-operated' },
  { Code: 'CC320', Description: 'Plant hire - operated' },
  { Code: 'CC330', Description: 'Access equipment' },
  { Code: 'CC340', Description: 'Lifting and cranage' },
  { Code: 'CC400', Description: 'Scaffolding' },
  { Code: 'CC900', Description: 'Waste management' },
];

export const SEED_DIVISIONS: { Name: string; Code: string; Description: string }[] = [
  { Name: 'Head Office', Code: 'HO', Description: 'Central overheads' },
  { Name: 'North West', Code: 'NW', Description: 'Manchester, Liverpool and Lancashire' },
  { Name: 'Midlands', Code: 'MID', Description: 'Birmingham and the East and West Midlands' },
  { Name: 'London and South East', Code: 'LSE', Description: 'Greater London, Kent, Surrey and Sussex' },
  { Name: 'Scotland', Code: 'SCO', Description: 'Glasgow, Edinburgh and the central belt' },
];

export interface SeedProject {
  ProjectName: string;
  ProjectCode: string;
  Description: string;
  BudgetedAmount: number;
  Status: 1 | 2 | 3;
  /** Days before the tenant was created that the project started and, when set, ended. */
  startedDaysAgo: number;
  endedDaysAgo?: number;
  AddressLines: string;
  Postcode: string;
}

export const SEED_PROJECTS: SeedProject[] = [
  {
    ProjectName: 'Riverside Quarter Phase 2',
    ProjectCode: 'J-2041',
    Description: '96 apartments over six storeys with basement car park',
    BudgetedAmount: 4_850_000,
    Status: 1,
    startedDaysAgo: 210,
    AddressLines: 'Plot 4, Riverside Way\nSalford\nGreater Manchester',
    Postcode: 'M5 4WT',
  },
  {
    ProjectName: 'York Way Office Fit-out',
    ProjectCode: 'J-2043',
    Description: 'Cat A and Cat B fit-out, floors 2 to 5',
    BudgetedAmount: 1_275_000,
    Status: 1,
    startedDaysAgo: 95,
    AddressLines: '12 York Way\nKings Cross\nLondon',
    Postcode: 'N1 9AB',
  },
  {
    ProjectName: 'Station Street Multi-storey Car Park',
    ProjectCode: 'J-2047',
    Description: 'Deck waterproofing and structural repairs',
    BudgetedAmount: 640_000,
    Status: 2,
    startedDaysAgo: 60,
    AddressLines: 'Station Street\nBirmingham\nWest Midlands',
    Postcode: 'B5 4DY',
  },
  {
    ProjectName: 'Armley Ring Road Resurfacing',
    ProjectCode: 'J-2050',
    Description: 'Carriageway resurfacing and drainage, junctions 3 to 5',
    BudgetedAmount: 385_000,
    Status: 3,
    startedDaysAgo: 300,
    endedDaysAgo: 120,
    AddressLines: 'Armley Ring Road\nLeeds\nWest Yorkshire',
    Postcode: 'LS12 2AB',
  },
];

export interface SeedSupplier {
  SupplierName: string;
  ReferenceNumber: string;
  ContactName: string;
  Email: string;
  AddressLines: string;
  Postcode: string;
  DefaultNominalCode: string;
  DefaultTaxCode: string;
  DefaultCostCode: string;
  DefaultDivisionCode: string;
  PaymentTermDaysNumber: number;
  BankSortCode: string;
  BankAccountNumber: string;
  TrustedStatus: boolean;
}

export const SEED_SUPPLIERS: SeedSupplier[] = [
  {
    SupplierName: 'Northern Plant Hire Ltd',
    ReferenceNumber: 'NOR001',
    ContactName: 'Gareth Hughes',
    Email: 'accounts@northernplanthire.co.uk',
    AddressLines: 'Unit 7, Trafford Park Road\nManchester',
    Postcode: 'M17 1HH',
    DefaultNominalCode: '7100',
    DefaultTaxCode: 'T1',
    DefaultCostCode: 'CC310',
    DefaultDivisionCode: 'NW',
    PaymentTermDaysNumber: 30,
    BankSortCode: '20-45-77',
    BankAccountNumber: '41829365',
    TrustedStatus: true,
  },
  {
    SupplierName: 'Thames Valley Access Ltd',
    ReferenceNumber: 'THA001',
    ContactName: 'Priya Shah',
    Email: 'invoices@thamesvalleyaccess.co.uk',
    AddressLines: '3 Kennet Side\nReading\nBerkshire',
    Postcode: 'RG1 3DW',
    DefaultNominalCode: '7100',
    DefaultTaxCode: 'T1',
    DefaultCostCode: 'CC330',
    DefaultDivisionCode: 'LSE',
    PaymentTermDaysNumber: 30,
    BankSortCode: '40-12-09',
    BankAccountNumber: '73016482',
    TrustedStatus: true,
  },
  {
    SupplierName: 'Midland Lifting Services Ltd',
    ReferenceNumber: 'MID001',
    ContactName: 'Tom Ellison',
    Email: 'accounts@midlandlifting.co.uk',
    AddressLines: 'Tyseley Industrial Estate\nSeeleys Road\nBirmingham',
    Postcode: 'B11 2LQ',
    DefaultNominalCode: '7105',
    DefaultTaxCode: 'T1',
    DefaultCostCode: 'CC340',
    DefaultDivisionCode: 'MID',
    PaymentTermDaysNumber: 45,
    BankSortCode: '30-96-26',
    BankAccountNumber: '10457733',
    TrustedStatus: false,
  },
  {
    SupplierName: 'Pennine Tool Hire Ltd',
    ReferenceNumber: 'PEN001',
    ContactName: 'Rachel Booth',
    Email: 'hire@penninetoolhire.co.uk',
    AddressLines: '22 Canal Road\nBradford\nWest Yorkshire',
    Postcode: 'BD1 4SJ',
    DefaultNominalCode: '7110',
    DefaultTaxCode: 'T1',
    DefaultCostCode: 'CC310',
    DefaultDivisionCode: 'NW',
    PaymentTermDaysNumber: 30,
    BankSortCode: '60-83-71',
    BankAccountNumber: '55120984',
    TrustedStatus: true,
  },
  {
    SupplierName: 'Clyde Welfare Cabins Ltd',
    ReferenceNumber: 'CLY001',
    ContactName: 'Iain McLeod',
    Email: 'accounts@clydewelfare.co.uk',
    AddressLines: '140 South Street\nGlasgow',
    Postcode: 'G14 0SX',
    DefaultNominalCode: '7120',
    DefaultTaxCode: 'T1',
    DefaultCostCode: 'CC110',
    DefaultDivisionCode: 'SCO',
    PaymentTermDaysNumber: 30,
    BankSortCode: '83-44-10',
    BankAccountNumber: '00918274',
    TrustedStatus: false,
  },
  {
    SupplierName: 'A1 Skip Hire and Waste Ltd',
    ReferenceNumber: 'A1S001',
    ContactName: 'Darren Cole',
    Email: 'office@a1skiphire.co.uk',
    AddressLines: 'Rainham Wharf\nFerry Lane\nRainham\nEssex',
    Postcode: 'RM13 9DA',
    DefaultNominalCode: '7130',
    DefaultTaxCode: 'T1',
    DefaultCostCode: 'CC900',
    DefaultDivisionCode: 'LSE',
    PaymentTermDaysNumber: 14,
    BankSortCode: '09-01-28',
    BankAccountNumber: '36620517',
    TrustedStatus: true,
  },
];

/** Orders already in the books, so lists are not empty: supplier, project and lines by code. */
export const SEED_PURCHASE_ORDERS: {
  supplierReference: string;
  projectCode: string;
  divisionCode: string;
  daysAgo: number;
  status: 2 | 4;
  lines: { Description: string; Price: number; Quantity: number; NominalCode: string; CostCode: string }[];
}[] = [
  {
    supplierReference: 'NOR001',
    projectCode: 'J-2041',
    divisionCode: 'NW',
    daysAgo: 40,
    status: 2,
    lines: [
      {
        Description: '13t tracked excavator, 4 weeks',
        Price: 850,
        Quantity: 4,
        NominalCode: '7100',
        CostCode: 'CC310',
      },
      {
        Description: 'Delivery and collection',
        Price: 180,
        Quantity: 1,
        NominalCode: '7100',
        CostCode: 'CC310',
      },
    ],
  },
  {
    supplierReference: 'THA001',
    projectCode: 'J-2043',
    divisionCode: 'LSE',
    daysAgo: 12,
    status: 2,
    lines: [
      {
        Description: '10m scissor lift, 2 weeks',
        Price: 310,
        Quantity: 2,
        NominalCode: '7100',
        CostCode: 'CC330',
      },
    ],
  },
];
