import { testUser } from '../../../test/utils';

export const HIRE_A = '00000000-0000-4000-8000-00000000a001';
export const HIRE_B = '00000000-0000-4000-8000-00000000a002';
export const EQUIPMENT = '00000000-0000-4000-8000-00000000e001';
export const SUPPLIER = '00000000-0000-4000-8000-00000000f001';
export const SITE = '00000000-0000-4000-8000-0000000005a1';

export const hire = (over: Record<string, unknown> = {}) => ({
  id: HIRE_A,
  equipment_id: EQUIPMENT,
  supplier_id: SUPPLIER,
  site_id: SITE,
  price: 100,
  pricing_term: 'week',
  price_per_day: 14.29,
  delivery_charge: 50,
  operator_cost: 0,
  hire_start_date: '2026-03-01',
  hire_end_date: '2026-03-10',
  hire_duration_days: 10,
  net_cost: 250,
  vat_amount: 50,
  total_cost: 300,
  hire_status: 'active',
  additional_details: null,
  zahara_document_id: null,
  zahara_po_number: null,
  purchase_order_error: null,
  purchase_order_failed_at: null,
  purchase_order_update_error: null,
  equipment_name: 'Mini Digger',
  equipment_category: 'Building & Sitework',
  equipment_image_url: null,
  supplier_name: 'Speedy Hire Leeds',
  site_name: 'Leeds Depot',
  site_postcode: 'LS3 1LL',
  site_address: '12 Kirkstall Road, Leeds',
  job_number: 'J-1001',
  created_by: testUser.id,
  creator_name: 'Alice Admin',
  creator_profile_picture: null,
  created_at: '2026-02-27T10:00:00.000Z',
  updated_at: '2026-02-27T10:00:00.000Z',
  ...over,
});

export const hirePage = (hires: unknown[], totalPages = 1, currentPage = 1) => ({
  body: { hires, pagination: { currentPage, totalPages, total: hires.length, limit: 12 } },
});

export const equipmentItem = {
  id: EQUIPMENT,
  name: 'Mini Digger',
  description: '1.5 tonne excavator',
  category: 'Building & Sitework',
  unit_of_measure: 'per_day',
  power: 'Diesel',
  image_url: null,
  image_card_url: null,
  is_active: true,
  customer_id: testUser.customer_id,
  is_favorite: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export const supplierItem = {
  id: SUPPLIER,
  name: 'Speedy Hire Leeds',
  contact_email: null,
  contact_phone: null,
  address: 'Leeds',
  is_active: true,
  created_by: testUser.customer_id,
  created_by_you: true,
  is_favorite: false,
  has_customer_note: false,
  customer_contact_name: null,
  customer_contact_email: null,
  customer_phone: null,
  preferred_order_method: null,
  availability_check_method: null,
  customer_note: null,
  zahara_supplier_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export const siteItem = {
  id: SITE,
  name: 'Leeds Depot',
  address_line_1: '12 Kirkstall Road',
  address_line_2: null,
  city: 'Leeds',
  county: null,
  postcode: 'LS3 1LL',
  country: 'GB',
  job_number: 'J-1001',
  status: 'active',
  zahara_project_id: null,
  latitude: 53.8,
  longitude: -1.55,
  geocode_source: 'offline',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

export const usage = (current: number, max: number | null = 5, plan = 'free') => ({
  body: { plan, usage: { hires: { current, max } } },
});
