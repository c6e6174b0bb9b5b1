// Demo data of the companies' own work: what `npm start` seeds through the gateway API
// (scripts/demo/seed-hires.mjs) after the catalogue. Sites are works at real railway
// stations and civic buildings across the UK, at their real street addresses and postcodes
// (public places, so no private address is used); the hires on them are generated from a
// fixed seed, so every run plans the same ones.

import { COMMUNITY, DEMO } from './catalogue.mjs';

const site = (owner, job_number, name, address_line_1, city, county, postcode, status = 'active') => ({
  owner,
  job_number,
  name,
  address_line_1,
  city,
  county,
  postcode,
  status,
});

/** 22 sites of the demo company (Leeds), 8 of the community company (Wakefield). */
export const SITES = [
  site(
    DEMO,
    'DPH-24101',
    'Leeds Station Southern Entrance',
    'New Station Street',
    'Leeds',
    'West Yorkshire',
    'LS1 4DY',
  ),
  site(
    DEMO,
    'DPH-24102',
    'Sheffield Station Forecourt',
    'Sheaf Street',
    'Sheffield',
    'South Yorkshire',
    'S1 2BP',
  ),
  site(DEMO, 'DPH-24103', 'York Station Frontage', 'Station Road', 'York', 'North Yorkshire', 'YO24 1AB'),
  site(
    DEMO,
    'DPH-24104',
    'Manchester Victoria Concourse',
    'Todd Street',
    'Manchester',
    'Greater Manchester',
    'M3 1WY',
  ),
  site(DEMO, 'DPH-24105', 'Liverpool Lime Street Canopy', 'Lime Street', 'Liverpool', 'Merseyside', 'L1 1JD'),
  site(
    DEMO,
    'DPH-24106',
    'Newcastle Central Portico',
    'Neville Street',
    'Newcastle upon Tyne',
    'Tyne and Wear',
    'NE1 5DL',
  ),
  site(
    DEMO,
    'DPH-24107',
    'Birmingham New Street Gateway',
    'Station Street',
    'Birmingham',
    'West Midlands',
    'B2 4QA',
  ),
  site(
    DEMO,
    'DPH-24108',
    'Nottingham Station Interchange',
    'Carrington Street',
    'Nottingham',
    'Nottinghamshire',
    'NG2 3AQ',
  ),
  site(
    DEMO,
    'DPH-24109',
    'Leicester Station Forecourt',
    'London Road',
    'Leicester',
    'Leicestershire',
    'LE2 0QB',
  ),
  site(DEMO, 'DPH-24110', 'Derby Station Approach', 'Railway Terrace', 'Derby', 'Derbyshire', 'DE1 2RU'),
  site(
    DEMO,
    'DPH-24111',
    'Hull Paragon Interchange',
    'Ferensway',
    'Hull',
    'East Riding of Yorkshire',
    'HU1 3UT',
  ),
  site(
    DEMO,
    'DPH-24112',
    'Bristol Temple Meads Eastern Entrance',
    'Station Approach',
    'Bristol',
    null,
    'BS1 6QF',
  ),
  site(DEMO, 'DPH-24113', 'Cardiff Central Square', 'Central Square', 'Cardiff', null, 'CF10 1EP'),
  site(DEMO, 'DPH-24114', 'Glasgow Central Gordon Street', 'Gordon Street', 'Glasgow', null, 'G1 3SL'),
  site(DEMO, 'DPH-24115', 'Edinburgh Waverley Steps', 'Waverley Bridge', 'Edinburgh', null, 'EH1 1BB'),
  site(
    DEMO,
    'DPH-24116',
    "King's Cross Western Concourse",
    'Euston Road',
    'London',
    'Greater London',
    'N1 9AL',
  ),
  site(
    DEMO,
    'DPH-24117',
    'Reading Station Northern Interchange',
    'Station Approach',
    'Reading',
    'Berkshire',
    'RG1 1LZ',
  ),
  site(
    DEMO,
    'DPH-24118',
    'Cambridge Station Square',
    'Station Road',
    'Cambridge',
    'Cambridgeshire',
    'CB1 2JW',
    'inactive',
  ),
  site(
    DEMO,
    'DPH-24119',
    'Oxford Station Forecourt',
    'Park End Street',
    'Oxford',
    'Oxfordshire',
    'OX1 1HS',
    'inactive',
  ),
  site(
    DEMO,
    'DPH-23120',
    'Southampton Central Forecourt',
    'Blechynden Terrace',
    'Southampton',
    'Hampshire',
    'SO15 1AL',
    'completed',
  ),
  site(
    DEMO,
    'DPH-23121',
    'Coventry Station Masterplan',
    'Station Square',
    'Coventry',
    'West Midlands',
    'CV1 2GT',
    'completed',
  ),
  site(
    DEMO,
    'DPH-23122',
    'Belfast City Hall Grounds',
    'Donegall Square North',
    'Belfast',
    'County Antrim',
    'BT1 5GS',
    'completed',
  ),
  site(
    COMMUNITY,
    'PC-3301',
    'Norwich Station Forecourt',
    'Station Approach',
    'Norwich',
    'Norfolk',
    'NR1 1EF',
  ),
  site(COMMUNITY, 'PC-3302', 'Exeter St Davids Footbridge', 'Bonhay Road', 'Exeter', 'Devon', 'EX4 4NT'),
  site(COMMUNITY, 'PC-3303', 'Plymouth Station Gateway', 'North Road East', 'Plymouth', 'Devon', 'PL4 6AB'),
  site(
    COMMUNITY,
    'PC-3304',
    'Brighton Station Queens Road',
    'Queens Road',
    'Brighton',
    'East Sussex',
    'BN1 3XP',
  ),
  site(
    COMMUNITY,
    'PC-3305',
    'Milton Keynes Central Forecourt',
    'Elder Gate',
    'Milton Keynes',
    'Buckinghamshire',
    'MK9 1LA',
  ),
  site(COMMUNITY, 'PC-3306', 'Swansea Station High Street', 'High Street', 'Swansea', null, 'SA1 1NU'),
  site(
    COMMUNITY,
    'PC-3307',
    'Stoke Station Square',
    'Station Road',
    'Stoke-on-Trent',
    'Staffordshire',
    'ST4 2AA',
    'inactive',
  ),
  site(
    COMMUNITY,
    'PC-2308',
    'Aberdeen Guild Street',
    'Guild Street',
    'Aberdeen',
    null,
    'AB11 6LX',
    'completed',
  ),
];

/** How many hires each company gets. */
export const HIRE_COUNTS = { [DEMO]: 300, [COMMUNITY]: 60 };

/**
 * Active hires per company: one fewer than the free plan's 5 (spec §9), so the demo can add
 * one more hire and then meet the Upgrade Required modal (billing, which would change the
 * plan, is not there yet).
 */
export const ACTIVE_PER_COMPANY = 4;

/** A tag at the end of a seeded hire's details: how a later run knows which it planned. */
export const hireRef = (owner, n) => `[demo ${owner === DEMO ? 'D' : 'C'}${String(n).padStart(3, '0')}]`;

/** mulberry32: a small deterministic generator, so every run plans the same hires. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const addDays = (iso, days) => {
  const at = new Date(`${iso}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** Today in London (the hires service's "today", HIRES_TIME_ZONE's default). */
export const londonToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);

/**
 * Pricing terms of spec §9 with how long such a hire runs (days) and its rate: day rates
 * £25–£180, a week about three days' rate, a month about eight; a fixed price for one-off
 * jobs; the odd yearly hire (welfare cabins, site security).
 */
const TERMS = [
  { term: 'day', weight: 40, days: [1, 14], rate: [25, 180] },
  { term: 'week', weight: 33, days: [7, 42], rate: [75, 540] },
  { term: 'month', weight: 19, days: [28, 120], rate: [200, 1450] },
  { term: 'fixed', weight: 5, days: [1, 10], rate: [60, 900] },
  { term: 'year', weight: 3, days: [365, 400], rate: [1800, 9500] },
];
const DELIVERY = [0, 0, 35, 45, 45, 60, 75, 95];
const NOTES = [
  'Deliver to the site gate before 8am; banksman on site.',
  'Call the site manager 30 minutes before delivery.',
  'Collect from the compound; keys with security.',
  'Restricted access: vehicles under 7.5t only.',
  'Fuel to be topped up by the supplier on collection.',
  'Operator holds a CPCS card; induction booked.',
  'Weekend working: confirm access with the station team.',
  'Tool box talk on arrival; PPE required beyond the hoarding.',
];

/**
 * The hires of one company, in the order they are created: `sites` and `equipment` and
 * `suppliers` (ids) as the company sees them. Statuses (spec §3): four active (two ending
 * this week, one overdue, one later), about a sixth collection booked (some ending this week,
 * some overdue: the supplier has not collected yet), the rest completed, over the last
 * eighteen months. Every pricing term of spec §9 appears.
 */
export function planHires({ owner, count, sites, equipment, suppliers, today }) {
  const next = random(owner === DEMO ? 20240101 : 20240202);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const between = ([lo, hi]) => lo + Math.floor(next() * (hi - lo + 1));
  const term = () => {
    let roll = next() * 100;
    for (const t of TERMS) if ((roll -= t.weight) < 0) return t;
    return TERMS[0];
  };
  const live = sites.filter((s) => s.status === 'active');
  const plans = [];
  for (let n = 1; n <= count; n++) {
    const t = n <= TERMS.length ? TERMS[n - 1] : term();
    const days = between(t.days);
    let status;
    let end;
    if (n <= ACTIVE_PER_COMPANY) {
      status = 'active';
      end = addDays(today, [1, 4, -3, 21][n - 1]);
    } else if (n % 6 === 0) {
      status = 'collection_booked';
      // A third overdue (1–10 days), a third ending this week, a third later this month.
      end = addDays(today, [-between([1, 10]), between([0, 6]), between([7, 28])][(n / 6) % 3]);
    } else {
      status = 'completed';
      end = addDays(today, -between([1, 540]));
    }
    const start = addDays(end, -(days - 1));
    const rate = between(t.rate);
    plans.push({
      ref: hireRef(owner, n),
      site: status === 'completed' ? pick(sites) : pick(live),
      equipment_id: pick(equipment),
      supplier_id: pick(suppliers),
      price: rate + (next() < 0.5 ? 0 : 0.5),
      pricing_term: t.term,
      delivery_charge: pick(DELIVERY),
      operator_cost: next() < 0.12 ? between([18, 26]) * 10 : 0,
      hire_start_date: start,
      hire_end_date: end,
      hire_status: status,
      note: pick(NOTES),
    });
  }
  return plans;
}
