// Deterministic data of a large shared catalogue, for the catalogue benchmark: N equipment
// items and M suppliers (defaults 50,000 and 5,000) with favourites, per-company details and
// timeline events of many companies, written straight into the catalogue schema with
// multi-row INSERTs (unnest of one array per column, thousands of rows a statement).
//
// The same seed, counts and company give the same rows, byte for byte: a small PRNG
// (sfc32) draws everything, ids included, and timestamps count from a fixed date.
//
//   node bench/catalogue-data.mjs --database-url URL --customer-id UUID [--equipment N]
//        [--suppliers M] [--seed S]        insert into a database whose catalogue is migrated
//   node bench/catalogue-data.mjs --digest [--equipment N] [--suppliers M] [--seed S]
//                                           print a digest of the rows (the determinism test)
//   node bench/catalogue-data.mjs --json …  print every row as JSON
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EQUIPMENT } from '../scripts/demo/catalogue.mjs';

export const DEFAULTS = { equipment: 50_000, suppliers: 5_000, seed: 20261123 };
/** Companies other than the benchmark's that own entries and keep favourites, details and notes. */
const OTHER_COMPANIES = 200;
const EPOCH = Date.parse('2025-01-01T00:00:00Z');
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** sfc32 seeded through splitmix32: small, fast and good enough for test data. */
export function prng(seed) {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let [a, b, c, d] = [split(), split(), split(), split()];
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  const r = {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    uuid() {
      const h = Array.from({ length: 4 }, () =>
        (Math.floor(next() * 2 ** 32) >>> 0).toString(16).padStart(8, '0'),
      )
        .join('')
        .split('');
      h[12] = '4';
      h[16] = '89ab'[parseInt(h[16], 16) & 3];
      const s = h.join('');
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    date: () => new Date(EPOCH + Math.floor(next() * YEAR_MS)),
  };
  return r;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary: the demo catalogue's makes, kinds of machine and sentences, recombined

// prettier-ignore
const BRANDS = [
  'Hilti', 'Makita', 'DeWalt', 'Milwaukee', 'Bosch', 'Festool', 'Stihl', 'Husqvarna', 'Belle', 'Altrad',
  'Wacker Neuson', 'Bomag', 'JCB', 'Kubota', 'Takeuchi', 'Volvo', 'Thwaites', 'Genie', 'JLG', 'Haulotte',
  'Skyjack', 'Nifty', 'Manitou', 'Merlo', 'Karcher', 'Numatic', 'Honda', 'Pramac', 'FG Wilson',
  'Atlas Copco', 'Stephill', 'SMC', 'Trime', 'Defender', 'Broughton', 'Master', 'Andrews Sykes', 'Trotec',
  'Ebac', 'Tsurumi', 'Godwin', 'Obart', 'Rothenberger', 'Ridgid', 'Graco', 'Wagner', 'Rubi',
  'Norton Clipper', 'Evolution', 'Lincoln Electric', 'ESAB', 'Kemppi', 'Hypertherm', 'Paslode', 'Mirka',
  'Lagler', 'Camon', 'Timberwolf', 'Yale', 'Clarke', 'Armorgard', 'BoSS', 'Youngman', 'Werner', 'Lyte',
  'Refina', 'Sealey', 'C.Scope', 'Trolley Master', 'Probst', 'Winget', 'Terex', 'Mecalac', 'Hitachi',
  'Doosan',
];

/** Kinds of machine per category (what the search box is typed with). */
// prettier-ignore
const KINDS = {
  'Access Equipment': [
    'Podium Step', 'Aluminium Tower', 'Combination Ladder', 'Step Ladder', 'Folding Tower', 'Trestle',
    'Staging Board', 'Hop-Up',
  ],
  'Aircon & Cooling': [
    'Portable Air Conditioner', 'Split Air Conditioner', 'Evaporative Cooler', 'Drum Fan', 'Spot Cooler',
    'Chiller',
  ],
  'Breaking & Drilling': [
    'Breaker', 'Heavy Breaker', 'Demolition Hammer', 'Combi Hammer', 'SDS Plus Drill', 'Diamond Core Drill',
    'Rock Drill', 'Hydraulic Breaker Pack',
  ],
  'Building & Sitework': [
    'Micro Excavator', 'Mini Excavator', 'Midi Excavator', 'Skip Dumper', 'Tracked Dumper', 'Site Vault',
    'Pedestrian Barrier', 'Fencing Panel', 'Acrow Prop', 'Plasterboard Lifter', 'Cable Avoidance Tool',
    'Welfare Unit',
  ],
  Cleaning: [
    'Pressure Washer', 'Hot Water Pressure Washer', 'Wet and Dry Vacuum', 'Dust Extractor', 'Carpet Cleaner',
    'Scrubber Dryer', 'Floor Polisher',
  ],
  'Concreting & Compaction': [
    'Cement Mixer', 'Plate Compactor', 'Reversible Plate', 'Trench Rammer', 'Twin Drum Roller',
    'Poker Vibrator', 'Power Trowel', 'Concrete Screed',
  ],
  'Decorating Tools & Equipment': [
    'Wallpaper Steamer', 'Paddle Mixer', 'Tile Cutter', 'Plastering Stilts', 'Drywall Sander',
    'Pasting Table',
  ],
  Heating: [
    'Indirect Space Heater', 'Direct Diesel Heater', 'Fan Heater', 'Infrared Heater', 'Ground Thaw Heater',
    'Propane Heater',
  ],
  'Lift & Shift': [
    'Pallet Truck', 'Material Lift', 'Chain Block', 'Sack Truck', 'Telehandler', 'Vacuum Lifter',
    'Scaffold Hoist', 'Engine Crane',
  ],
  Lighting: [
    'Lighting Tower', 'LED Uplighter', 'Festoon Set', 'Site Work Light', 'Tower Light', 'Balloon Light',
  ],
  'Outdoor & Gardening': [
    'Chainsaw', 'Brushcutter', 'Rotavator', 'Wood Chipper', 'Hedge Trimmer', 'Turf Cutter', 'Stump Grinder',
    'Leaf Blower',
  ],
  'Painting & Decorating': [
    'Airless Paint Sprayer', 'HVLP Sprayer', 'Line Marking Machine', 'Painting Pole', 'Masking Machine',
  ],
  'Plumbing & Pipework': [
    'Pipe Threading Machine', 'Press Fitting Tool', 'Drain Cleaning Machine', 'Pressure Test Pump',
    'Pipe Freezer', 'Drain Rod Set', 'Drain Camera', 'Pipe Bender',
  ],
  Power: [
    'Petrol Generator', 'Inverter Generator', 'Diesel Generator', 'Silent Generator', 'Site Transformer',
    'Extension Lead', 'Power Station', 'Distribution Box',
  ],
  'Power Access': [
    'Scissor Lift', 'Rough Terrain Scissor Lift', 'Articulating Boom Lift', 'Telescopic Boom Lift',
    'Trailer Mounted Cherry Picker', 'Push Around Platform', 'Mobile Platform', 'Spider Lift',
  ],
  'Pumping & Drying': [
    'Water Pump', 'Submersible Pump', 'Dirty Water Pump', 'Dewatering Pump', 'Dehumidifier', 'Air Mover',
    'Trash Pump',
  ],
  'Sanding & Fixing': [
    'Drum Floor Sander', 'Edging Sander', 'Orbital Sander', 'Drywall Screwdriver', 'Framing Nailer',
    'Gas Nailer', 'Powder-Actuated Nailer', 'Belt Sander',
  ],
  'Sawing & Cutting': [
    'Disc Cutter', 'Cut-Off Saw', 'Ring Saw', 'Masonry Bench Saw', 'Floor Saw', 'Mitre Saw', 'Chop Saw',
    'Wall Saw', 'Table Saw',
  ],
  Welding: [
    'MIG Welder', 'Welder Generator', 'TIG Welder', 'Arc Welder', 'Oxy-Acetylene Kit', 'Plasma Cutter',
    'Welding Screen',
  ],
};
export const CATEGORIES = Object.keys(KINDS);

// prettier-ignore
const SIZES = [
  '', '', '', '1.5t', '3t', '5.5t', '8t', '300mm', '350mm', '450mm', '2 inch', '3 inch', '4 inch', '5.2m',
  '7.8m', '12m', '15.7m', '3kVA', '6kVA', '20kVA', '60kVA', '3kW', '9kW', '44kW', '60L', '25kg', '15kg',
];
// prettier-ignore
const MODEL_LETTERS = [
  'TE', 'HM', 'GS', 'Z', 'KX', 'BS', 'PCX', 'RPC', 'BW', 'TL', 'MT', 'WB', 'HS', 'CD', 'K', 'TS', 'DX', 'GX',
  'HD', 'EU', 'QAS', 'P', 'SE', 'LS', 'CM', 'R', 'X', 'ES', 'AJ', 'HR',
];
// prettier-ignore
const POWERS = ['Petrol', 'Diesel', '110V', '240V', 'Battery', 'Manual', 'Hydraulic'];
// prettier-ignore
const UNITS = ['per_day', 'per_day', 'per_day', 'per_week', 'per_week', 'per_month', 'per_hour', 'each'];

/** The demo items' descriptions per category: the generator's sentences. */
const SENTENCES = {};
for (const e of EQUIPMENT) {
  for (const sentence of e.description.split(/(?<=\.)\s+/)) (SENTENCES[e.category] ??= []).push(sentence);
}

export function equipmentName(r, category) {
  const brand = r.pick(BRANDS);
  const model = `${r.pick(MODEL_LETTERS)}${r.chance(0.4) ? ' ' : ''}${10 + r.int(9990)}${r.chance(0.2) ? r.pick(['-AVR', 'E', 'S', 'Pro', ' Mk II', 'X']) : ''}`;
  const kind = r.pick(KINDS[category]);
  const size = r.pick(SIZES);
  const power = r.chance(0.5) ? ` ${r.pick(['110V', '240V', 'Petrol', 'Diesel', 'Battery'])}` : '';
  return { name: `${brand} ${model} ${kind}${size ? ` ${size}` : ''}${power}`.slice(0, 255), kind };
}

function description(r, category, kind) {
  const sentences = SENTENCES[category];
  const count = 1 + r.int(3);
  const parts = [`${kind} for hire, delivered to site or collected from the depot.`];
  for (let i = 0; i < count; i++) parts.push(r.pick(sentences));
  return r.chance(0.05) ? null : parts.join(' ');
}

// Suppliers: place + trade + form, as the demo's ("Pennine Plant Hire Ltd").
// prettier-ignore
const PLACES = [
  'Pennine', 'Aire Valley', 'Don Valley', 'Steel City', 'Trent', 'Sherwood', 'Soar Valley', 'Midshires',
  'Severnside', 'Avon', 'Thames Valley', 'Kennet', 'Midland', 'Tyseley', 'Forth', 'Lothian', 'Clydeside',
  'Caledonian', 'Mersey', 'Speke', 'Irwell', 'Northern', 'Thameside', 'Royal Docks', 'Tyne', 'Northumbria',
  'Lagan', 'Ulster', 'Taff Valley', 'Celtic', 'Wessex', 'Mercia', 'Anglia', 'Solent', 'Humber', 'Tees',
  'Wear', 'Calder', 'Ribble', 'Wyre', 'Fylde', 'Cotswold', 'Chiltern', 'Mendip', 'Quantock', 'Dales', 'Peak',
  'Fenland', 'Broadland', 'Weald', 'Downs', 'Medway', 'Stour', 'Tamar', 'Exe', 'Dart', 'Wye', 'Usk', 'Conwy',
  'Dee', 'Tay', 'Spey', 'Moray', 'Grampian', 'Highland', 'Borders', 'Cheviot', 'Eden', 'Lune', 'Kendal',
  'Furness', 'Cumbria', 'Bowland', 'Rossendale', 'Saddleworth', 'Holme Valley', 'Colne Valley', 'Wharfe',
  'Nidd', 'Swale', 'Ure', 'Derwent', 'Hope Valley', 'Amber Valley', 'Erewash', 'Charnwood', 'Rutland',
  'Nene', 'Ouse', 'Cam', 'Orwell', 'Deben', 'Colne', 'Blackwater', 'Lea Valley', 'Brent', 'Wandle',
  'Mole Valley', 'Arun', 'Adur', 'Rother', 'Itchen', 'Test Valley', 'Avon Valley', 'Frome', 'Brue',
  'Parrett', 'Torridge', 'Camel', 'Fowey', 'Lynher', 'Clwyd', 'Menai', 'Teifi', 'Towy', 'Neath', 'Rhondda',
  'Cynon', 'Ebbw', 'Sirhowy', 'Monnow', 'Severn Vale', 'Teme', 'Lugg', 'Arrow', 'Leam', 'Sowe', 'Tame',
  'Rea', 'Blythe', 'Churnet', 'Dove', 'Manifold', 'Goyt', 'Etherow', 'Tame Valley', 'Medlock', 'Roch',
  'Douglas', 'Alt', 'Weaver', 'Gowy', 'Bollin', 'Dane', 'Trent Vale', 'Idle', 'Ryton',
];
// prettier-ignore
const TRADES = [
  'Plant Hire', 'Tool Hire', 'Access', 'Access Platforms', 'Plant Services', 'Site Supplies', 'Hire Centre',
  'Welding Supplies', 'Pumps & Drying', 'Compaction Hire', 'Tool & Lift Hire', 'Heating Hire',
  'Generator Hire', 'Lighting Tower Hire', 'Hire & Sales', 'Scaffold & Access', 'Powered Access',
  'Groundcare Hire', 'Dewatering Services', 'Small Plant', 'Lifting Services', 'Cleaning Equipment',
  'Breaker Hire', 'Survey Equipment', 'Welfare Hire',
];
// prettier-ignore
const FORMS = ['Ltd', 'Ltd', 'Ltd', '', '', 'plc', '& Sons Ltd', 'Group', 'Services Ltd', 'UK Ltd'];
/** Ofcom's drama number ranges (see scripts/demo/catalogue.mjs): area code and local prefix. */
const PHONES = [
  ['0113', '496'],
  ['0114', '496'],
  ['0115', '496'],
  ['0116', '496'],
  ['0117', '496'],
  ['0118', '496'],
  ['0121', '496'],
  ['0131', '496'],
  ['0141', '496'],
  ['0151', '496'],
  ['0161', '496'],
  ['020', '7946'],
  ['0191', '498'],
  ['029', '2018'],
];
// prettier-ignore
const STREETS = [
  'Canal Road', 'Station Road', 'Mill Lane', 'Wharf Street', 'Park Road', 'Quarry Lane', 'Dock Road',
  'Foundry Street', 'Bridge Street', 'Works Road',
];
export const TOWNS = [
  ['Leeds', 'LS'],
  ['Sheffield', 'S'],
  ['Nottingham', 'NG'],
  ['Leicester', 'LE'],
  ['Bristol', 'BS'],
  ['Reading', 'RG'],
  ['Birmingham', 'B'],
  ['Edinburgh', 'EH'],
  ['Glasgow', 'G'],
  ['Liverpool', 'L'],
  ['Manchester', 'M'],
  ['London', 'SE'],
  ['Newcastle upon Tyne', 'NE'],
  ['Cardiff', 'CF'],
];
const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
// prettier-ignore
const FIRST = [
  'Gareth', 'Priya', 'Dave', 'Sophie', 'Liam', 'Hannah', 'Tony', 'Aisha', 'Callum', 'Megan', 'Raj', 'Fiona',
  'Owen', 'Chloe', 'Stuart', 'Nadia',
];
// prettier-ignore
const LAST = [
  'Holroyd', 'Sandhu', 'Marriott', 'Clarke', 'Doherty', 'Whitworth', 'Keegan', 'Patel', 'McLeod', 'Evans',
  'Singh', 'Campbell', 'Hughes', 'Walsh', 'Barker', 'Ahmed',
];
const ORDER_METHODS = ['phone', 'email', 'purchase_order', 'zahara'];
const CHECK_METHODS = ['phone', 'email', 'website'];
const NOTE_TEXTS = [
  'Account on 30-day terms; ask for framework rates on long hires.',
  'Deliveries before 7:30am only in the city centre.',
  'Refuelling on Fridays; give two days notice to move a machine between sites.',
  'Good on breakdown cover: replacement machine within four hours.',
  'Collections must be booked by noon for next-day pickup.',
];

export function supplierRow(r, i) {
  const town = r.pick(TOWNS);
  const [area, local] = r.pick(PHONES);
  const name = [r.pick(PLACES), r.pick(TRADES), r.pick(FORMS)].filter(Boolean).join(' ');
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '');
  const postcode = `${town[1]}${1 + r.int(20)} ${1 + r.int(9)}${POSTCODE_LETTERS[r.int(20)]}${POSTCODE_LETTERS[r.int(20)]}`;
  return {
    name: `${name}${i % 7 === 0 ? ` (${town[0]})` : ''}`,
    contact_email: r.chance(0.85) ? `hire@${slug.slice(0, 40)}.example` : null,
    contact_phone: r.chance(0.95) ? `${area} ${local} ${String(r.int(1000)).padStart(4, '0')}` : null,
    address: r.chance(0.9) ? `Unit ${1 + r.int(40)}, ${r.pick(STREETS)}, ${town[0]} ${postcode}` : null,
  };
}

/**
 * Every row of every table, as `{ table: { columns, rows } }` with rows as arrays in column
 * order (null for SQL NULL). `customerId` is the company the benchmark signs in as: it owns a
 * share of the entries and has favourites, details and notes like any other company, and, like
 * most companies, no inactive entries of its own, so the service may answer it pages it shares
 * between companies. `freshCustomerId`, when given, is a second company with one inactive item
 * and one inactive supplier of its own: the service reads every page afresh for such a company.
 */
export function generateCatalogue({
  equipment: equipmentCount = DEFAULTS.equipment,
  suppliers: supplierCount = DEFAULTS.suppliers,
  seed = DEFAULTS.seed,
  customerId,
  freshCustomerId,
}) {
  if (!customerId) throw new Error('generateCatalogue needs the customerId of the benchmark company');
  const r = prng(seed);
  const companies = [customerId, ...Array.from({ length: OTHER_COMPANIES }, () => r.uuid())];
  const users = new Map(companies.map((c) => [c, r.uuid()]));
  const owner = () => (r.chance(0.05) ? customerId : r.pick(companies));
  const iso = (d) => d.toISOString();

  const equipment = [];
  for (let i = 0; i < equipmentCount; i++) {
    const category = CATEGORIES[i % CATEGORIES.length];
    const { name, kind } = equipmentName(r, category);
    const id = r.uuid();
    const company = r.chance(0.02) ? null : owner();
    const created = r.date();
    const image = r.chance(0.4) ? `/files/equipment/${id}/${r.uuid().slice(0, 8)}` : null;
    equipment.push([
      id,
      company,
      name,
      description(r, category, kind),
      category,
      r.chance(0.9) ? r.pick(UNITS) : null,
      r.chance(0.95) ? r.pick(POWERS) : null,
      image ? `${image}.webp` : null,
      image ? `${image}_card.webp` : null,
      !r.chance(0.03) || company === customerId,
      company ? users.get(company) : null,
      r.chance(0.01) ? iso(new Date(created.getTime() + 86_400_000)) : null,
      iso(created),
      iso(new Date(created.getTime() + r.int(30) * 86_400_000)),
    ]);
  }

  const suppliers = [];
  for (let i = 0; i < supplierCount; i++) {
    const s = supplierRow(r, i);
    const company = r.chance(0.02) ? null : owner();
    const created = r.date();
    suppliers.push([
      r.uuid(),
      company,
      company ? users.get(company) : null,
      s.name,
      s.contact_email,
      s.contact_phone,
      s.address,
      !r.chance(0.03) || company === customerId,
      r.chance(0.01) ? iso(new Date(created.getTime() + 86_400_000)) : null,
      iso(created),
      iso(created),
    ]);
  }

  // Favourites, details and notes: the benchmark company has a realistic share, the others
  // fill the tables to the size a busy community would.
  const pairs = (rows, perCompany, extraForBench) => {
    const out = new Map();
    for (const company of companies) {
      const n = perCompany + (company === customerId ? extraForBench : 0);
      for (let k = 0; k < n && rows.length; k++) {
        const row = rows[r.int(rows.length)];
        out.set(`${company}/${row[0]}`, [company, row[0]]);
      }
    }
    return [...out.values()];
  };
  const equipmentFavorites = pairs(equipment, 40, 200).map(([c, e]) => [c, e, iso(r.date())]);
  const supplierFavorites = pairs(suppliers, 8, 40).map(([c, s]) => [c, s, iso(r.date())]);
  const supplierDetails = pairs(suppliers, 10, 100).map(([c, s]) => {
    const at = iso(r.date());
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    return [
      c,
      s,
      `${first} ${last}`,
      r.chance(0.8) ? `${first}.${last}@supplier.example`.toLowerCase() : null,
      `07700 900${String(r.int(1000)).padStart(3, '0')}`,
      r.pick(ORDER_METHODS),
      r.pick(CHECK_METHODS),
      null,
      at,
      at,
    ];
  });
  const timeline = [];
  for (const s of suppliers) {
    if (s[1]) timeline.push([r.uuid(), s[1], s[0], 'created', 'Supplier created', null, s[2], 'Admin', s[9]]);
  }
  for (const [c, s] of pairs(suppliers, 10, 60)) {
    const at = r.date();
    timeline.push([r.uuid(), c, s, 'note', 'Note added', r.pick(NOTE_TEXTS), users.get(c), 'Admin', iso(at)]);
  }

  if (freshCustomerId) {
    // Drawn last, so every other row is the same with or without this company.
    const at = iso(r.date());
    const item = r.uuid();
    equipment.push([
      item,
      freshCustomerId,
      `Retired ${equipmentName(r, 'Power').name}`,
      null,
      'Power',
      'per_day',
      'Diesel',
      null,
      null,
      false,
      null,
      null,
      at,
      at,
    ]);
    suppliers.push([
      r.uuid(),
      freshCustomerId,
      null,
      'Former Supplier Ltd',
      null,
      null,
      null,
      false,
      null,
      at,
      at,
    ]);
  }
  return {
    equipment: {
      columns: [
        'id',
        'customer_id',
        'name',
        'description',
        'category',
        'unit_of_measure',
        'power',
        'image_url',
        'image_card_url',
        'is_active',
        'created_by',
        'deleted_at',
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
        'bool',
        'uuid',
        'timestamptz',
        'timestamptz',
        'timestamptz',
      ],
      rows: equipment,
    },
    suppliers: {
      columns: [
        'id',
        'created_by',
        'created_by_user',
        'name',
        'contact_email',
        'contact_phone',
        'address',
        'is_active',
        'deleted_at',
        'created_at',
        'updated_at',
      ],
      types: [
        'uuid',
        'uuid',
        'uuid',
        'text',
        'text',
        'text',
        'text',
        'bool',
        'timestamptz',
        'timestamptz',
        'timestamptz',
      ],
      rows: suppliers,
    },
    equipment_favorites: {
      columns: ['customer_id', 'equipment_id', 'created_at'],
      types: ['uuid', 'uuid', 'timestamptz'],
      rows: equipmentFavorites,
    },
    supplier_favorites: {
      columns: ['customer_id', 'supplier_id', 'created_at'],
      types: ['uuid', 'uuid', 'timestamptz'],
      rows: supplierFavorites,
    },
    supplier_details: {
      columns: [
        'customer_id',
        'supplier_id',
        'contact_name',
        'contact_email',
        'phone',
        'preferred_order_method',
        'availability_check_method',
        'zahara_supplier_id',
        'created_at',
        'updated_at',
      ],
      types: ['uuid', 'uuid', 'text', 'text', 'text', 'text', 'text', 'text', 'timestamptz', 'timestamptz'],
      rows: supplierDetails,
    },
    supplier_timeline: {
      columns: [
        'id',
        'customer_id',
        'supplier_id',
        'type',
        'title',
        'body',
        'author_id',
        'author_name',
        'created_at',
      ],
      types: ['uuid', 'uuid', 'uuid', 'text', 'text', 'text', 'uuid', 'text', 'timestamptz'],
      rows: timeline,
    },
  };
}

/** A SHA-256 over every row of every table: equal digests, equal data. */
export function digestOf(data) {
  const hash = createHash('sha256');
  for (const [table, { columns, rows }] of Object.entries(data)) {
    hash.update(`${table}(${columns.join(',')})\n`);
    for (const row of rows) hash.update(JSON.stringify(row) + '\n');
  }
  return hash.digest('hex');
}

const BATCH = 5000;

/**
 * Inserts the data into the `catalogue` schema of `client`'s database (a pg.Client that may
 * write there: the benchmark uses the server's superuser, which row-level security does not
 * restrict), then VACUUM ANALYZEs the tables, as autovacuum would on a live system: the
 * planner learns their size, and the trigram (GIN) indexes move the rows of their pending
 * list into the index proper. Without it a search scans the whole pending list, which holds
 * every row of a batch smaller than gin_pending_list_limit: 30 ms a search over 5,000 items.
 * Answers the number of rows per table.
 */
export function insertCatalogue(client, data) {
  return insertTables(client, 'catalogue', data);
}

/**
 * Writes `{ table: { columns, types, rows } }` into `schema` with multi-row INSERTs (unnest of
 * one array per column, BATCH rows a statement), then VACUUM ANALYZE, as autovacuum would on
 * a live system (trigram indexes otherwise keep whole batches in their GIN pending list).
 */
export async function insertTables(client, schema, data) {
  const counts = {};
  for (const [table, { columns, types, rows }] of Object.entries(data)) {
    for (let from = 0; from < rows.length; from += BATCH) {
      const batch = rows.slice(from, from + BATCH);
      const arrays = columns.map((_, c) => batch.map((row) => row[c]));
      const unnest = types.map((t, c) => `$${c + 1}::${t}[]`).join(', ');
      await client.query(
        `insert into ${schema}.${table} (${columns.join(', ')}) select * from unnest(${unnest})`,
        arrays,
      );
    }
    counts[table] = rows.length;
  }
  await client.query(
    `vacuum analyze ${Object.keys(data)
      .map((t) => `${schema}.${t}`)
      .join(', ')}`,
  );
  return counts;
}

async function cli() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'customer-id': { type: 'string' },
      equipment: { type: 'string', default: String(DEFAULTS.equipment) },
      suppliers: { type: 'string', default: String(DEFAULTS.suppliers) },
      seed: { type: 'string', default: String(DEFAULTS.seed) },
      digest: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const options = {
    equipment: Number(values.equipment),
    suppliers: Number(values.suppliers),
    seed: Number(values.seed),
    customerId: values['customer-id'] ?? '00000000-0000-4000-8000-000000000000',
  };
  const data = generateCatalogue(options);
  if (values.json) {
    process.stdout.write(JSON.stringify(data));
    return;
  }
  if (values.digest) {
    const counts = Object.fromEntries(Object.entries(data).map(([t, d]) => [t, d.rows.length]));
    console.log(JSON.stringify({ digest: digestOf(data), counts, first: data.equipment.rows[0] ?? null }));
    return;
  }
  if (!values['database-url'] || !values['customer-id'])
    throw new Error('--database-url and --customer-id are needed to insert (or --digest to print a digest)');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: values['database-url'] });
  await client.connect();
  try {
    const started = Date.now();
    const counts = await insertCatalogue(client, data);
    console.log(`inserted ${JSON.stringify(counts)} in ${Date.now() - started} ms`);
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  cli().catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
