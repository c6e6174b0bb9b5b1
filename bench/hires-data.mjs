// Deterministic data of many companies' sites and hires, for the hires benchmark: by default
// 200,000 hires over 500 companies (400 each) on 10 sites each, with the hires service's read
// models of the catalogue (5,000 items, 500 suppliers) and of identity (each company's users),
// written straight into the hires schema with multi-row INSERTs (insertTables of
// catalogue-data.mjs), as its superuser (row-level security does not restrict it).
//
// The same seed and companies give the same rows: the PRNG of catalogue-data.mjs draws
// everything, ids included, and dates count from a fixed day.
//
//   node bench/hires-data.mjs --digest [--hires N] [--companies M] [--seed S]   print a digest
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CATEGORIES, equipmentName, insertTables, prng, supplierRow, TOWNS } from './catalogue-data.mjs';

export const HIRES_DEFAULTS = {
  hires: 200_000,
  companies: 500,
  sitesPerCompany: 10,
  equipment: 5_000,
  suppliers: 500,
  seed: 20261124,
};
const DAY_MS = 86_400_000;
/** Hires start over the two years before this day. */
const LAST_DAY = Date.parse('2026-11-24T00:00:00Z');

const SITE_KINDS = [
  'Depot',
  'Retail Park',
  'School Extension',
  'Housing Phase 2',
  'Station Works',
  'Bridge Repairs',
  'Hospital Wing',
  'Office Refurb',
  'Distribution Centre',
  'Flood Defences',
  'Car Park',
  'Leisure Centre',
];
const STREETS = [
  'High Street',
  'Station Road',
  'Church Lane',
  'Mill Road',
  'Park Avenue',
  'Victoria Road',
  'Canal Side',
  'Quarry Lane',
  'Wharf Street',
  'Market Place',
];
const TERMS = [
  ['day', 40, 1, 14, 25, 180],
  ['week', 33, 7, 42, 75, 540],
  ['month', 19, 28, 120, 200, 1450],
  ['fixed', 5, 1, 10, 60, 900],
  ['year', 3, 365, 400, 1800, 9500],
];
const PERIOD = { day: 1, week: 7, month: 30, year: 365 };

/**
 * Search terms of `GET /api/hires?search=` (spec §2: equipment, supplier, site or job
 * number): kinds of machine and makes, supplier trades, site towns and kinds, job numbers,
 * and a term that matches nothing.
 */
export const HIRES_TERMS = [
  'breaker',
  'excavator',
  'scissor',
  'generator',
  'Hilti',
  'JCB',
  'dumper',
  'heater',
  'pump',
  'tower',
  'Access',
  'Plant',
  'Hire Ltd',
  'Leeds',
  'Depot',
  'Station',
  'JOB-1',
  'JOB-1003',
  'Retail',
  'zzqx',
];

const pounds = (pence) => (pence / 100).toFixed(2);

/**
 * Every row of the hires schema's tables, as `{ table: { columns, types, rows } }`.
 * `registered` are the benchmark's companies (`{ customerId, userId }`, registered through the
 * API): they take the first places among the `companies`, so each has its share of sites and
 * hires like any other, created by its user.
 */
export function generateHires({
  hires: hireCount = HIRES_DEFAULTS.hires,
  companies: companyCount = HIRES_DEFAULTS.companies,
  sitesPerCompany = HIRES_DEFAULTS.sitesPerCompany,
  equipment: equipmentCount = HIRES_DEFAULTS.equipment,
  suppliers: supplierCount = HIRES_DEFAULTS.suppliers,
  seed = HIRES_DEFAULTS.seed,
  registered = [],
}) {
  const r = prng(seed);
  const companies = Array.from({ length: companyCount }, (_, i) => registered[i]?.customerId ?? r.uuid());
  const iso = (ms) => new Date(ms).toISOString();
  const day = (ms) => iso(ms).slice(0, 10);

  const equipment = [];
  for (let i = 0; i < equipmentCount; i++) {
    const category = CATEGORIES[i % CATEGORIES.length];
    const id = r.uuid();
    const image = r.chance(0.4) ? `/files/equipment/${id}/${r.uuid().slice(0, 8)}` : null;
    equipment.push([
      id,
      equipmentName(r, category).name,
      category,
      image && `${image}.webp`,
      image && `${image}_card.webp`,
      true,
      null,
      iso(LAST_DAY - 400 * DAY_MS),
    ]);
  }
  const suppliers = [];
  for (let i = 0; i < supplierCount; i++)
    suppliers.push([r.uuid(), supplierRow(r, i).name, true, null, iso(LAST_DAY - 400 * DAY_MS)]);

  const users = [];
  const sites = [];
  const hires = [];
  const perCompany = Math.floor(hireCount / companyCount);
  let job = 1000;
  for (const [c, company] of companies.entries()) {
    // The registered companies' own users arrive from identity's events; the others' are made here.
    const creators = registered[c] ? [] : [r.uuid(), r.uuid()];
    for (const id of creators)
      users.push([id, company, `User ${id.slice(0, 6)}`, null, iso(LAST_DAY - 800 * DAY_MS)]);
    const creator = registered[c]?.userId ?? creators[0];
    const own = [];
    for (let s = 0; s < sitesPerCompany; s++) {
      const [town, area] = r.pick(TOWNS);
      const id = r.uuid();
      own.push(id);
      const created = LAST_DAY - (800 - s) * DAY_MS;
      sites.push([
        id,
        company,
        `${town} ${r.pick(SITE_KINDS)}`,
        `${1 + r.int(200)} ${r.pick(STREETS)}`,
        town,
        `${area}${1 + r.int(20)} ${1 + r.int(9)}AB`,
        'GB',
        `JOB-${job++}`,
        s < sitesPerCompany - 2 ? 'active' : 'completed',
        creator,
        iso(created),
        iso(created),
      ]);
    }
    const count = perCompany + (c < hireCount - perCompany * companyCount ? 1 : 0);
    for (let h = 0; h < count; h++) {
      let roll = r.next() * 100;
      const term = TERMS.find((t) => (roll -= t[1]) < 0) ?? TERMS[0];
      const [name, , minDays, maxDays, minRate, maxRate] = term;
      const days = minDays + r.int(maxDays - minDays + 1);
      const start = LAST_DAY - r.int(730) * DAY_MS;
      const end = start + (days - 1) * DAY_MS;
      const price = (minRate + r.int(maxRate - minRate + 1)) * 100;
      const delivery = r.pick([0, 0, 3500, 4500, 6000]);
      const operator = r.chance(0.1) ? 20000 : 0;
      const cost = name === 'fixed' ? price : price * Math.ceil(days / PERIOD[name]);
      const net = cost + delivery + operator;
      const vat = Math.round(net * 0.2);
      const perDay = Math.round(price / (name === 'fixed' ? days : PERIOD[name]));
      const status =
        end >= LAST_DAY
          ? r.chance(0.8)
            ? 'active'
            : 'collection_booked'
          : r.chance(0.85)
            ? 'completed'
            : r.pick(['active', 'collection_booked']);
      const created = start - r.int(5) * DAY_MS + r.int(DAY_MS);
      hires.push([
        r.uuid(),
        company,
        r.pick(equipment)[0],
        r.pick(suppliers)[0],
        r.pick(own),
        pounds(price),
        name,
        pounds(perDay),
        pounds(delivery),
        pounds(operator),
        day(start),
        day(end),
        days,
        pounds(net),
        pounds(vat),
        pounds(net + vat),
        status,
        creator,
        iso(created),
        iso(created),
      ]);
    }
  }
  return {
    equipment: {
      columns: [
        'id',
        'name',
        'category',
        'image_url',
        'image_card_url',
        'is_active',
        'deleted_at',
        'source_at',
      ],
      types: ['uuid', 'text', 'text', 'text', 'text', 'bool', 'timestamptz', 'timestamptz'],
      rows: equipment,
    },
    suppliers: {
      columns: ['id', 'name', 'is_active', 'deleted_at', 'source_at'],
      types: ['uuid', 'text', 'bool', 'timestamptz', 'timestamptz'],
      rows: suppliers,
    },
    users: {
      columns: ['id', 'customer_id', 'name', 'profile_picture_url', 'source_at'],
      types: ['uuid', 'uuid', 'text', 'text', 'timestamptz'],
      rows: users,
    },
    sites: {
      columns: [
        'id',
        'customer_id',
        'name',
        'address_line_1',
        'city',
        'postcode',
        'country',
        'job_number',
        'status',
        'created_by',
        'created_at',
        'updated_at',
      ],
      types: [
        'uuid',
        'uuid',
        'text',
        'text',
        'text',
        'text',
        'text',
        'text',
        'text',
        'uuid',
        'timestamptz',
        'timestamptz',
      ],
      rows: sites,
    },
    hires: {
      columns: [
        'id',
        'customer_id',
        'equipment_id',
        'supplier_id',
        'site_id',
        'price',
        'pricing_term',
        'price_per_day',
        'delivery_charge',
        'operator_cost',
        'hire_start_date',
        'hire_end_date',
        'hire_duration_days',
        'net_cost',
        'vat_amount',
        'total_cost',
        'hire_status',
        'created_by',
        'created_at',
        'updated_at',
      ],
      types: [
        'uuid',
        'uuid',
        'uuid',
        'uuid',
        'uuid',
        'numeric',
        'text',
        'numeric',
        'numeric',
        'numeric',
        'date',
        'date',
        'int4',
        'numeric',
        'numeric',
        'numeric',
        'text',
        'uuid',
        'timestamptz',
        'timestamptz',
      ],
      rows: hires,
    },
  };
}

/** Inserts the rows into the hires schema (migrated by the service) and analyses the tables. */
export function insertHires(client, data) {
  return insertTables(client, 'hires', data);
}

export function digestOf(data) {
  const hash = createHash('sha256');
  for (const [table, { rows }] of Object.entries(data)) hash.update(table).update(JSON.stringify(rows));
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      hires: { type: 'string', default: String(HIRES_DEFAULTS.hires) },
      companies: { type: 'string', default: String(HIRES_DEFAULTS.companies) },
      seed: { type: 'string', default: String(HIRES_DEFAULTS.seed) },
      digest: { type: 'boolean', default: false },
    },
  });
  const data = generateHires({
    hires: Number(values.hires),
    companies: Number(values.companies),
    seed: Number(values.seed),
  });
  const counts = Object.fromEntries(Object.entries(data).map(([t, d]) => [t, d.rows.length]));
  console.log(JSON.stringify({ digest: digestOf(data), counts, first: data.hires.rows[0] }));
}
