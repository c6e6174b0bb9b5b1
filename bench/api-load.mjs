#!/usr/bin/env node
// The benchmark suite: autocannon through the gateway for the main reads (profile, equipment
// and supplier searches, the hires list and its search, the sites list, the dashboard's
// figures) and writes (hire and supplier creation), over one generated data set
// (bench/data.mjs: 200,000 hires by default, `--hires 1000000` for the large one), each read
// followed at once by the same read from the physical baseline (bench/baseline.mjs: one
// Fastify + jose + pg process running the services' own statements), so every read is also a
// ratio to the baseline measured in the same run; and the delay from hire.created to each of
// its consumers. `npm run bench` (at the root) runs the suite and prints one table.
//
// By default it starts its own copy of the system the way `npm start` does (identity, then the
// gateway, from their dist/ builds) but isolated from everything else on the machine: a fresh
// database, its own NATS subject prefix and Redis key prefix, free ports, a temporary folder for
// the signing key and uploads. Everything is removed at the end, on Ctrl-C and on failure too.
// With --url it measures a system that is already running instead.
//
//   npm run bench -w @planted/bench
//   npm run bench -w @planted/bench -- --connections 50 --duration 20 --warmup 5 --slices 4
//   npm run bench -w @planted/bench -- --url http://127.0.0.1:3000
//   npm run bench -w @planted/bench -- --only profile --cpu-prof   # V8 CPU profiles of both processes
//   npm run bench:catalogue -w @planted/bench                      # the catalogue scenarios
//
// It measures; it does not judge: the exit code is 0 whether or not the targets are met, and
// non-zero only when the benchmark itself could not run.
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
// Built with the system this script requires (npx nx run-many -t build).
import { freePort } from '@planted/testing';
import { DEFAULTS as CATALOGUE_DEFAULTS, generateCatalogue, insertCatalogue } from './catalogue-data.mjs';
import { companiesFor } from './data.mjs';
import { forwardLines } from '../scripts/prefix-lines.mjs';
import { EQUIPMENT_TERMS, SUPPLIER_TERMS } from './catalogue-terms.mjs';
import { formatSummary, summarizeFile } from './cpu-profile-summary.mjs';
import { generateHires, HIRES_DEFAULTS, HIRES_TERMS, insertHires } from './hires-data.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');

/** The issues' targets on this machine, per scenario. */
const TARGETS = {
  profile: { minRps: 1500, maxP99Ms: 50 },
  equipment: { minRps: 1000, maxP99Ms: 50 },
  suppliers: { minRps: 1000, maxP99Ms: 50 },
  'equipment-own': { minRps: 1000, maxP99Ms: 50 },
  'suppliers-own': { minRps: 1000, maxP99Ms: 50 },
  'equipment-fresh': { minRps: 1000, maxP99Ms: 50 },
  'suppliers-fresh': { minRps: 1000, maxP99Ms: 50 },
  'hires-search': { minRps: 1000, maxP99Ms: 50 },
  'hires-create': { minRps: 500, maxP99Ms: 100 },
  'hires-create-paced': { minRps: 500, maxP99Ms: 100 },
};
/** Reads judged against the baseline that also have a target of their own (issues 9 and 10). */
const OWN_TARGET_READS = ['equipment', 'suppliers', 'hires-search'];
/**
 * The issue's targets for every read, against the baseline in the same run: at least this share
 * of its req/s, and a p99 at most this many times its p99.
 */
const BASELINE_TARGET = { minRpsRatio: 0.65, maxP99Ratio: 2 };
/** With --scale-from: list and search p99 at most this many times the smaller data set's. */
const SCALE_P99_RATIO = 2;
/** The reads, each followed by the same read from the baseline process (`base:<name>`). */
const READS = ['profile', 'equipment', 'suppliers', 'hires-list', 'hires-search', 'sites', 'stats'];
/** The reads whose p99 --scale-from compares across data sizes. */
const SCALED_READS = ['hires-list', 'hires-search'];
/** The suite `npm run bench` runs. */
const SUITE = [...READS, 'hires-create', 'hires-create-paced', 'suppliers-create', 'hires-price'];
/** The consumers of hires.hire.created whose delay is measured: schema and durable name. */
const HIRE_CREATED_CONSUMERS = [
  { label: 'catalogue latest price', schema: 'catalogue', consumer: 'catalogue-hire-prices', maxP99Ms: 50 },
  { label: 'accounting read model', schema: 'accounting', consumer: 'accounting-hires' },
];
/** The offered rate of `hires-price`: creations at a steady pace, to time the price's delay. */
const PRICE_RATE = 50;
/**
 * The offered rate of `hires-create-paced`: the issue's rate for creations (≥ 500 req/s with p99
 * < 100 ms), offered at an even pace as an open-loop load (k6's constant-arrival-rate), so the p99
 * is the system's at that rate; `hires-create` is the closed loop, as many as 50 connections get.
 */
const CREATE_RATE = TARGETS['hires-create'].minRps;
/** The creating scenarios: each waits for the consumers first, and times hire.created to each. */
const CREATING = ['hires-create', 'hires-create-paced', 'hires-price'];
/** Companies the hires scenarios sign in as (the load's creations are spread over them). */
const HIRES_COMPANIES = 50;
const ALL_SCENARIOS = [
  'login',
  'profile',
  'healthz',
  'equipment',
  'equipment-own',
  'equipment-fresh',
  'suppliers',
  'suppliers-own',
  'suppliers-fresh',
  'sql-equipment',
  'sql-suppliers',
  'hires-search',
  'hires-create',
  'hires-price',
  'hires-list',
  'sites',
  'stats',
  'suppliers-create',
  'hires-create-paced',
];
/** Scenarios that need the catalogue service and its data; the sql-* ones also the baseline process. */
const CATALOGUE_SCENARIOS = [...ALL_SCENARIOS.slice(3, 9), 'suppliers-create'];
/** Scenarios that need the hires service (and the catalogue's, for the latest prices) and the hires data. */
const HIRES_SCENARIOS = [...ALL_SCENARIOS.slice(9, 12), 'hires-list', 'sites', 'stats', 'hires-create-paced'];

const { values: opts } = parseArgs({
  options: {
    url: { type: 'string' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    slices: { type: 'string', default: '4' },
    rate: { type: 'string' },
    only: { type: 'string', default: SUITE.join(',') },
    baseline: { type: 'boolean', default: true },
    'scale-from': { type: 'string' },
    details: { type: 'boolean', default: false },
    equipment: { type: 'string', default: String(CATALOGUE_DEFAULTS.equipment) },
    suppliers: { type: 'string', default: String(CATALOGUE_DEFAULTS.suppliers) },
    seed: { type: 'string', default: String(CATALOGUE_DEFAULTS.seed) },
    hires: { type: 'string', default: String(HIRES_DEFAULTS.hires) },
    companies: { type: 'string' },
    'database-url': { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'warn' },
    root: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowNegative: true, // --no-baseline
});

if (opts.help) {
  console.log(`usage: node bench/api-load.mjs [options]
  --url URL          measure a running system (e.g. http://127.0.0.1:3000) instead of starting one
  --connections N    concurrent connections (default 50)
  --duration S       seconds measured per scenario (default 20)
  --warmup S         seconds of unmeasured load before each scenario, and before its baseline
                     (default 5: at 2 s the services were still compiling their hot code, with
                     V8's compiler threads busy until about 5 s into the load; 0 for none)
  --slices N         each read and its baseline are measured in turns, N stretches of
                     duration / N seconds each, ordered system, baseline, baseline, system, …
                     (default 4; 1 for one stretch each, back to back)
  --rate N           offer a fixed N req/s in total instead of as many as the connections can
                     (compares CPU ms per request of two builds at the same load)
  --only LIST        scenarios to run, comma-separated (default: the suite,
                     ${SUITE.join(',')}):
                       login, profile      POST /api/auth/login, GET /api/auth/profile
                       healthz             GET /healthz of the gateway (a baseline: no service, no database)
                       equipment           GET /api/equipment?search=<term>&page=1&limit=12
                       suppliers           GET /api/suppliers?search=<term>
                       equipment-own, suppliers-own   the same, as a company with an inactive entry of
                                           its own: its first page is the shared one merged with its own matches
                                       equipment-fresh, suppliers-fresh   the same company's page 2: read afresh,
                                           the full search (a term's first search costs the same)
                       sql-equipment, sql-suppliers   the same SQL from a lone Fastify + pg process (baseline)
                       hires-list          GET /api/hires?page=1&limit=12 (the first company's active and booked hires)
                       hires-search        GET /api/hires?search=<term>&page=1&limit=12 over the generated hires
                       sites               GET /api/sites?page=1&limit=12
                       stats               GET /api/customers/stats (the dashboard's figures)
                       suppliers-create    POST /api/suppliers
                       hires-create        POST /api/hires (with its outbox write), spread over ${HIRES_COMPANIES} companies,
                                           as many as the connections get through (closed loop)
                       hires-create-paced  the same at an even ${CREATE_RATE} req/s offered (open loop): the target's rate
                       hires-price         POST /api/hires at a steady ${PRICE_RATE} req/s: the delay from each hire's
                                           creation to the catalogue's latest price (also printed for hires-create)
  --equipment N      generated equipment items for the catalogue scenarios (default ${CATALOGUE_DEFAULTS.equipment})
  --suppliers M      generated suppliers (default ${CATALOGUE_DEFAULTS.suppliers})
  --seed S           the generator's seed (default ${CATALOGUE_DEFAULTS.seed}); same seed, same rows
  --hires N          generated hires for the hires scenarios (default ${HIRES_DEFAULTS.hires})
  --companies M      companies they belong to (default: one per 100 hires, so 2,000 at 200,000 and
                     10,000 at 1,000,000), 10 sites each
  --no-baseline      do not start the baseline process (reads are then not compared with it)
  --scale-from FILE  a results JSON of a run on a smaller data set: judges ${SCALED_READS.join(' and ')}
                     p99 within ${SCALE_P99_RATIO}x of that run's
  --details          also print the per-process CPU tables (always in the JSON)
  --database-url URL with --url: the running system's database, written as its superuser, to insert the
                     generated catalogue there (without it the catalogue scenarios search what it has)
  --cpu-prof         run identity and the gateway under node --cpu-prof and summarise where
                     their CPU time went during each measured scenario (not with --url)
  --log-level L      LOG_LEVEL of the started processes (default warn; info is what npm start uses)
  --root DIR         start the system from another checkout whose dist/ folders are built
                     (default: this repository), e.g. to compare a branch with main
Environment: PLANTED_BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres),
NATS_URL, REDIS_URL.`);
  process.exit(0);
}

const CONNECTIONS = positiveInt('connections', opts.connections);
const DURATION = positiveInt('duration', opts.duration);
const WARMUP = nonNegativeInt('warmup', opts.warmup);
const SLICES = positiveInt('slices', opts.slices);
const RATE = opts.rate === undefined ? undefined : positiveInt('rate', opts.rate);
const SCENARIOS = opts.only
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const s of SCENARIOS) if (!ALL_SCENARIOS.includes(s)) usage(`unknown scenario "${s}" in --only`);
const WITH_HIRES = SCENARIOS.some((s) => HIRES_SCENARIOS.includes(s));
const WITH_CATALOGUE_DATA = SCENARIOS.some((s) => CATALOGUE_SCENARIOS.includes(s));
// The hires scenarios need the catalogue service too: it keeps the latest prices from hire events.
const WITH_CATALOGUE = WITH_CATALOGUE_DATA || WITH_HIRES;
// With --url the baseline needs the running system's database and identity's public key.
const BASELINE_POSSIBLE = !opts.url || Boolean(opts['database-url'] && process.env.SESSION_PUBLIC_KEYS);
const WITH_BASELINE = SCENARIOS.some(
  (s) => s.startsWith('sql-') || (opts.baseline && BASELINE_POSSIBLE && READS.includes(s)),
);
const WITH_FRESH = SCENARIOS.some((s) => s.endsWith('-fresh') || s.endsWith('-own'));
const DATA_SIZE = {
  equipment: nonNegativeInt('equipment', opts.equipment),
  suppliers: nonNegativeInt('suppliers', opts.suppliers),
  seed: nonNegativeInt('seed', opts.seed),
};
const HIRES_SIZE = {
  hires: nonNegativeInt('hires', opts.hires),
  companies: undefined,
};
HIRES_SIZE.companies =
  opts.companies === undefined ? companiesFor(HIRES_SIZE.hires) : positiveInt('companies', opts.companies);
if (WITH_HIRES && opts.url)
  usage('the hires scenarios write their data into the database: run them on their own system');
if (WITH_HIRES && HIRES_SIZE.companies < HIRES_COMPANIES)
  usage(`--companies must be at least ${HIRES_COMPANIES}`);
if (WITH_BASELINE && opts.url && !opts['database-url'])
  usage('the sql-* baselines read the database directly: with --url give --database-url too');
if (opts['cpu-prof'] && opts.url)
  usage('--cpu-prof profiles the processes this script starts; it cannot be used with --url');
if (opts.root && opts.url)
  usage('--root starts a system from another checkout; it cannot be used with --url');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
if (!LOG_LEVELS.includes(opts['log-level'])) usage(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
/** The checkout whose services/identity/dist and gateway/dist are started. */
const root = opts.root ? path.resolve(opts.root) : repoRoot;

const ADMIN_URL = process.env.PLANTED_BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const HIGH_LIMIT = '1000000000';

function usage(msg) {
  console.error(`api-load: ${msg} (see --help)`);
  process.exit(2);
}
function positiveInt(name, v) {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) usage(`--${name} must be a positive whole number`);
  return n;
}
function nonNegativeInt(name, v) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) usage(`--${name} must be a whole number`);
  return n;
}
function log(msg) {
  console.log(`\x1b[36m[bench]\x1b[0m ${msg}`);
}
function warn(msg) {
  console.log(`\x1b[33m[bench] WARNING: ${msg}\x1b[0m`);
}

// ---------------------------------------------------------------------------------------------
// The isolated system and its clean-up

const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const state = {
  children: [],
  dbName: undefined,
  databaseUrl: undefined,
  prefix: undefined,
  tmpDir: undefined,
  profDir: undefined,
  stopping: false,
};
let cleanupPromise;

async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function spawnService(name, script, env) {
  const execArgv = state.profDir
    ? ['--cpu-prof', `--cpu-prof-dir=${state.profDir}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...execArgv, script], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.label = name;
  const prefix = `\x1b[35m[${name}]\x1b[0m `;
  forwardLines(child.stdout, process.stdout, prefix);
  forwardLines(child.stderr, process.stderr, prefix);
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (err) => {
      child.failed = true;
      resolve({ code: `spawn error: ${err.message}`, signal: null });
    });
  });
  child.exited.then(({ code, signal }) => {
    if (!state.stopping) {
      console.error(
        `\n\x1b[31m✖ ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); see its lines above.\x1b[0m`,
      );
      void cleanup().then(() => process.exit(1));
    }
  });
  state.children.push(child);
  return child;
}

async function waitReady(name, url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null || child.failed)
      throw new Error(`${name} exited during start-up`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not become ready at ${url} within ${timeoutMs / 1000} s`);
}

async function startSystem() {
  const scripts = ['services/identity/dist/main.js', 'gateway/dist/main.js'];
  if (WITH_CATALOGUE) scripts.push('services/catalogue/dist/main.js');
  if (WITH_HIRES) scripts.push('services/hires/dist/main.js', 'services/accounting/dist/main.js');
  for (const script of scripts) {
    if (!existsSync(path.join(root, script))) {
      throw new Error(
        `${path.join(root, script)} is missing: build first (npx nx run-many -t build --exclude=@planted/web)`,
      );
    }
  }
  state.prefix = `bench_${runId}`;
  state.dbName = `planted_bench_${runId}`;
  state.tmpDir = mkdtempSync(path.join(os.tmpdir(), 'planted-bench-'));
  if (opts['cpu-prof']) state.profDir = mkdtempSync(path.join(os.tmpdir(), 'planted-bench-prof-'));

  await admin(`create database "${state.dbName}"`);
  const [port, identityPort, cataloguePort, hiresPort, accountingPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: opts['log-level'],
    DATABASE_URL: withDatabase(ADMIN_URL, state.dbName),
    NATS_URL,
    REDIS_URL,
    NATS_SUBJECT_PREFIX: state.prefix,
    REDIS_KEY_PREFIX: `${state.prefix}:`,
    JWT_KEY_FILE: path.join(state.tmpDir, 'keys', 'jwt-signing-key.pem'),
    // Trust on the bus: identity's and the gateway's keys, the public halves pinned.
    ...busKeyEnv(),
    UPLOAD_DIR: path.join(state.tmpDir, 'uploads'),
    APP_URL: `http://localhost:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    IDENTITY_HTTP_PORT: String(identityPort),
    CATALOGUE_HTTP_PORT: String(cataloguePort),
    HIRES_HTTP_PORT: String(hiresPort),
    ACCOUNTING_HTTP_PORT: String(accountingPort),
    ACCOUNTING_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // Nothing here calls Zahara (no company connects it); a closed port if something did.
    ZAHARA_BASE_URL: 'http://127.0.0.1:9',
    // Every request of this load test comes from one IP and logs in to one account.
    LOGIN_RATE_LIMIT_PER_IP: HIGH_LIMIT,
    LOGIN_RATE_LIMIT_PER_EMAIL: HIGH_LIMIT,
  };
  mkdirSync(env.UPLOAD_DIR, { recursive: true });
  if (root !== repoRoot) log(`system from ${root}`);
  log(
    `database ${state.dbName}, NATS/Redis prefix ${state.prefix}, gateway :${port}, identity :${identityPort}`,
  );
  const identity = spawnService('identity', 'services/identity/dist/main.js', env);
  await waitReady('identity', `http://127.0.0.1:${identityPort}/readyz`, identity);
  if (WITH_CATALOGUE) {
    const catalogue = spawnService('catalogue', 'services/catalogue/dist/main.js', env);
    await waitReady('catalogue', `http://127.0.0.1:${cataloguePort}/readyz`, catalogue);
  }
  if (WITH_HIRES) {
    const hires = spawnService('hires', 'services/hires/dist/main.js', env);
    await waitReady('hires', `http://127.0.0.1:${hiresPort}/readyz`, hires);
    const accounting = spawnService('accounting', 'services/accounting/dist/main.js', env);
    await waitReady('accounting', `http://127.0.0.1:${accountingPort}/readyz`, accounting);
  }
  const gateway = spawnService('gateway', 'gateway/dist/main.js', env);
  await waitReady('gateway', `http://127.0.0.1:${port}/readyz`, gateway);
  state.databaseUrl = env.DATABASE_URL;
  state.env = env;
  return `http://127.0.0.1:${port}`;
}

/** The lone Fastify + jose + pg process serving the services' SQL for every read (bench/baseline.mjs). */
async function startBaseline(databaseUrl, customerId) {
  const port = await freePort();
  const child = spawnService('baseline', path.join(benchDir, 'baseline.mjs'), {
    ...process.env,
    DATABASE_URL: databaseUrl,
    CUSTOMER_ID: customerId ?? '',
    SESSION_PUBLIC_KEYS: state.env?.SESSION_PUBLIC_KEYS ?? process.env.SESSION_PUBLIC_KEYS ?? '',
    WITH_CATALOGUE: WITH_CATALOGUE ? '1' : '0',
    WITH_HIRES: WITH_HIRES ? '1' : '0',
    PORT: String(port),
  });
  await waitReady('baseline', `http://127.0.0.1:${port}/healthz`, child);
  return `http://127.0.0.1:${port}`;
}

/** The generated catalogue, inserted straight into the database (its superuser passes row-level security). */
async function seedCatalogueData(databaseUrl, customerId, freshCustomerId) {
  const started = Date.now();
  const data = generateCatalogue({ ...DATA_SIZE, customerId, freshCustomerId });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts = await insertCatalogue(client, data);
    log(
      `catalogue data (seed ${DATA_SIZE.seed}): ${Object.entries(counts)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return counts;
  } finally {
    await client.end();
  }
}

function busKeyEnv() {
  const pair = () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    return [
      privateKey.export({ type: 'pkcs8', format: 'pem' }),
      publicKey.export({ type: 'spki', format: 'pem' }),
    ];
  };
  const [identityKey, sessionPublic] = pair();
  const [gatewayKey, gatewayPublic] = pair();
  return {
    JWT_PRIVATE_KEY: identityKey,
    SESSION_PUBLIC_KEYS: sessionPublic,
    GATEWAY_PRIVATE_KEY: gatewayKey,
    GATEWAY_PUBLIC_KEYS: gatewayPublic,
    EVENT_SIGNING_SECRET: randomBytes(32).toString('base64'),
  };
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null || child.failed) return;
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  child.kill('SIGTERM');
  await child.exited;
  clearTimeout(timer);
}

function cleanup() {
  cleanupPromise ??= (async () => {
    state.stopping = true;
    // The gateway first (it stops taking requests), then identity.
    for (const child of [...state.children].reverse()) await stopChild(child);
    if (state.prefix) {
      for (const stream of ['IDENTITY', 'CATALOGUE', 'HIRES', 'BILLING', 'ACCOUNTING']) {
        await deleteStream(`${state.prefix}_${stream}`).catch((err) =>
          warn(`could not delete the JetStream stream ${stream}: ${err.message}`),
        );
      }
      await deleteRedisKeys(`${state.prefix}:`).catch((err) =>
        warn(`could not delete the Redis keys: ${err.message}`),
      );
    }
    if (state.dbName) {
      await admin(`drop database if exists "${state.dbName}" with (force)`).catch((err) =>
        warn(`could not drop database ${state.dbName}: ${err.message}`),
      );
    }
    if (state.tmpDir) rmSync(state.tmpDir, { recursive: true, force: true });
  })();
  return cleanupPromise;
}

async function deleteStream(name) {
  const { connect } = await import('nats');
  const nc = await connect({ servers: NATS_URL.split(','), timeout: 3000 });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(name).catch((err) => {
      if (err?.api_error?.err_code !== 10059) throw err; // 10059: no such stream (never created)
    });
  } finally {
    await nc.close();
  }
}

/**
 * Waits (up to 60 s) until every durable consumer of this run's streams has nothing pending
 * or unacknowledged: the consumers have applied the previous scenario's events, so a write
 * scenario's event delay is not the previous one's backlog. Answers the seconds waited.
 */
async function consumersIdle() {
  if (!state.prefix) return 0;
  const { connect } = await import('nats');
  const nc = await connect({ servers: NATS_URL.split(','), timeout: 3000 });
  const started = Date.now();
  try {
    const jsm = await nc.jetstreamManager();
    while (Date.now() - started < 60_000) {
      let busy = 0;
      for await (const stream of jsm.streams.list()) {
        if (!stream.config.name.startsWith(`${state.prefix}_`)) continue;
        for await (const consumer of jsm.consumers.list(stream.config.name))
          busy += consumer.num_pending + consumer.num_ack_pending;
      }
      if (busy === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await nc.close();
  }
  return (Date.now() - started) / 1000;
}

async function deleteRedisKeys(prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n[bench] ${signal}: stopping and cleaning up…`);
    void cleanup().then(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// CPU accounting (Linux /proc), so a run says which process used the two cores

const CLK_TCK = 100;

function procCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK; // utime + stime
  } catch {
    return undefined;
  }
}

function machineCpu() {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
    const n = cpu.trim().split(/\s+/).slice(1).map(Number);
    const idle = n[3] + (n[4] ?? 0);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return { idle, total };
  } catch {
    return undefined;
  }
}

/** The shared servers, by process name (every PostgreSQL backend counts, whichever database it serves). */
const SERVERS = { postgres: 'postgres', 'nats-server': 'nats', 'redis-server': 'redis' };

/** CPU ms of every server process, by pid, with the server it belongs to. */
function serverCpuMs() {
  const out = new Map();
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const key = SERVERS[readFileSync(`/proc/${pid}/comm`, 'utf8').trim()];
      const ms = key ? procCpuMs(pid) : undefined;
      if (ms !== undefined) out.set(pid, { key, ms });
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * Each server's CPU between two snapshots, process by process: a backend that started in the
 * window counts whole, one that ended in it is left out (its last figures are gone with it).
 * Summing totals instead went negative whenever other people's backends ended in the window.
 */
function serverCpuBetween(a, b) {
  const out = Object.fromEntries(Object.values(SERVERS).map((k) => [k, 0]));
  for (const [pid, { key, ms }] of b) out[key] += ms - (a.get(pid)?.ms ?? 0);
  return out;
}

function cpuSnapshot() {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    machine: machineCpu(),
    bench: (usage.user + usage.system) / 1000,
    children: Object.fromEntries(state.children.map((c) => [c.label, procCpuMs(c.pid)])),
    servers: serverCpuMs(),
  };
}

/** Percent of one core each process used between two snapshots; machine as percent of all cores. */
function cpuBetween(a, b) {
  const wall = b.at - a.at;
  const out = { benchPctOfCore: round1((100 * (b.bench - a.bench)) / wall) };
  for (const [label, ms] of Object.entries(b.children)) {
    if (ms !== undefined && a.children[label] !== undefined)
      out[`${label}PctOfCore`] = round1((100 * (ms - a.children[label])) / wall);
  }
  for (const [label, ms] of Object.entries(serverCpuBetween(a.servers, b.servers)))
    out[`${label}PctOfCore`] = round1((100 * ms) / wall);
  if (a.machine && b.machine) {
    const total = b.machine.total - a.machine.total;
    out.machineBusyPct = round1((100 * (total - (b.machine.idle - a.machine.idle))) / total);
    // What is left is load that is not this benchmark's: other people's tests, builds, …
    const ours = Object.entries(out)
      .filter(([k]) => k.endsWith('PctOfCore'))
      .reduce((sum, [, v]) => sum + v, 0);
    out.otherPctOfCore = round1(Math.max(0, out.machineBusyPct * os.cpus().length - ours));
  }
  return out;
}

const round1 = (x) => Math.round(x * 10) / 10;
const round2 = (x) => Math.round(x * 100) / 100;

// ---------------------------------------------------------------------------------------------
// The load

async function api(base, method, url, body, token) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}

async function prepareUser(base, label = '') {
  const email = `bench-${runId}${label}@planted.test`.replace(/_/g, '-');
  const password = `bench-password-${randomBytes(6).toString('hex')}`;
  const reg = await api(base, 'POST', '/api/auth/register', {
    customerName: `Bench Plant Hire ${runId}${label}`,
    customerAddress: '1 Benchmark Yard, Leeds LS1 1AA',
    userName: 'Bench User',
    email,
    password,
  });
  if (reg.status !== 201) throw new Error(`registration failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await api(base, 'POST', '/api/auth/login', { email, password });
  if (login.status !== 200 || !login.body?.token)
    throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.token;
  const profile = await api(base, 'GET', '/api/auth/profile', undefined, token);
  if (profile.status !== 200)
    throw new Error(`GET /api/auth/profile failed: ${profile.status} ${JSON.stringify(profile.body)}`);
  return { email, password, token, customerId: login.body.customer.id };
}

/** Requests of one scenario: `paths` cycle over the search terms, one per request. */
function scenarioRequest(name, user, bases) {
  if (name.startsWith('base:')) {
    // The same request (same token, same terms) to the baseline, whose paths have no /api.
    const req = scenarioRequest(name.slice('base:'.length), user, bases);
    const strip = (p) => p.replace(/^\/api/, '');
    return {
      ...req,
      title: `baseline ${req.title.replace(/^(GET|POST) \/api/, '$1 ')}`,
      base: bases.baseline,
      ...(req.path ? { path: strip(req.path) } : {}),
      ...(req.paths ? { paths: req.paths.map(strip) } : {}),
    };
  }
  if (name.endsWith('-own')) {
    const req = scenarioRequest(name.replace(/-own$/, ''), bases.freshUser, bases);
    return { ...req, title: `${req.title} (own inactive)` };
  }
  if (name.endsWith('-fresh')) {
    // Page 2 of the company with inactive entries of its own: never shared, never merged.
    const req = scenarioRequest(name.replace(/-fresh$/, ''), bases.freshUser, bases);
    const secondPage = (p) => (p.includes('page=1') ? p.replace('page=1', 'page=2') : `${p}&page=2`);
    return { ...req, title: `${req.title} (fresh, page 2)`, paths: req.paths.map(secondPage) };
  }
  const auth = { authorization: `Bearer ${user.token}` };
  const searching = (title, base, route, terms, extra, headers) => ({
    title,
    base,
    method: 'GET',
    headers,
    paths: terms.map((t) => `${route}?search=${encodeURIComponent(t)}${extra}`),
  });
  if (name === 'healthz') return { title: 'GET /healthz (gateway)', path: '/healthz', method: 'GET' };
  if (name === 'hires-search')
    return searching('GET /api/hires?search=…', undefined, '/api/hires', HIRES_TERMS, '&page=1&limit=12', {
      authorization: `Bearer ${bases.hires.companies[0].token}`,
    });
  const firstCompany = () => ({ authorization: `Bearer ${bases.hires.companies[0].token}` });
  if (name === 'hires-list')
    return {
      title: 'GET /api/hires',
      method: 'GET',
      path: '/api/hires?page=1&limit=12',
      headers: firstCompany(),
    };
  if (name === 'sites')
    return {
      title: 'GET /api/sites',
      method: 'GET',
      path: '/api/sites?page=1&limit=12',
      headers: firstCompany(),
    };
  if (name === 'stats')
    return {
      title: 'GET /api/customers/stats',
      method: 'GET',
      path: '/api/customers/stats',
      headers: firstCompany(),
    };
  if (name === 'suppliers-create') {
    let n = 0;
    return {
      title: 'POST /api/suppliers',
      method: 'POST',
      path: '/api/suppliers',
      vary: () => {
        const i = n++;
        return {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
          body: JSON.stringify({
            name: `Bench Supplier ${runId} ${i}`,
            contact_email: `supplier-${i}@bench.planted.test`,
            contact_phone: '0113 496 0000',
            address: `${1 + (i % 200)} Bench Street, Leeds LS1 1AA`,
          }),
        };
      },
    };
  }
  if (CREATING.includes(name)) {
    // Each request as the next company, on one of its sites, for an item and supplier of the read models.
    const { companies, equipment, suppliers } = bases.hires;
    let n = 0;
    const bodyOf = () => {
      const i = n++;
      const company = companies[i % companies.length];
      return {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${company.token}` },
        body: JSON.stringify({
          equipment_id: equipment[i % equipment.length],
          supplier_id: suppliers[i % suppliers.length],
          site_id: company.sites[i % company.sites.length],
          price: 45 + (i % 200),
          pricing_term: ['day', 'week', 'month'][i % 3],
          delivery_charge: 35,
          operator_cost: '',
          hire_start_date: '2026-11-02',
          hire_end_date: '2026-11-20',
        }),
      };
    };
    const rate = { 'hires-create-paced': CREATE_RATE, 'hires-price': PRICE_RATE }[name];
    return {
      title: rate ? `POST /api/hires at ${rate} req/s` : 'POST /api/hires',
      method: 'POST',
      path: '/api/hires',
      vary: bodyOf,
      ...(rate ? { rate } : {}),
    };
  }
  if (name === 'equipment')
    return searching(
      'GET /api/equipment?search=…',
      undefined,
      '/api/equipment',
      EQUIPMENT_TERMS,
      '&page=1&limit=12',
      auth,
    );
  if (name === 'suppliers')
    return searching('GET /api/suppliers?search=…', undefined, '/api/suppliers', SUPPLIER_TERMS, '', auth);
  if (name === 'sql-equipment')
    return searching(
      'same SQL, Fastify + pg: equipment',
      bases.baseline,
      '/equipment',
      EQUIPMENT_TERMS,
      '&page=1&limit=12',
      auth,
    );
  if (name === 'sql-suppliers')
    return searching(
      'same SQL, Fastify + pg: suppliers',
      bases.baseline,
      '/suppliers',
      SUPPLIER_TERMS,
      '',
      auth,
    );
  if (name === 'login') {
    return {
      title: 'POST /api/auth/login',
      path: '/api/auth/login',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    };
  }
  return {
    title: 'GET /api/auth/profile',
    path: '/api/auth/profile',
    method: 'GET',
    headers: { authorization: `Bearer ${user.token}` },
  };
}

/**
 * A scenario with its own rate (hires-price, hires-create-paced) sent at an even pace:
 * request k is due at k × (1000 / rate) ms and its time runs from then, whatever the answers'
 * times (no coordinated omission: a request that waits for a free connection waits on the
 * clock), on up to CONNECTIONS keep-alive connections. autocannon's rate resets once a second
 * on every connection, so 50 req/s over 50 connections left as one burst of 50 each second:
 * the delays it measured were the burst's queue, not the system's pace.
 *
 * The client writes HTTP/1.1 on plain sockets and reads each answer's status line and
 * Content-Length, as autocannon does: it shares the 2 cores with the system it measures, and
 * node:http (or undici) cost 0.25 CPU ms per request, 15 % of a core at 500 req/s.
 */
async function paced(base, req, seconds, rate) {
  const { hostname, port } = new URL(base);
  const latencies = [];
  const codes = {};
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  const intervalMs = 1000 / rate;
  const started = performance.now();
  /** Requests due and not yet written: [due time, request bytes]. */
  const waiting = [];
  const idle = [];
  const all = new Set();
  let finished;
  const done = new Promise((resolve) => (finished = resolve));
  let sending = true;
  const settleIfDone = () => {
    if (!sending && waiting.length === 0 && [...all].every((c) => !c.current)) finished();
  };
  const requestBytes = () => {
    const { headers, body } = req.vary();
    const lines = [
      `${req.method} ${req.path} HTTP/1.1`,
      `host: ${hostname}:${port}`,
      'connection: keep-alive',
    ];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push(`content-length: ${Buffer.byteLength(body)}`);
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${body}`);
  };
  const write = (conn, item) => {
    conn.current = item;
    conn.socket.write(item[1]);
  };
  const next = (conn) => {
    conn.current = undefined;
    const item = waiting.shift();
    if (item) write(conn, item);
    else idle.push(conn);
    settleIfDone();
  };
  const open = () => {
    const conn = { socket: net.connect({ host: hostname, port: Number(port) }), buffer: Buffer.alloc(0) };
    conn.socket.setNoDelay(true);
    all.add(conn);
    conn.socket.on('connect', () => next(conn));
    conn.socket.on('data', (chunk) => {
      conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
      for (;;) {
        const headEnd = conn.buffer.indexOf('\r\n\r\n');
        if (headEnd < 0 || !conn.current) return;
        const head = conn.buffer.toString('latin1', 0, headEnd);
        if (/\r\ntransfer-encoding:\s*chunked/i.test(head))
          throw new Error('paced: chunked answers are not read');
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (conn.buffer.length < headEnd + 4 + length) return;
        const status = Number(head.slice(9, 12));
        latencies.push(performance.now() - conn.current[0]);
        codes[status] = (codes[status] ?? 0) + 1;
        conn.buffer = conn.buffer.subarray(headEnd + 4 + length);
        next(conn);
      }
    });
    const lost = () => {
      if (!all.delete(conn)) return;
      const idleAt = idle.indexOf(conn);
      if (idleAt >= 0) idle.splice(idleAt, 1);
      if (conn.current && !conn.timedOut) errors += 1;
      conn.current = undefined;
      if (sending || waiting.length) open();
      settleIfDone();
    };
    conn.socket.on('error', lost);
    conn.socket.on('close', lost);
  };
  for (let i = 0; i < CONNECTIONS; i++) open();
  // Answers slower than 10 s count as timeouts, and their connection is replaced.
  const watchdog = setInterval(() => {
    const now = performance.now();
    for (const conn of all)
      if (conn.current && now - conn.current[0] > 10_000) {
        timeouts += 1;
        conn.timedOut = true;
        conn.socket.destroy();
      }
  }, 250);
  await new Promise((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - started;
      if (elapsed >= seconds * 1000) return resolve();
      while (sent * intervalMs <= elapsed) {
        const item = [started + sent * intervalMs, requestBytes()];
        sent += 1;
        const conn = idle.pop();
        if (conn) write(conn, item);
        else waiting.push(item);
      }
      setTimeout(tick, Math.max(0, sent * intervalMs - (performance.now() - started)));
    };
    tick();
  });
  sending = false;
  settleIfDone();
  await done;
  clearInterval(watchdog);
  for (const conn of all) conn.socket.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => (latencies.length ? Math.round(percentile(latencies, p)) : 0);
  const answered = latencies.length;
  const non2xx = Object.entries(codes)
    .filter(([code]) => Number(code) < 200 || Number(code) > 299)
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    requests: { average: answered / seconds, total: sent },
    latency: {
      average: answered ? latencies.reduce((sum, v) => sum + v, 0) / answered : 0,
      p50: at(50),
      p90: at(90),
      p99: at(99),
      max: Math.round(latencies.at(-1) ?? 0),
    },
    non2xx,
    errors,
    timeouts,
    statusCodeStats: Object.fromEntries(Object.entries(codes).map(([code, count]) => [code, { count }])),
  };
}

function cannon(base, req, seconds, raw = false) {
  if (req.rate && req.vary) return paced(base, req, seconds, req.rate);
  // Varying paths: every request a connection sends takes the next one, whichever connection it is.
  let next = 0;
  const varying = req.paths
    ? {
        requests: [
          {
            method: req.method,
            setupRequest: (r) => ({ ...r, path: req.paths[next++ % req.paths.length] }),
          },
        ],
      }
    : req.vary
      ? { requests: [{ method: req.method, setupRequest: (r) => ({ ...r, ...req.vary() }) }] }
      : {};
  const rate = req.rate ?? RATE;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base + (req.path ?? req.paths[0]),
        method: req.method,
        headers: req.headers,
        body: req.body,
        ...varying,
        connections: CONNECTIONS,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
        timeout: 10,
        // Raw: histograms kept whole, for autocannon.aggregateResult to merge several runs.
        ...(raw ? { skipAggregateResult: true } : {}),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    const stop = () => instance.stop();
    process.once('SIGINT', stop);
    instance.on('done', () => process.off('SIGINT', stop));
  });
}

/** Unmeasured load first: the processes' JIT compilers and caches settle before the figures start. */
async function warmUp(req, base) {
  if (WARMUP <= 0) return;
  log(`${req.title}: warm-up ${WARMUP} s`);
  await cannon(base, req, WARMUP);
}

/** One measured stretch of load: autocannon's raw result (or paced()'s), the CPU it cost and its window. */
async function measureSlice(req, base, seconds, raw) {
  const before = cpuSnapshot();
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  const r = await cannon(base, req, seconds, raw);
  const toUs = Number(process.hrtime.bigint() / 1000n);
  const after = cpuSnapshot();
  return {
    r,
    seconds: (after.at - before.at) / 1000,
    cpu: cpuBetween(before, after),
    window: { fromUs, toUs },
  };
}

async function runScenario(bases, name, user) {
  const req = scenarioRequest(name, user, bases);
  const base = req.base ?? bases.system;
  await warmUp(req, base);
  log(`${req.title}: ${CONNECTIONS} connections for ${DURATION} s${RATE ? `, ${RATE} req/s offered` : ''}`);
  const loadavg = os.loadavg()[0];
  const creating = CREATING.includes(name);
  if (creating) {
    const waited = await consumersIdle();
    if (waited >= 1)
      log(`${req.title}: waited ${waited.toFixed(1)} s for the consumers to apply earlier events`);
  }
  const fromDb = creating ? await databaseNow() : undefined;
  const slice = await measureSlice(req, base, DURATION);
  const eventDelays = creating ? await hireCreatedDelays(fromDb, await databaseNow()) : undefined;
  return resultOf(name, req, slice.r, [slice], loadavg, eventDelays);
}

/**
 * A read and the same read from the baseline, measured in turns: after a warm-up of each,
 * SLICES stretches of DURATION / SLICES seconds each, in the order system, baseline, baseline,
 * system, system, baseline … (ABBA), so that a machine that speeds up or slows down while they
 * run (a neighbour's load on a shared host) weighs on both alike. Each side's figures are its
 * stretches together: requests over their seconds, percentiles of all their latencies.
 */
async function runPaired(bases, name, user) {
  const sides = [name, `base:${name}`].map((scenario) => {
    const req = scenarioRequest(scenario, user, bases);
    return { scenario, req, base: req.base ?? bases.system, slices: [] };
  });
  for (const side of sides) await warmUp(side.req, side.base);
  // Whole seconds: autocannon ends a run on its next one-second tick.
  const seconds = Math.max(1, Math.round(DURATION / SLICES));
  log(
    `${sides[0].req.title}: ${CONNECTIONS} connections, ${SLICES} × ${seconds} s in turns with the baseline` +
      (RATE ? `, ${RATE} req/s offered` : ''),
  );
  const loadavg = os.loadavg()[0];
  for (let i = 0; i < SLICES; i++) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse())
      side.slices.push(await measureSlice(side.req, side.base, seconds, true));
    if (interrupted) break;
  }
  return sides.map((side) => {
    const raw = side.slices.map((s) => s.r);
    const merged = autocannon.aggregateResult(raw, { url: side.base, connections: CONNECTIONS });
    const secondsMeasured = side.slices.reduce((sum, s) => sum + s.seconds, 0);
    const answered = raw.reduce((sum, r) => sum + r.totalCompletedRequests, 0);
    merged.requests = { average: answered / secondsMeasured, total: merged.requests.sent };
    return resultOf(side.scenario, side.req, merged, side.slices, loadavg);
  });
}

/** Percent-of-core figures of several stretches as one: each weighed by its length. */
function cpuOfSlices(slices) {
  if (slices.length === 1) return slices[0].cpu;
  const total = slices.reduce((sum, s) => sum + s.seconds, 0);
  const out = {};
  for (const s of slices)
    for (const [key, pct] of Object.entries(s.cpu)) out[key] = (out[key] ?? 0) + (pct * s.seconds) / total;
  for (const key of Object.keys(out)) out[key] = round1(out[key]);
  return out;
}

function resultOf(name, req, r, slices, loadavg, eventDelays) {
  const priceDelay = eventDelays?.['catalogue-hire-prices'];
  const cpu = cpuOfSlices(slices);
  // CPU time per answered request: unlike req/s it hardly moves when others load the machine.
  const wallMs = 1000 * slices.reduce((sum, s) => sum + s.seconds, 0);
  const answered =
    Object.values(r.statusCodeStats ?? {}).reduce((sum, v) => sum + v.count, 0) || r.requests.total;
  const cpuMsPerRequest = {};
  for (const [key, pct] of Object.entries(cpu)) {
    if (!key.endsWith('PctOfCore') || key === 'otherPctOfCore' || !answered) continue;
    cpuMsPerRequest[key.replace('PctOfCore', '')] =
      Math.round((1000 * ((pct / 100) * wallMs)) / answered) / 1000;
  }
  const ours = Object.values(cpuMsPerRequest).reduce((sum, v) => sum + v, 0);
  if (ours > 0 && state.children.length) {
    cpuMsPerRequest.total = Math.round(ours * 1000) / 1000;
    // What the machine could answer if this benchmark had every core to itself (kernel time not counted).
    cpuMsPerRequest.ceilingReqPerSec = Math.round((os.cpus().length * 1000) / ours);
  }
  const codes = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]),
  );
  return {
    scenario: name,
    title: req.title,
    connections: CONNECTIONS,
    // In turns: the seconds its stretches took (whole seconds each), not --duration.
    durationS: slices.length > 1 ? round1(wallMs / 1000) : DURATION,
    ...(slices.length > 1 ? { slices: slices.length } : {}),
    ...(RATE ? { offeredRate: RATE } : {}),
    requestsPerSecAvg: round1(r.requests.average),
    requestsTotal: r.requests.total,
    latencyMs: {
      avg: round2(r.latency.average ?? r.latency.mean),
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: codes,
    cpu,
    cpuMsPerRequest,
    ...(priceDelay ? { priceDelayMs: priceDelay } : {}),
    ...(eventDelays ? { eventDelayMs: eventDelays } : {}),
    loadavg1mAtStart: round2(loadavg),
    windows: slices.map((s) => s.window),
  };
}

/** The database's clock (hires' created_at and the catalogue's processed_at are read from it too). */
async function databaseNow() {
  const client = new pg.Client({ connectionString: state.databaseUrl });
  await client.connect();
  try {
    return (await client.query('select clock_timestamp() as now')).rows[0].now;
  } finally {
    await client.end();
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * The delay from each hire created in [from, to] to each consumer of its hire.created event
 * (HIRE_CREATED_CONSUMERS): from the event's occurred_at (the hires outbox row's, the start of
 * the transaction that created the hire and recorded the event) to the start of the
 * consumer's transaction that applied the event (its service's processed_events), both on
 * the database's clock. Not from the hire's created_at: that is when the creating request
 * reached the hires service (the time it answers with), so under a closed loop it would add
 * the request's own wait for its turn, which the POST's latency already counts. Waits up to
 * 30 s for every consumer to catch up with the load first.
 *
 * Also split in two hops, so a run shows where the delay is: occurred_at → the outbox row's
 * published_at (the rest of the hires transaction, its commit, the relay's wake-up, its claim
 * and the JetStream PubAck), and published_at → processed_at (delivery, the consumer's pull
 * and batching, up to the start of its transaction). published_at is written after the
 * PubAcks (the relay's mark), so a consumer that starts before the mark gives that hop a
 * negative time.
 */
async function hireCreatedDelays(from, to) {
  const client = new pg.Client({ connectionString: state.databaseUrl });
  await client.connect();
  const query = (schema, consumer) => `
    select extract(epoch from (p.processed_at - o.occurred_at)) * 1000 as ms,
           extract(epoch from (o.published_at - o.occurred_at)) * 1000 as published_ms,
           extract(epoch from (p.processed_at - o.published_at)) * 1000 as processed_ms
      from hires.hires h
      join hires.outbox o on o.subject = 'hires.hire.created.v1' and o.payload->'hire'->>'id' = h.id::text
      left join ${schema}.processed_events p on p.consumer = '${consumer}' and p.event_id = o.id
     where h.created_at between $1 and $2`;
  const spread = (values) => {
    const sorted = values
      .filter((v) => v !== null)
      .map(Number)
      .sort((a, b) => a - b);
    return sorted.length
      ? {
          p50: round1(percentile(sorted, 50)),
          p90: round1(percentile(sorted, 90)),
          p99: round1(percentile(sorted, 99)),
          max: round1(sorted.at(-1)),
        }
      : undefined;
  };
  const out = {};
  try {
    const deadline = Date.now() + 30_000;
    for (const { schema, consumer } of HIRE_CREATED_CONSUMERS) {
      let rows;
      do {
        ({ rows } = await client.query(query(schema, consumer), [from, to]));
        if (rows.every((row) => row.ms !== null)) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      } while (Date.now() < deadline);
      const ms = rows.map((row) => row.ms).filter((v) => v !== null);
      out[consumer] = !ms.length
        ? { count: 0, missing: rows.length }
        : {
            count: ms.length,
            missing: rows.length - ms.length,
            ...spread(ms),
            hops: {
              published: spread(rows.map((row) => row.published_ms)),
              processed: spread(rows.map((row) => row.processed_ms)),
            },
          };
    }
    return out;
  } finally {
    await client.end();
  }
}

/** The processes this run started, in the order the tables show them. */
function processLabels(results) {
  return ['gateway', 'identity', 'catalogue', 'hires', 'accounting', 'baseline'].filter((label) =>
    results.some((r) => r.cpu[`${label}PctOfCore`] !== undefined),
  );
}

function printTable(results) {
  const labels = processLabels(results);
  const rows = [
    [
      'scenario',
      'req/s avg',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'errors',
      'timeouts',
      ...labels.map((label) => `${label} %`),
      'postgres %',
      'autocannon %',
      'other %',
      'machine busy %',
    ],
    ...results.map((r) => [
      r.title,
      String(r.requestsPerSecAvg),
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      String(r.non2xx),
      String(r.errors),
      String(r.timeouts),
      ...[
        ...labels.map((label) => `${label}PctOfCore`),
        'postgresPctOfCore',
        'benchPctOfCore',
        'otherPctOfCore',
        'machineBusyPct',
      ].map((k) => (r.cpu[k] !== undefined ? String(r.cpu[k]) : '-')),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) =>
    '| ' + row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ') + ' |';
  console.log('\n' + line(rows[0]));
  console.log(
    '|' + widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|',
  );
  for (const row of rows.slice(1)) console.log(line(row));
  const perRequest = results.filter((r) => r.cpuMsPerRequest?.total !== undefined);
  if (perRequest.length) {
    const keys = [...labels, 'postgres', 'nats', 'redis', 'bench', 'total'];
    const cost = [
      ['CPU ms per request', ...keys.map((k) => (k === 'bench' ? 'autocannon' : k)), 'ceiling req/s'],
      ...perRequest.map((r) => [
        r.title,
        ...keys.map((k) => String(r.cpuMsPerRequest[k] ?? '-')),
        String(r.cpuMsPerRequest.ceilingReqPerSec),
      ]),
    ];
    const w = cost[0].map((_, i) => Math.max(...cost.map((row) => row[i].length)));
    const fmt = (row) =>
      '| ' + row.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(' | ') + ' |';
    console.log('\n' + fmt(cost[0]));
    console.log(
      '|' + w.map((x, i) => (i === 0 ? '-'.repeat(x + 2) : '-'.repeat(x + 1) + ':')).join('|') + '|',
    );
    for (const row of cost.slice(1)) console.log(fmt(row));
  }
  console.log(
    'CPU columns: percent of one core used during the measured window (200 = both cores); "other" is load that is not\n' +
      "this benchmark's (other tests or builds on the machine: noise, plus kernel time); machine busy is percent of all cores.\n" +
      'CPU ms per request: CPU time each process spent per answered request (postgres counts every backend on the server);\n' +
      'ceiling req/s = cores x 1000 / total, the rate this machine could reach if the benchmark had it to itself.\n',
  );
}

function judge(results) {
  for (const r of results) {
    if (r.non2xx > 0 || r.errors > 0) {
      warn(
        `${r.title}: ${r.non2xx} non-2xx answers (${JSON.stringify(r.statusCodes)}), ${r.errors} errors, ${r.timeouts} timeouts: ` +
          'the figures include failures and do not measure the happy path.',
      );
    }
  }
  if (RATE) {
    console.log(`targets not judged: with --rate the load is capped at ${RATE} req/s`);
    return undefined;
  }
  const verdicts = [];
  for (const r of results) {
    const target = TARGETS[r.scenario];
    if (!target) continue;
    const rpsOk = r.requestsPerSecAvg >= target.minRps;
    const p99Ok = r.latencyMs.p99 < target.maxP99Ms;
    const clean = r.non2xx === 0 && r.errors === 0;
    const verdict = rpsOk && p99Ok && clean ? 'PASS' : 'MISS';
    verdicts.push({
      scenario: r.scenario,
      ...target,
      verdict,
      requestsPerSecAvg: r.requestsPerSecAvg,
      p99Ms: r.latencyMs.p99,
    });
  }
  return verdicts;
}

/**
 * Each scenario's req/s as a share of its baselines measured in the same run: on a shared
 * machine these move less than the raw figures.
 */
function ratios(results) {
  const by = Object.fromEntries(results.map((r) => [r.scenario, r]));
  const out = [];
  const ratio = (a, b) => {
    if (!by[a] || !by[b] || !by[b].requestsPerSecAvg) return;
    const value = round2(by[a].requestsPerSecAvg / by[b].requestsPerSecAvg);
    out.push({ scenario: a, baseline: b, ratio: value });
  };
  for (const s of ['equipment', 'suppliers']) {
    ratio(s, `sql-${s}`);
    ratio(`${s}-own`, `sql-${s}`);
    ratio(`${s}-fresh`, `sql-${s}`);
    ratio(s, 'healthz');
  }
  for (const s of ['sql-equipment', 'sql-suppliers']) ratio(s, 'healthz');
  return out;
}

/**
 * The one table `npm run bench` prints: each scenario with its baseline in the same run, the
 * ratios and the verdict; the delay from hire.created to each consumer; with a smaller run's
 * results (--scale-from), the list and search p99 against that run's.
 */
function printSuiteTable(results, scaleFrom) {
  const by = Object.fromEntries(results.map((r) => [r.scenario, r]));
  const rows = [];
  const fmt = (v) => (v === undefined || v === null ? '-' : String(v));
  const failed = (r) => r.non2xx > 0 || r.errors > 0;
  for (const r of results) {
    if (r.scenario.startsWith('base:')) continue;
    const base = by[`base:${r.scenario}`];
    const row = {
      scenario: r.title,
      rps: r.requestsPerSecAvg,
      p50: r.latencyMs.p50,
      p99: r.latencyMs.p99,
      baseRps: base?.requestsPerSecAvg,
      baseP99: base?.latencyMs.p99,
    };
    if (base && base.requestsPerSecAvg > 0 && base.latencyMs.p99 > 0) {
      row.rpsRatio = round2(r.requestsPerSecAvg / base.requestsPerSecAvg);
      row.p99Ratio = round2(r.latencyMs.p99 / base.latencyMs.p99);
      row.ratio = `${row.rpsRatio} / ${row.p99Ratio}`;
      row.target = `≥${BASELINE_TARGET.minRpsRatio}x / ≤${BASELINE_TARGET.maxP99Ratio}x`;
      row.verdict =
        row.rpsRatio >= BASELINE_TARGET.minRpsRatio &&
        row.p99Ratio <= BASELINE_TARGET.maxP99Ratio &&
        !failed(r) &&
        !failed(base)
          ? 'PASS'
          : 'MISS';
    } else if (TARGETS[r.scenario] && !READS.includes(r.scenario)) {
      const t = TARGETS[r.scenario];
      row.target = `≥${t.minRps}/s, p99<${t.maxP99Ms}`;
      row.verdict =
        !RATE && r.requestsPerSecAvg >= t.minRps && r.latencyMs.p99 < t.maxP99Ms && !failed(r)
          ? 'PASS'
          : 'MISS';
    }
    if (failed(r)) row.scenario += ` (${r.non2xx} non-2xx, ${r.errors} errors)`;
    rows.push(row);
    if (base && OWN_TARGET_READS.includes(r.scenario) && TARGETS[r.scenario]) {
      const t = TARGETS[r.scenario];
      rows.push({
        scenario: `  its own target, ${CONNECTIONS} connections`,
        target: `≥${t.minRps}/s, p99<${t.maxP99Ms}`,
        verdict:
          !RATE && r.requestsPerSecAvg >= t.minRps && r.latencyMs.p99 < t.maxP99Ms && !failed(r)
            ? 'PASS'
            : 'MISS',
      });
    }
    for (const [consumer, d] of Object.entries(r.eventDelayMs ?? {})) {
      const spec = HIRE_CREATED_CONSUMERS.find((c) => c.consumer === consumer);
      const event = {
        scenario: `  hire.created → ${spec?.label ?? consumer} (${d.count} events${d.missing ? `, ${d.missing} missing` : ''})`,
        p50: d.p50,
        p99: d.p99,
      };
      if (spec?.maxP99Ms) {
        event.target = `p99<${spec.maxP99Ms}`;
        event.verdict = d.count > 0 && !d.missing && d.p99 < spec.maxP99Ms ? 'PASS' : 'MISS';
      }
      rows.push(event);
      const hop = (label, h) => h && rows.push({ scenario: `    ${label}`, p50: h.p50, p99: h.p99 });
      hop('occurred_at → hires.outbox published_at', d.hops?.published);
      hop(`published_at → ${consumer} processed_at`, d.hops?.processed);
    }
    const before = scaleFrom?.results?.find((x) => x.scenario === r.scenario);
    if (SCALED_READS.includes(r.scenario) && before) {
      const ratio = round2(r.latencyMs.p99 / before.latencyMs.p99);
      rows.push({
        scenario: `  p99 vs ${scaleFrom.hiresData?.hires ?? '?'} hires`,
        p99: before.latencyMs.p99,
        ratio: String(ratio),
        target: `p99 ≤${SCALE_P99_RATIO}x`,
        verdict: ratio <= SCALE_P99_RATIO ? 'PASS' : 'MISS',
      });
    }
  }
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'base req/s',
    'base p99',
    'ratio',
    'target',
    'verdict',
  ];
  const keys = ['scenario', 'rps', 'p50', 'p99', 'baseRps', 'baseP99', 'ratio', 'target', 'verdict'];
  const cells = [header, ...rows.map((row) => keys.map((k) => fmt(row[k])))];
  const widths = header.map((_, i) => Math.max(...cells.map((c) => c[i].length)));
  const line = (c) =>
    '| ' +
    c.map((v, i) => (i === 0 || i >= 6 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(' | ') +
    ' |';
  console.log('\n' + line(cells[0]));
  console.log(
    '|' +
      widths.map((w, i) => (i === 0 || i >= 6 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') +
      '|',
  );
  for (const c of cells.slice(1))
    console.log(
      line(c)
        .replace(/\bPASS\b/, '\x1b[32mPASS\x1b[0m')
        .replace(/\bMISS\b/, '\x1b[31mMISS\x1b[0m'),
    );
  console.log(
    `ratio = req/s ÷ the baseline's / p99 ÷ the baseline's, the baseline (bench/baseline.mjs: one Fastify + jose + pg\n` +
      `process, the services' own statements) measured in turns with each read in this run (${SLICES} × ` +
      `${Math.max(1, Math.round(DURATION / SLICES))} s each, after a ${WARMUP} s warm-up of each). Machine: ${os.cpus().length} cores, ` +
      `${os.cpus()[0]?.model ?? '?'}, node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the end.\n`,
  );
  return rows;
}

/** One request per search term before the load: each must answer 200; prints how many rows each matches. */
async function checkSearches(bases, user) {
  for (const name of SCENARIOS.filter((s) => CATALOGUE_SCENARIOS.includes(s))) {
    const req = scenarioRequest(name, user, bases);
    if (!req.paths) continue;
    const totals = [];
    for (const p of req.paths) {
      const res = await fetch((req.base ?? bases.system) + p, { headers: req.headers });
      const body = await res.json().catch(() => undefined);
      if (res.status !== 200) throw new Error(`${p} answered ${res.status} ${JSON.stringify(body)}`);
      totals.push(`${decodeURIComponent(p.split('search=')[1].split('&')[0])} ${body.pagination.total}`);
    }
    log(`${req.title} matches per term: ${totals.join(', ')}`);
  }
}

/**
 * The hires scenarios' companies and data: HIRES_COMPANIES companies registered through the
 * API, on the unlimited plan (so the load's active hires are not refused), then the generated
 * hires of --companies companies written into the hires schema, the registered ones first.
 */
async function prepareHires(base) {
  const started = Date.now();
  const companies = [];
  for (let i = 0; i < HIRES_COMPANIES; i++) {
    const u = await prepareUser(base, `-hires${i}`);
    const profile = await api(base, 'GET', '/api/auth/profile', undefined, u.token);
    companies.push({ ...u, userId: profile.body.user.id });
  }
  log(`registered ${HIRES_COMPANIES} hires companies in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const data = generateHires({
    ...HIRES_SIZE,
    registered: companies.map(({ customerId, userId }) => ({ customerId, userId })),
  });
  const client = new pg.Client({ connectionString: state.databaseUrl });
  await client.connect();
  let counts;
  try {
    const insertStarted = Date.now();
    counts = await insertHires(client, data);
    // Later than identity's customer events (free plan), so those do not overwrite it.
    await client.query(
      `insert into hires.company_plans (customer_id, plan, source_at)
       select unnest($1::uuid[]), 'unlimited', now() + interval '1 day'
       on conflict (customer_id) do update set plan = excluded.plan, source_at = excluded.source_at`,
      [companies.map((c) => c.customerId)],
    );
    log(
      `hires data (seed ${HIRES_DEFAULTS.seed}): ${Object.entries(counts)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')} in ${((Date.now() - insertStarted) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
  const siteColumn = data.sites.columns.indexOf('customer_id');
  const statusColumn = data.sites.columns.indexOf('status');
  for (const company of companies)
    company.sites = data.sites.rows
      .filter((row) => row[siteColumn] === company.customerId && row[statusColumn] === 'active')
      .map((row) => row[0]);
  return {
    counts,
    bases: {
      companies,
      equipment: data.equipment.rows.slice(0, 500).map((row) => row[0]),
      suppliers: data.suppliers.rows.slice(0, 100).map((row) => row[0]),
    },
  };
}

/** One request per hires search term before the load: each must answer 200; prints the matches. */
async function checkHiresSearches(bases) {
  if (!SCENARIOS.includes('hires-search')) return;
  const req = scenarioRequest('hires-search', bases.hires.companies[0], bases);
  const totals = [];
  for (const p of req.paths) {
    const res = await fetch(bases.system + p, { headers: req.headers });
    const body = await res.json().catch(() => undefined);
    if (res.status !== 200) throw new Error(`${p} answered ${res.status} ${JSON.stringify(body)}`);
    totals.push(`${decodeURIComponent(p.split('search=')[1].split('&')[0])} ${body.pagination.total}`);
  }
  log(`${req.title} matches per term (of the first company's hires): ${totals.join(', ')}`);
}

/**
 * The smaller run --scale-from names, read before any load (a wrong path must not cost a run),
 * relative to where `npm run` was started (INIT_CWD), not the bench workspace.
 */
function readScaleFrom() {
  if (!opts['scale-from']) return undefined;
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), opts['scale-from']);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (!report.results?.some((r) => SCALED_READS.includes(r.scenario)))
    throw new Error(`${file} has no ${SCALED_READS.join(' or ')} results to compare with`);
  return report;
}

async function main() {
  const startedAt = new Date();
  const scaleFrom = readScaleFrom();
  const base = opts.url ? opts.url.replace(/\/+$/, '') : await startSystem();
  log(`target ${base}${opts.url ? ' (running system)' : ' (own isolated system)'}`);
  const user = await prepareUser(base);
  log(`registered ${user.email} and signed in`);
  const bases = { system: base };
  let catalogueData;
  if (WITH_CATALOGUE) {
    if (WITH_FRESH) bases.freshUser = await prepareUser(base, '-fresh');
    const databaseUrl = opts['database-url'] ?? state.databaseUrl;
    if (!WITH_CATALOGUE_DATA) {
      /* the hires scenarios only need the catalogue service running */
    } else if (databaseUrl)
      catalogueData = await seedCatalogueData(databaseUrl, user.customerId, bases.freshUser?.customerId);
    else warn('--url without --database-url: searching the catalogue the running system already has');
  }
  if (WITH_BASELINE) {
    const databaseUrl = opts['database-url'] ?? state.databaseUrl;
    bases.baseline = await startBaseline(databaseUrl, user.customerId);
  }
  if (WITH_CATALOGUE_DATA) await checkSearches(bases, user);

  let hiresData;
  if (WITH_HIRES) {
    const prepared = await prepareHires(base);
    bases.hires = prepared.bases;
    hiresData = prepared.counts;
    await checkHiresSearches(bases);
  }

  const results = [];
  for (const name of SCENARIOS) {
    // Each read and the same read from the baseline in turns, so both get the same machine.
    if (bases.baseline && opts.baseline && BASELINE_POSSIBLE && READS.includes(name))
      results.push(...(await runPaired(bases, name, user)));
    else results.push(await runScenario(bases, name, user));
    if (interrupted) return;
  }
  if (opts.details) printTable(results);
  const target = judge(results);
  const ratioList = ratios(results);
  const suiteTable = printSuiteTable(results, scaleFrom);

  let profiles;
  if (state.profDir) {
    // The profiles are written when the processes exit.
    state.stopping = true;
    for (const child of [...state.children].reverse()) await stopChild(child);
    profiles = {};
    const files = readdirSync(state.profDir).filter((f) => f.endsWith('.cpuprofile'));
    for (const file of files) {
      const label = file.replace(/\.cpuprofile$/, '');
      for (const r of results) {
        const summary = summarizeFile(path.join(state.profDir, file), {
          top: 25,
          windows: r.windows,
        });
        console.log('\n' + formatSummary(`${label} during ${r.title}`, summary));
        (profiles[label] ??= {})[r.scenario] = summary;
      }
    }
    log(
      `CPU profiles kept in ${state.profDir} (open in Chrome DevTools › Performance, or: node bench/cpu-profile-summary.mjs FILE)`,
    );
  }

  const report = {
    startedAt: startedAt.toISOString(),
    target: base,
    ownSystem: !opts.url,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: round1(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      note: 'PostgreSQL, NATS, Redis, identity, the gateway and autocannon all share this machine',
    },
    options: {
      connections: CONNECTIONS,
      durationS: DURATION,
      warmupS: WARMUP,
      slices: SLICES,
      rate: RATE,
      scenarios: SCENARIOS,
      cpuProf: opts['cpu-prof'],
      logLevel: opts.url ? undefined : opts['log-level'],
      nodeOptions: process.env.NODE_OPTIONS || undefined,
      root: opts.url ? undefined : root,
    },
    ...(catalogueData ? { catalogueData: { ...DATA_SIZE, rows: catalogueData } } : {}),
    ...(hiresData ? { hiresData: { ...HIRES_SIZE, seed: HIRES_DEFAULTS.seed, rows: hiresData } } : {}),
    results,
    targetCheck: target,
    ratios: ratioList,
    suite: suiteTable,
    ...(scaleFrom ? { scaleFrom: { file: opts['scale-from'], hiresData: scaleFrom.hiresData } } : {}),
    ...(profiles ? { cpuProfiles: { dir: state.profDir, summaries: profiles } } : {}),
  };
  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  log(`results written to ${path.relative(repoRoot, file)}`);
}

try {
  await main();
} catch (err) {
  console.error(`\n\x1b[31m✖ ${err?.message ?? err}\x1b[0m`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
