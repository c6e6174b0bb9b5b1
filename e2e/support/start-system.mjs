// Starts Planted exactly as `npm start` does (node scripts/start.mjs), but isolated so that
// two runs on one machine never meet: random free ports, unique NATS subject and Redis key
// prefixes, the signing key and uploads in a temporary directory, a demo user of its own, and
// a Zahara simulator of its own (libs/zahara-local) that the accounting connector talks to.
// Shared by the e2e Jest setup and the web benchmarks (bench/web-*.mjs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// Built by the e2e target's dependsOn (and by the build the benchmarks require).
import { freePort } from '@planted/testing';
import { startZaharaSimulator } from '@planted/zahara-local';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const READY_LINE = 'Planted is running';
const ADMIN_URL = process.env.PLANTED_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Distinct free ports: the gateway's and each service's health port (two runs at once never share one). */
async function freePorts(count) {
  const ports = [];
  while (ports.length < count) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  return ports;
}

export function uniqueId(prefix) {
  // Under `npm test` the run's id is in it: the run deletes its NATS streams when it ends.
  const run = process.env.PLANTED_TEST_RUN_ID;
  return `${prefix}_${run ?? Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Built output the system is started from; PLANTED_SKIP_BUILD=1 means nothing builds it here.
const BUILT = [
  'web/dist/index.html',
  'gateway/dist/main.js',
  'services/identity/dist/main.js',
  'services/catalogue/dist/main.js',
  'services/hires/dist/main.js',
  'services/billing/dist/main.js',
  'libs/stripe-local/dist/main.js',
  'services/accounting/dist/main.js',
  'libs/zahara-local/dist/index.js',
];

/**
 * @param {object} [options]
 * @param {string} [options.databaseUrl] the database to use; when absent a database is created
 *   for this system on the local server and dropped by stop().
 * @param {string} [options.smtpUrl] SMTP server the identity service sends invitations to.
 * @param {string} [options.demoEmail]
 * @param {string} [options.demoPassword]
 * @param {string} [options.logFile] where the system's output goes (default: its temp dir).
 * @param {boolean} [options.echo] also copy the system's output to this process's stderr.
 * @param {number} [options.timeoutMs] how long to wait for 'Planted is running'.
 */
export async function startSystem(options = {}) {
  for (const file of BUILT) {
    if (!existsSync(path.join(repoRoot, file))) {
      throw new Error(`${file} is missing: build first (npx nx run-many -t build)`);
    }
  }
  const id = uniqueId('e2e');
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'planted-e2e-'));
  await mkdir(path.join(tempDir, 'uploads'));
  const pidDir = path.join(tempDir, 'pids');
  await mkdir(pidDir);
  let ownedDatabase = null;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    ownedDatabase = id.toLowerCase().replace(/[^a-z0-9_]/g, '_');
    await adminQuery(`create database "${ownedDatabase}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${ownedDatabase}`;
    databaseUrl = url.toString();
  }
  const [
    port,
    identityPort,
    cataloguePort,
    hiresPort,
    billingPort,
    stripePort,
    accountingPort,
    natsPort,
    oidcPort,
    appleOidcPort,
  ] = await freePorts(10);
  // Any plausible key typed on /zahara is a business unit with the seed data, as under `npm start`.
  const zahara = await startZaharaSimulator({ acceptAnyKey: true });
  const demo = {
    email: options.demoEmail ?? `demo-${id.toLowerCase().replace(/_/g, '-')}@planted.test`,
    password: options.demoPassword ?? `demo-${randomBytes(6).toString('hex')}`,
  };
  const env = {
    ...process.env,
    PLANTED_SKIP_BUILD: '1',
    PORT: String(port),
    IDENTITY_HTTP_PORT: String(identityPort),
    CATALOGUE_HTTP_PORT: String(cataloguePort),
    HIRES_HTTP_PORT: String(hiresPort),
    BILLING_HTTP_PORT: String(billingPort),
    // Always the local Stripe (scripts/start.mjs starts it when no STRIPE_SECRET_KEY is set).
    STRIPE_LOCAL_PORT: String(stripePort),
    ACCOUNTING_HTTP_PORT: String(accountingPort),
    // The local Google/Microsoft and Apple sign-in stand-ins (9400 and 9401 under `npm start`).
    OIDC_LOCAL_PORT: String(oidcPort),
    OIDC_LOCAL_APPLE_PORT: String(appleOidcPort),
    ZAHARA_BASE_URL: zahara.url,
    ACCOUNTING_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: databaseUrl,
    NATS_SUBJECT_PREFIX: id,
    REDIS_KEY_PREFIX: `${id}:`,
    JWT_KEY_FILE: path.join(tempDir, 'jwt-signing-key.pem'),
    UPLOAD_DIR: path.join(tempDir, 'uploads'),
    // start.mjs writes each process's pid here (<name>.pid), for a test that kills one.
    PLANTED_PID_DIR: pidDir,
    DEMO_EMAIL: demo.email,
    DEMO_PASSWORD: demo.password,
    APP_URL: `http://localhost:${port}`,
  };
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE_URL',
    'STRIPE_LOCAL_PUBLIC_URL',
  ])
    delete env[name];
  delete env.NODE_ENV; // start.mjs defaults it to development, as for `npm start`
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  else delete env.SMTP_URL;
  if (options.ownNats) {
    // As a plain `npm start`: no subject prefix and no NATS_URL, so start.mjs runs a
    // nats-server of its own with each process logged in as itself (here on a free port,
    // its data in the temporary directory).
    delete env.NATS_SUBJECT_PREFIX;
    delete env.NATS_URL;
    env.NATS_LOCAL_PORT = String(natsPort);
    env.NATS_LOCAL_STORE_DIR = path.join(tempDir, 'nats');
  }

  const logFile = options.logFile ?? path.join(tempDir, 'system.log');
  await mkdir(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // If this process ends without stop(), the system still stops (start.mjs handles SIGINT).
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);

  let output = '';
  const tail = () => output.split('\n').slice(-40).join('\n');
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `the system did not print '${READY_LINE}' within ${(options.timeoutMs ?? 90_000) / 1000} s:\n${tail()}`,
          ),
        ),
      options.timeoutMs ?? 90_000,
    );
    const onData = (chunk) => {
      const text = chunk.toString();
      log.write(text);
      if (options.echo) process.stderr.write(text);
      output = (output + text).slice(-20_000);
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`scripts/start.mjs exited (${signal ?? `code ${code}`}) before it was ready:\n${tail()}`),
      );
    });
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGINT');
      });
    }
    await new Promise((resolve) => log.end(resolve));
    await zahara.close();
    if (ownedDatabase)
      await adminQuery(`drop database if exists "${ownedDatabase}" with (force)`).catch(() => undefined);
    await rm(tempDir, { recursive: true, force: true });
  };

  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  const baseUrl = `http://localhost:${port}`;
  return {
    id,
    baseUrl,
    port,
    identityPort,
    stripeUrl: `http://127.0.0.1:${stripePort}`,
    natsUrl: options.ownNats ? `nats://127.0.0.1:${natsPort}` : undefined,
    pidDir,
    zaharaUrl: zahara.url,
    demo,
    tempDir,
    logFile,
    pid: child.pid,
    stop,
  };
}
