#!/usr/bin/env node
// What each catalogue list statement costs PostgreSQL, in CPU ms per statement of the backend
// that runs it (read from /proc/<pid>/stat, so other load on the machine hardly moves it, unlike
// wall-clock timings). The statements come from the catalogue service's own query builders
// (services/catalogue/dist), sent as the service sends them (libs/db readAsTenant: one
// simple-protocol message with the tenant settings and `EXECUTE name(values)` of a statement
// prepared once per connection, on a generic plan; see preparedSql), and for comparison the way
// it sent them before: the statement itself with the values quoted in (inlineParams), planned
// for each call.
//
// It makes its own database (migrated with the service's migrations, filled by
// catalogue-data.mjs with the same seed as the load benchmark), measures, and drops it.
// Build first: npx nx run-many -t build --exclude=@planted/web
//
//   node bench/catalogue-sql-cost.mjs [--rounds 5] [--equipment N] [--suppliers M] [--seed S]
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULTS, generateCatalogue, insertCatalogue } from './catalogue-data.mjs';
import { EQUIPMENT_TERMS, SUPPLIER_TERMS } from './catalogue-terms.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const service = (file) => require(path.join(repoRoot, 'services/catalogue/dist', file));
const { Database, inlineParams, preparedSql } = require('@planted/db');
const { PgDialect } = require('drizzle-orm/pg-core');
const { sql: drizzleSql } = require('drizzle-orm');
const equipmentQueries = service('equipment/equipment.queries.js');
const supplierQueries = service('suppliers/suppliers.queries.js');
const { equipmentPageQuery, equipmentPageStateQuery } = equipmentQueries;
const { supplierPageQuery, supplierPageStateQuery } = supplierQueries;
const { placeholders } = service('shared/search.js');
const { pageStatementName, pageValues } = service('shared/list-queries.js');
const { schema } = service('db/schema.js');

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    equipment: { type: 'string', default: String(DEFAULTS.equipment) },
    suppliers: { type: 'string', default: String(DEFAULTS.suppliers) },
    seed: { type: 'string', default: String(DEFAULTS.seed) },
  },
});
const ADMIN_URL = process.env.PLANTED_BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const APP_ROLE = 'planted_catalogue';
const dbName = `planted_sqlcost_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const url = new URL(ADMIN_URL);
url.pathname = `/${dbName}`;
const dialect = new PgDialect();

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  await admin(`create database "${dbName}"`);
  try {
    const database = new Database({
      url: url.toString(),
      schemaName: 'catalogue',
      appRole: APP_ROLE,
      schema,
    });
    await database.migrate(path.join(repoRoot, 'services/catalogue/migrations'));
    // A company with no inactive entries of its own, whose pages the service may share, and one with.
    const [shared, fresh] = [randomUUID(), randomUUID()];
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await insertCatalogue(
        client,
        generateCatalogue({
          equipment: Number(opts.equipment),
          suppliers: Number(opts.suppliers),
          seed: Number(opts.seed),
          customerId: shared,
          freshCustomerId: fresh,
        }),
      );
      await measure(client, database, shared, fresh);
    } finally {
      await client.end();
      await database.close();
    }
  } finally {
    await admin(`drop database if exists "${dbName}" with (force)`);
  }
}

async function measure(client, database, shared, fresh) {
  const cpuMsOf = (pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  };
  const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
  // The service's way goes through a Database of one connection: its backend is the one measured.
  const one = new Database({
    url: url.toString(),
    schemaName: 'catalogue',
    appRole: APP_ROLE,
    schema,
    poolSize: 1,
  });
  const servicePid = await one.readAsTenant(
    shared,
    async (tx) => (await tx.execute(drizzleSql`select pg_backend_pid() as pid`)).rows[0].pid,
  );
  const settings = (customerId) =>
    `select set_config('app.customer_id', ${pg.escapeLiteral(customerId)}, true), ` +
    `set_config('app.bypass_rls', 'off', true), set_config('role', '${APP_ROLE}', true), ` +
    `set_config('transaction_read_only', 'on', true)`;
  const asBefore = (customerId, query, prefix = '') => {
    const { sql, params } = dialect.sqlToQuery(query);
    return `${settings(customerId)}; ${prefix}${inlineParams(sql, params)}`;
  };
  const filterOf = (customerId, search) => ({ customerId, search, page: 1, limit: 12 });
  // The service's statements: built once with placeholders, named as the service names them.
  const pageStatements = new Map();
  const asService = (kind, customerId, search) => {
    const q = kind === 'equipment' ? equipmentQueries : supplierQueries;
    const filter = filterOf(customerId, search);
    const name = pageStatementName(q.EQUIPMENT_LIST ?? q.SUPPLIER_LIST, filter);
    const key = `${kind}:${name ?? `custom:${search ? 's' : ''}`}`;
    if (!pageStatements.has(key))
      pageStatements.set(
        key,
        preparedSql(name, (q.equipmentPageQuery ?? q.supplierPageQuery)(filter, placeholders)),
      );
    const values = pageValues(filter);
    return one.readAsTenant(customerId, (tx) => pageStatements.get(key)(tx, values));
  };
  const rowsStatements = {
    equipment: preparedSql(
      'catalogue_equipment_page_state',
      equipmentPageStateQuery(placeholders('customerId'), placeholders('ids')),
    ),
    suppliers: preparedSql(
      'catalogue_supplier_page_state',
      supplierPageStateQuery(placeholders('customerId'), placeholders('ids')),
    ),
  };
  const rowsAsService = (kind, customerId, ids) =>
    one.readAsTenant(customerId, (tx) => rowsStatements[kind](tx, { customerId, ids }));

  // Each term's first page of ids, for the statement that re-reads a shared page.
  const ids = {};
  for (const [kind, build, terms] of [
    ['equipment', equipmentPageQuery, EQUIPMENT_TERMS],
    ['suppliers', supplierPageQuery, SUPPLIER_TERMS],
  ]) {
    for (const term of terms) {
      const results = await client.query(asBefore(shared, build(filterOf(shared, term))));
      ids[`${kind}:${term}`] = results
        .at(-1)
        .rows.filter((r) => r.id)
        .map((r) => r.id);
    }
  }

  const rounds = Number(opts.rounds);
  const run = async (label, terms, statement, backend = pid) => {
    const before = cpuMsOf(backend);
    let n = 0;
    for (let r = 0; r < rounds; r++) {
      for (const term of terms) {
        await statement(term);
        n++;
      }
    }
    const perQuery = (cpuMsOf(backend) - before) / n;
    console.log(`| ${label} | ${perQuery.toFixed(2)} |`);
  };
  console.log('| statement (CPU ms of the PostgreSQL backend per statement) | ms |\n| --- | ---: |');
  const E = EQUIPMENT_TERMS;
  const S = SUPPLIER_TERMS;
  const page = (build, customerId, term) => build(filterOf(customerId, term));
  try {
    // Warm the service's connection: its first call of each statement prepares it.
    for (const t of [...E, ...S]) {
      const kind = E.includes(t) ? 'equipment' : 'suppliers';
      await asService(kind, fresh, t);
      await rowsAsService(kind, shared, ids[`${kind}:${t}`]);
    }
    await run(
      'equipment: page read afresh (search, count, page), as the service sends it',
      E,
      (t) => asService('equipment', fresh, t),
      servicePid,
    );
    await run('equipment: the same, values written in, planned for each call', E, (t) =>
      client.query(asBefore(fresh, page(equipmentPageQuery, fresh, t))),
    );
    await run('equipment: … of which planning (EXPLAIN)', E, (t) =>
      client.query(asBefore(fresh, page(equipmentPageQuery, fresh, t), 'explain ')),
    );
    await run(
      'equipment: a page kept in memory, checked (counter, own inactive items, favourites among its 12 ids), as the service sends it',
      E,
      (t) => rowsAsService('equipment', shared, ids[`equipment:${t}`]),
      servicePid,
    );
    await run('equipment: the same, values written in, planned for each call', E, (t) =>
      client.query(asBefore(shared, equipmentPageStateQuery(shared, ids[`equipment:${t}`]))),
    );
    await run(
      'suppliers: page read afresh, as the service sends it',
      S,
      (t) => asService('suppliers', fresh, t),
      servicePid,
    );
    await run('suppliers: the same, values written in, planned for each call', S, (t) =>
      client.query(asBefore(fresh, page(supplierPageQuery, fresh, t))),
    );
    await run('suppliers: … of which planning (EXPLAIN)', S, (t) =>
      client.query(asBefore(fresh, page(supplierPageQuery, fresh, t), 'explain ')),
    );
    await run(
      "suppliers: a page kept in memory, checked (counter, own inactive suppliers, the company's columns for its ids), as the service sends it",
      S,
      (t) => rowsAsService('suppliers', shared, ids[`suppliers:${t}`]),
      servicePid,
    );
    await run('suppliers: the same, values written in, planned for each call', S, (t) =>
      client.query(asBefore(shared, supplierPageStateQuery(shared, ids[`suppliers:${t}`]))),
    );
    await run('suppliers: … of which planning (EXPLAIN)', S, (t) =>
      client.query(asBefore(shared, supplierPageStateQuery(shared, ids[`suppliers:${t}`]), 'explain ')),
    );
    await run('select 1 (a round trip)', S, () => client.query('select 1'));
  } finally {
    await one.close();
  }
}

main().catch((err) => {
  console.error(err?.stack ?? err);
  process.exitCode = 1;
});
