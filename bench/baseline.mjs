#!/usr/bin/env node
// The benchmark's physical baseline: one Fastify process with jose and pg, serving every read
// scenario of bench/api-load.mjs from the SAME SQL the services run, with nothing of the
// system's layers (no gateway, no NATS, no service framework, no bus trust, no zod).
//
// "The same SQL" is not re-typed here: each route calls the services' own repositories and
// mappers from their dist/ builds (identity's UsersRepository, the catalogue's page
// statements, hires' HiresRepository and SitesRepository), through libs/db's
// Database.readAsTenant, so every statement reaches PostgreSQL byte for byte as the service
// sends it (one simple-protocol message with the tenant settings, then EXECUTE of the
// statement the service prepares once per connection). The bearer token is verified with
// jose against identity's public key, and a verified token is remembered for a minute, as the
// gateway's SessionTokenVerifier does. The answers are the services' JSON.
//
//   DATABASE_URL=… SESSION_PUBLIC_KEYS=<PEM> CUSTOMER_ID=… PORT=… node bench/baseline.mjs
//
// Routes (each the scenario's path without /api): /auth/profile, /equipment, /suppliers,
// /hires, /sites, /customers/stats, /healthz.
import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { importSPKI, jwtVerify } from 'jose';

const require = createRequire(import.meta.url);
const dist = (service, file) => require(`../services/${service}/dist/${file}.js`);
const { Database } = require('@planted/db');
const { actorFromClaims, paginationOf } = require('@planted/contracts');

const {
  DATABASE_URL,
  SESSION_PUBLIC_KEYS,
  CUSTOMER_ID,
  PORT = '0',
  WITH_CATALOGUE = '1',
  WITH_HIRES = '1',
} = process.env;
const POOL_SIZE = Number(process.env.DB_POOL_SIZE ?? 10);
if (!DATABASE_URL || !SESSION_PUBLIC_KEYS) {
  console.error('baseline: DATABASE_URL and SESSION_PUBLIC_KEYS are required');
  process.exit(2);
}

// ---- The bearer token, as the gateway checks it (identity's issuer and audience, exp required)
const { SESSION_TOKEN_ISSUER, SESSION_TOKEN_AUDIENCE } = require('@planted/messaging');
const sessionKey = await importSPKI(SESSION_PUBLIC_KEYS.trim(), 'EdDSA');
const verified = new Map();
async function actorOf(request, reply) {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return void reply.code(401).send({ message: 'Authentication required' });
  const token = match[1];
  const known = verified.get(token);
  if (known && Date.now() < known.until) return { ...known.actor };
  try {
    const { payload } = await jwtVerify(token, sessionKey, {
      issuer: SESSION_TOKEN_ISSUER,
      audience: SESSION_TOKEN_AUDIENCE,
      requiredClaims: ['exp'],
    });
    const actor = actorFromClaims(payload);
    if (!actor) throw new Error('no actor');
    verified.set(token, { actor, until: Math.min(Date.now() + 60_000, payload.exp * 1000) });
    return { ...actor };
  } catch {
    return void reply.code(401).send({ message: 'Invalid token' });
  }
}

const databases = [];
function database(schemaName, schemaModule) {
  const db = new Database({
    url: DATABASE_URL,
    schemaName,
    appRole: `planted_${schemaName}`,
    schema: schemaModule.schema,
    poolSize: POOL_SIZE,
  });
  databases.push(db);
  return db;
}

const app = Fastify({ logger: false });
app.get('/healthz', () => ({ status: 'ok' }));

/** A route answering for the token's actor. */
function authed(path, answer) {
  app.get(path, async (request, reply) => {
    const actor = await actorOf(request, reply);
    if (!actor) return reply;
    return answer(actor, request.query);
  });
}
const listParams = (query, maxLimit = 100) => ({
  search: typeof query.search === 'string' && query.search.trim() ? query.search.trim() : undefined,
  page: Math.max(1, Number(query.page) || 1),
  limit: Math.min(maxLimit, Math.max(1, Number(query.limit) || 12)),
});

// ---- identity: GET /api/auth/profile (AuthService.profile)
{
  const identity = database('identity', dist('identity', 'db/schema'));
  const { UsersRepository } = dist('identity', 'users/users.repository');
  const { toUser } = dist('identity', 'users/user.mapper');
  const { toCustomer } = dist('identity', 'customers/customer.mapper');
  const users = new UsersRepository();
  authed('/auth/profile', (actor) =>
    identity.readAsTenant(actor.customerId, async (tx) => {
      const row = await users.findInCompanyWithCustomer(tx, actor.customerId, actor.userId);
      if (!row || !row.user.isActive || !row.customer) throw new Error('no such user');
      return { user: toUser(row.user), customer: toCustomer(row.customer) };
    }),
  );
}

// ---- catalogue: GET /api/equipment?search= and /api/suppliers?search= (a page read afresh)
if (WITH_CATALOGUE === '1') {
  const catalogue = database('catalogue', dist('catalogue', 'db/schema'));
  const equipmentQueries = dist('catalogue', 'equipment/equipment.queries');
  const supplierQueries = dist('catalogue', 'suppliers/suppliers.queries');
  const { pageStatements, pageValues } = dist('catalogue', 'shared/list-queries');
  const reader = (list, query) => {
    const statementOf = pageStatements(list, query);
    return (filter) =>
      catalogue.readAsTenant(filter.customerId, (tx) => statementOf(filter)(tx, pageValues(filter)));
  };
  const pages = {
    equipment: reader(equipmentQueries.EQUIPMENT_LIST, equipmentQueries.equipmentPageQuery),
    suppliers: reader(supplierQueries.SUPPLIER_LIST, supplierQueries.supplierPageQuery),
  };
  for (const field of ['equipment', 'suppliers']) {
    authed(`/${field}`, async (actor, query) => {
      const { search, page, limit } = listParams(query, 1000);
      // The catalogue's bench company is the data's (CUSTOMER_ID), as the gateway's token says.
      const customerId = CUSTOMER_ID || actor.customerId;
      const rows = await pages[field]({ customerId, search, page, limit });
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
        pagination: paginationOf(page, limit, total),
      };
    });
  }
}

// ---- hires: GET /api/hires(?search=), /api/sites, /api/customers/stats
if (WITH_HIRES === '1') {
  const hiresDb = database('hires', dist('hires', 'db/schema'));
  const { HiresRepository } = dist('hires', 'hires/hires.repository');
  const { SitesRepository } = dist('hires', 'sites/sites.repository');
  const { toHire } = dist('hires', 'hires/hire.mapper');
  const { toSite } = dist('hires', 'sites/site.mapper');
  const hires = new HiresRepository();
  const sites = new SitesRepository();
  // The route's default (libs/contracts hires.ts): status=active,collection_booked.
  const LISTED_STATUS = ['active', 'collection_booked'];
  authed('/hires', (actor, query) => {
    const { search, page, limit } = listParams(query);
    return hiresDb.readAsTenant(actor.customerId, async (tx) => {
      const { rows, total } = await hires.list(tx, actor.customerId, {
        page,
        limit,
        search,
        status: LISTED_STATUS,
      });
      return {
        hires: rows.map(toHire),
        pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(total / limit)), total, limit },
      };
    });
  });
  authed('/sites', (actor, query) => {
    const options = listParams(query);
    return hiresDb.readAsTenant(actor.customerId, async (tx) => {
      const { rows, total } = await sites.list(tx, actor.customerId, options);
      return { sites: rows.map(toSite), pagination: paginationOf(options.page, options.limit, total) };
    });
  });
  authed('/customers/stats', (actor) =>
    hiresDb.readAsTenant(actor.customerId, async (tx) => {
      const s = await hires.stats(tx, actor.customerId);
      return {
        stats: {
          totalHires: s.totalHires,
          activeHires: s.activeHires,
          totalSites: s.totalSites,
          totalSpending: Number(s.totalSpending),
        },
      };
    }),
  );
}

const address = await app.listen({ port: Number(PORT), host: '127.0.0.1' });
console.log(`baseline listening at ${address}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => Promise.all(databases.map((db) => db.close())))
      .then(() => process.exit(0));
  });
}
