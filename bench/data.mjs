#!/usr/bin/env node
// The benchmark's one data generator: every table the suite reads, from one seed.
//
// It is the composition of the two generators the scenarios grew with (not a third copy):
//   - catalogue-data.mjs: the catalogue schema (equipment, suppliers, favourites, supplier
//     details, notes) of the benchmark company and 200 others;
//   - hires-data.mjs: the hires schema (companies' sites and users, the read models of the
//     catalogue's equipment and suppliers, and hires in every state: active,
//     collection_booked and completed, over two years, so some are past, some end soon and
//     some are overdue: still active after their end date).
// Both draw every value, ids included, from catalogue-data.mjs's seeded PRNG (sfc32), so the
// same options give the same rows byte for byte. Rows go in with multi-row INSERTs of 5,000
// (unnest of one array per column), then VACUUM ANALYZE.
//
// Sizes: `--hires 200000` (the default) and `--hires 1000000`; companies scale with the hires,
// 100 each (2,000 at 200k, 10,000 at 1M) unless `--companies` says otherwise.
//
//   node bench/data.mjs --hires 1000000 --digest      # counts, states and a digest of the rows
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULTS as CATALOGUE_DEFAULTS, generateCatalogue, insertCatalogue } from './catalogue-data.mjs';
import { generateHires, HIRES_DEFAULTS, insertHires } from './hires-data.mjs';

export const DATA_DEFAULTS = {
  hires: HIRES_DEFAULTS.hires,
  hiresPerCompany: 100,
  equipment: CATALOGUE_DEFAULTS.equipment,
  suppliers: CATALOGUE_DEFAULTS.suppliers,
  catalogueSeed: CATALOGUE_DEFAULTS.seed,
  hiresSeed: HIRES_DEFAULTS.seed,
};

/** Companies for a number of hires: 100 hires each (10,000 companies at 1,000,000), at least 50. */
export function companiesFor(hires) {
  return Math.max(50, Math.round(hires / DATA_DEFAULTS.hiresPerCompany));
}

/**
 * The whole data set: `{ catalogue, hires }`, each `{ table: { columns, types, rows } }`.
 * `customerId` (and `freshCustomerId`) are the catalogue's benchmark companies; `registered`
 * the hires' (`{ customerId, userId }` of companies signed up through the API), which take the
 * first places among the companies. Either part is left out when its options are.
 */
export function generateDataset({
  hires = DATA_DEFAULTS.hires,
  companies = companiesFor(hires),
  equipment = DATA_DEFAULTS.equipment,
  suppliers = DATA_DEFAULTS.suppliers,
  customerId,
  freshCustomerId,
  registered = [],
  withCatalogue = true,
  withHires = true,
} = {}) {
  return {
    catalogue:
      withCatalogue && customerId
        ? generateCatalogue({
            equipment,
            suppliers,
            seed: DATA_DEFAULTS.catalogueSeed,
            customerId,
            freshCustomerId,
          })
        : undefined,
    hires: withHires
      ? generateHires({ hires, companies, seed: DATA_DEFAULTS.hiresSeed, registered })
      : undefined,
  };
}

/** Writes the data set as the database's superuser (row-level security does not restrict it). */
export async function insertDataset(client, dataset) {
  const counts = {};
  if (dataset.catalogue) counts.catalogue = await insertCatalogue(client, dataset.catalogue);
  if (dataset.hires) counts.hires = await insertHires(client, dataset.hires);
  return counts;
}

/** How many hires of each state, and how many are overdue (active past their end) or end within a week. */
export function hireStates(hiresData, today = '2026-11-24') {
  const { columns, rows } = hiresData.hires;
  const status = columns.indexOf('hire_status');
  const end = columns.indexOf('hire_end_date');
  const week = new Date(Date.parse(today) + 7 * 86_400_000).toISOString().slice(0, 10);
  const out = { active: 0, collection_booked: 0, completed: 0, overdue: 0, endingSoon: 0, past: 0 };
  for (const row of rows) {
    out[row[status]]++;
    if (row[end] < today) out.past++;
    if (row[status] === 'active' && row[end] < today) out.overdue++;
    if (row[status] !== 'completed' && row[end] >= today && row[end] <= week) out.endingSoon++;
  }
  return out;
}

export function digestOf(dataset) {
  const hash = createHash('sha256');
  for (const [part, tables] of Object.entries(dataset)) {
    if (!tables) continue;
    for (const [table, { rows }] of Object.entries(tables)) {
      hash.update(`${part}.${table}`);
      for (const row of rows) hash.update(JSON.stringify(row));
    }
  }
  return hash.digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      hires: { type: 'string', default: String(DATA_DEFAULTS.hires) },
      companies: { type: 'string' },
      equipment: { type: 'string', default: String(DATA_DEFAULTS.equipment) },
      suppliers: { type: 'string', default: String(DATA_DEFAULTS.suppliers) },
      digest: { type: 'boolean', default: false },
    },
  });
  const hires = Number(values.hires);
  const started = performance.now();
  const dataset = generateDataset({
    hires,
    companies: values.companies ? Number(values.companies) : companiesFor(hires),
    equipment: Number(values.equipment),
    suppliers: Number(values.suppliers),
    // A fixed company for the catalogue part (the benchmark puts its registered one here).
    customerId: '00000000-0000-4000-8000-000000000001',
  });
  const counts = Object.fromEntries(
    Object.entries(dataset).map(([part, tables]) => [
      part,
      Object.fromEntries(Object.entries(tables).map(([t, d]) => [t, d.rows.length])),
    ]),
  );
  console.log(
    JSON.stringify({
      ...(values.digest ? { digest: digestOf(dataset) } : {}),
      counts,
      states: hireStates(dataset.hires),
      generatedMs: Math.round(performance.now() - started),
    }),
  );
}
