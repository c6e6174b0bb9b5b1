#!/usr/bin/env node
// The catalogue benchmark's baseline: the SQL the catalogue service runs for
// GET /api/equipment?search= and GET /api/suppliers?search= when it reads a page afresh (not
// from its shared page cache: the first search of a term, or for a company with inactive
// entries of its own), answered by one Fastify process with a pool of 10 connections and
// nothing else (no gateway, no NATS, no token, no validation, no shared pages). Run in the
// same window as the real routes, the ratio between the two says what the layers cost on
// whatever share of the machine the run got.
//
// Each read goes to PostgreSQL exactly as the service's do: the service's own statements
// (services/catalogue/dist, its query builders) built once with placeholders, through libs/db's
// Database.readAsTenant (one simple-protocol message with the company, no bypass, the
// application role and read-only, then `EXECUTE` of the statement prepared once per connection
// on a generic plan; short terms planned for their values; see preparedSql). Build first.
//
//   DATABASE_URL=… CUSTOMER_ID=… PORT=… node bench/catalogue-baseline.mjs
import { createRequire } from 'node:module';
import Fastify from 'fastify';

const require = createRequire(import.meta.url);
const { Database } = require('@planted/db');
const equipmentQueries = require('../services/catalogue/dist/equipment/equipment.queries.js');
const supplierQueries = require('../services/catalogue/dist/suppliers/suppliers.queries.js');
const { pageStatements, pageValues } = require('../services/catalogue/dist/shared/list-queries.js');
const { schema } = require('../services/catalogue/dist/db/schema.js');

const { DATABASE_URL, CUSTOMER_ID, PORT = '0', DB_APP_ROLE = 'planted_catalogue' } = process.env;
const POOL_SIZE = Number(process.env.DB_POOL_SIZE ?? 10);
if (!DATABASE_URL || !CUSTOMER_ID) {
  console.error('catalogue-baseline: DATABASE_URL and CUSTOMER_ID are required');
  process.exit(2);
}

const database = new Database({
  url: DATABASE_URL,
  schemaName: 'catalogue',
  appRole: DB_APP_ROLE,
  schema,
  poolSize: POOL_SIZE,
});

/** The service's page statement for a filter, built once per shape and named as the service names it. */
function pageReader(list, query) {
  const statementOf = pageStatements(list, query);
  return (filter) =>
    database.readAsTenant(filter.customerId, (tx) => statementOf(filter)(tx, pageValues(filter)));
}
const equipmentPage = pageReader(equipmentQueries.EQUIPMENT_LIST, equipmentQueries.equipmentPageQuery);
const suppliersPage = pageReader(supplierQueries.SUPPLIER_LIST, supplierQueries.supplierPageQuery);

async function page(read, field, search, pageNo, limit) {
  const rows = await read({ customerId: CUSTOMER_ID, search: search || undefined, page: pageNo, limit });
  const total = rows[0]?.total ?? 0;
  return {
    [field]: rows
      .filter((r) => r.id !== null)
      .map((row) => {
        delete row.total;
        delete row.version;
        delete row.ownInactive;
        return row;
      }),
    pagination: { page: pageNo, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
  };
}

const app = Fastify({ logger: false });
const params = (query) => ({
  search: typeof query.search === 'string' ? query.search.trim() : '',
  page: Math.max(1, Number(query.page) || 1),
  limit: Math.min(1000, Math.max(1, Number(query.limit) || 12)),
});
app.get('/equipment', (req) => {
  const { search, page: p, limit } = params(req.query);
  return page(equipmentPage, 'equipment', search, p, limit);
});
app.get('/suppliers', (req) => {
  const { search, page: p, limit } = params(req.query);
  return page(suppliersPage, 'suppliers', search, p, limit);
});
app.get('/healthz', () => ({ status: 'ok' }));

const address = await app.listen({ port: Number(PORT), host: '127.0.0.1' });
console.log(`catalogue-baseline listening at ${address}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
