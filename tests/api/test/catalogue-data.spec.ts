import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  equipmentFieldsSchema,
  supplierBasicSchema,
  supplierDetailsSchema,
  noteField,
} from '@planted/contracts';
import { EQUIPMENT_CATEGORIES, POWER_TYPES, UNITS_OF_MEASURE } from '@planted/domain';

// The demo catalogue `npm start` seeds (scripts/demo/catalogue.mjs) and the benchmark's
// generated catalogue (bench/catalogue-data.mjs) are ES modules run by plain node; Jest
// compiles to CommonJS, so they are read through a node process, as the scripts run.
const root = path.resolve(__dirname, '../../..');

function node(args: string[]): string {
  const res = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (res.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${res.stderr}`);
  return res.stdout;
}

interface DemoCatalogue {
  EQUIPMENT: {
    name: string;
    category: string;
    unit_of_measure: string;
    power: string;
    description: string;
  }[];
  SUPPLIERS: { owner: string; name: string; contact_phone: string; address: string; contact_email: string }[];
  FAVORITE_EQUIPMENT: string[];
  FAVORITE_SUPPLIERS: string[];
  SUPPLIER_DETAILS: Record<string, Record<string, string | null>>;
  SUPPLIER_NOTES: { supplier: string; note: string }[];
}

const demo = (): DemoCatalogue =>
  JSON.parse(
    node([
      '--input-type=module',
      '-e',
      "const m = await import('./scripts/demo/catalogue.mjs'); process.stdout.write(JSON.stringify(m));",
    ]),
  ) as DemoCatalogue;

// Issue 9, item 4: the seed's demo data.
describe('demo catalogue (issue 9: 100+ items in all 19 categories, 30 UK suppliers)', () => {
  const data = demo();

  it('has at least 100 equipment items, every one of the 19 categories of spec §3 used', () => {
    expect(data.EQUIPMENT.length).toBeGreaterThanOrEqual(100);
    expect(new Set(data.EQUIPMENT.map((e) => e.category))).toEqual(new Set(EQUIPMENT_CATEGORIES));
    expect(new Set(data.EQUIPMENT.map((e) => e.name)).size).toBe(data.EQUIPMENT.length);
  });

  it('gives every item a valid unit, power type and a 1–3 sentence description the contract accepts', () => {
    for (const e of data.EQUIPMENT) {
      expect(equipmentFieldsSchema.safeParse(e).success).toBe(true);
      expect(UNITS_OF_MEASURE).toContain(e.unit_of_measure);
      expect(POWER_TYPES).toContain(e.power);
      const sentences = e.description.split(/(?<=\.)\s+/).length;
      expect(sentences).toBeGreaterThanOrEqual(1);
      expect(sentences).toBeLessThanOrEqual(3);
    }
  });

  it('has 30 suppliers with UK phone numbers and addresses ending in a UK postcode', () => {
    expect(data.SUPPLIERS).toHaveLength(30);
    expect(new Set(data.SUPPLIERS.map((s) => s.name)).size).toBe(30);
    for (const s of data.SUPPLIERS) {
      expect(supplierBasicSchema.safeParse(s).success).toBe(true);
      expect(s.contact_phone).toMatch(/^(01\d{2} \d{3} \d{4}|02\d \d{4} \d{4})$/);
      expect(s.address).toMatch(/ [A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    }
    // Both badges show: 'Created by you' and 'Community'.
    expect(new Set(data.SUPPLIERS.map((s) => s.owner))).toEqual(new Set(['demo', 'community']));
  });

  it('names only existing entries in its favourites, details and notes, all valid', () => {
    const equipment = new Set(data.EQUIPMENT.map((e) => e.name));
    const suppliers = new Set(data.SUPPLIERS.map((s) => s.name));
    for (const name of data.FAVORITE_EQUIPMENT) expect(equipment).toContain(name);
    for (const name of data.FAVORITE_SUPPLIERS) expect(suppliers).toContain(name);
    for (const [name, details] of Object.entries(data.SUPPLIER_DETAILS)) {
      expect(suppliers).toContain(name);
      expect(supplierDetailsSchema.safeParse(details).success).toBe(true);
    }
    for (const { supplier, note } of data.SUPPLIER_NOTES) {
      expect(suppliers).toContain(supplier);
      expect(noteField.safeParse(note).success).toBe(true);
    }
  });
});

describe("the benchmark's catalogue generator (bench/catalogue-data.mjs)", () => {
  const digest = (seed: number) =>
    JSON.parse(
      node([
        'bench/catalogue-data.mjs',
        '--digest',
        '--equipment',
        '3000',
        '--suppliers',
        '400',
        '--seed',
        String(seed),
      ]),
    ) as { digest: string; counts: Record<string, number> };

  it('gives the same rows for the same seed, and different rows for another seed', () => {
    const a = digest(7);
    const b = digest(7);
    const c = digest(8);
    expect(b.digest).toBe(a.digest);
    expect(c.digest).not.toBe(a.digest);
    expect(a.counts.equipment).toBe(3000);
    expect(a.counts.suppliers).toBe(400);
  });

  it('writes rows the contracts accept, across all 19 categories', () => {
    const data = JSON.parse(
      node([
        'bench/catalogue-data.mjs',
        '--json',
        '--equipment',
        '1900',
        '--suppliers',
        '200',
        '--seed',
        '3',
      ]),
    ) as Record<string, { columns: string[]; rows: unknown[][] }>;
    const objects = (table: string) =>
      data[table]!.rows.map((row) => Object.fromEntries(data[table]!.columns.map((c, i) => [c, row[i]])));
    const equipment = objects('equipment');
    expect(new Set(equipment.map((e) => e.category))).toEqual(new Set(EQUIPMENT_CATEGORIES));
    for (const e of equipment) expect(equipmentFieldsSchema.safeParse(e).error).toBeUndefined();
    for (const s of objects('suppliers')) expect(supplierBasicSchema.safeParse(s).error).toBeUndefined();
  });
});
