import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defaultPriceId, startLocalStripe, type LocalStripe } from '@planted/stripe-local';
import { FakeSmtp, freePort, testKeyEnv, uniqueName } from '@planted/testing';
import { startZaharaSimulator, type ZaharaSimulator } from '@planted/zahara-local';

const repoRoot = path.resolve(__dirname, '../../..');
const ADMIN_URL = process.env.PLANTED_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const SERVICES = ['billing', 'identity', 'catalogue', 'hires', 'accounting'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** One process of a service or of the gateway, started from its build (dist/main.js). */
export interface Replica {
  name: string;
  port: number;
  process: ChildProcess;
  /** The replica's stdout and stderr, for a failure message. */
  output: () => string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** A name unique to this run: the NATS subject prefix, the Redis key prefix, the database's name. */
  id: string;
  databaseUrl: string;
  natsUrl: string;
  replicas: Record<ServiceName, Replica[]>;
  gateways: Replica[];
  stripe: LocalStripe;
  /** Billing reaches the local Stripe through this counter of its calls. */
  stripeCalls: { method: string; path: string; at: number }[];
  zahara: ZaharaSimulator;
  smtp: FakeSmtp;
  /** A query on the cluster's database, as its owner. */
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/** Each service's own settings: the local Stripe, the Zahara simulator, SMTP, and short timings. */
const serviceEnv: Record<
  ServiceName,
  (c: { stripeUrl: string; zaharaUrl: string; smtpUrl: string }) => Record<string, string>
> = {
  billing: ({ stripeUrl }) => ({
    STRIPE_API_BASE_URL: stripeUrl,
    ...Object.fromEntries(
      (['teams', 'business', 'unlimited'] as const).flatMap((plan) => [
        [`STRIPE_PRICE_${plan.toUpperCase()}_MONTHLY`, defaultPriceId(plan, 'month')],
        [`STRIPE_PRICE_${plan.toUpperCase()}_YEARLY`, defaultPriceId(plan, 'year')],
      ]),
    ),
    BILLING_RENEWAL_CHECK_SECONDS: '1',
  }),
  identity: ({ smtpUrl }) => ({ SMTP_URL: smtpUrl }),
  catalogue: () => ({}),
  hires: () => ({}),
  accounting: ({ zaharaUrl }) => ({
    ZAHARA_BASE_URL: zaharaUrl,
    ZAHARA_TIMEOUT_MS: '1000',
    // A run cut short by a killed replica is taken up by the other once its lease (4 deadlines) ends.
    ZAHARA_DEADLINE_MS: '1500',
    ZAHARA_MAX_ATTEMPTS: '1',
    ZAHARA_RETRY_BASE_MS: '20',
    ACCOUNTING_PO_POLL_MS: '200',
    ACCOUNTING_PO_RETRY_BASE_MS: '300',
  }),
};

/** Variables of this machine's environment a replica must not inherit (a developer's real keys). */
const NOT_INHERITED =
  /^(STRIPE_|ZAHARA_|AI_|GOOGLE_|MICROSOFT_|APPLE_|SMTP_|JWT_|GATEWAY_|SESSION_|NATS_USER|NATS_PASSWORD)/;

function start(name: string, script: string, env: Record<string, string>, port: number): Replica {
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return {
    name,
    port,
    process: child,
    output: () => output,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill(signal);
      }),
  };
}

async function ready(replica: Replica, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (replica.process.exitCode !== null)
      throw new Error(`${replica.name} exited (${replica.process.exitCode}):\n${replica.output()}`);
    const ok = await fetch(`http://127.0.0.1:${replica.port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`${replica.name} not ready in time:\n${replica.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A pass-through to the local Stripe that notes each call billing makes. */
async function countingProxy(
  target: string,
  calls: Cluster['stripeCalls'],
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push({ method: req.method!, path: req.url!, at: Date.now() });
      const headers = { ...req.headers } as Record<string, string>;
      delete headers.host;
      delete headers['content-length'];
      fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      }).then(
        async (answer) => {
          const body = Buffer.from(await answer.arrayBuffer());
          const out: Record<string, string> = {};
          answer.headers.forEach((value, key) => {
            if (key !== 'content-encoding' && key !== 'content-length' && key !== 'transfer-encoding')
              out[key] = value;
          });
          res.writeHead(answer.status, out).end(body);
        },
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * Two replicas of every service and two gateways, each a process of its own started from
 * its build as a deployment starts it, on a database, NATS subject prefix and Redis key
 * prefix of their own (so two runs on one machine never meet); the local Stripe, the Zahara
 * simulator and an SMTP server in this process.
 */
export async function startCluster(): Promise<Cluster> {
  const id = uniqueName('replicas')
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${id}"`);
  await admin.end();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${id}`;
  const databaseUrl = dbUrl.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'planted-replicas-'));

  const smtp = new FakeSmtp();
  const smtpUrl = await smtp.start();
  const [gatewayPort, secondGatewayPort] = [await freePort(), await freePort()];
  const stripe = await startLocalStripe({
    webhookUrl: `http://127.0.0.1:${gatewayPort}/api/webhooks/stripe`,
    webhookRetryDelaysMs: [250, 1000, 3000],
  });
  const stripeCalls: Cluster['stripeCalls'] = [];
  const proxy = await countingProxy(stripe.url, stripeCalls);
  const zahara = await startZaharaSimulator({ acceptAnyKey: true });
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !NOT_INHERITED.test(entry[0]),
    ),
  );
  const common: Record<string, string> = {
    ...inherited,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    NATS_SUBJECT_PREFIX: id,
    REDIS_KEY_PREFIX: `${id}:`,
    // A request caught in a killed replica is answered 503 (retry with the same key) in 3 s.
    NATS_REQUEST_TIMEOUT_MS: '3000',
    APP_URL: `http://localhost:${gatewayPort}`,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    // The replicas of one service must share it, as they share the database.
    ACCOUNTING_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...testKeyEnv(),
  };

  const replicas = Object.fromEntries(SERVICES.map((s) => [s, [] as Replica[]])) as Record<
    ServiceName,
    Replica[]
  >;
  const gateways: Replica[] = [];
  const everyone = () => [...gateways, ...SERVICES.flatMap((s) => replicas[s])];
  const stop = async () => {
    await Promise.all(everyone().map((r) => r.kill('SIGTERM')));
    await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
    await stripe.close();
    await zahara.close();
    await smtp.stop();
    await pool.end();
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${id}" with (force)`).catch(() => undefined);
    await cleanup.end();
    rmSync(uploads, { recursive: true, force: true });
  };

  try {
    // All at once, racing for their migrations and streams as replicas of a deployment do
    // (a consumer whose stream is not made yet waits for it).
    await Promise.all(
      SERVICES.flatMap((service) => {
        const extra = serviceEnv[service]({ stripeUrl: proxy.url, zaharaUrl: zahara.url, smtpUrl });
        return [1, 2].map(async (n) => {
          const port = await freePort();
          const replica = start(
            `${service}-${n}`,
            `services/${service}/dist/main.js`,
            { ...common, ...extra, [`${service.toUpperCase()}_HTTP_PORT`]: String(port) },
            port,
          );
          replicas[service][n - 1] = replica;
          await ready(replica, 120_000);
        });
      }),
    );
    await Promise.all(
      [gatewayPort, secondGatewayPort].map(async (port, i) => {
        const gateway = start(
          `gateway-${i + 1}`,
          'gateway/dist/main.js',
          {
            ...common,
            PORT: String(port),
            HOST: '127.0.0.1',
            UPLOAD_DIR: uploads,
            WEB_DIST: path.join(uploads, 'no-web'),
          },
          port,
        );
        gateways[i] = gateway;
        await ready(gateway, 120_000);
      }),
    );
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    id,
    databaseUrl,
    natsUrl,
    replicas,
    gateways,
    stripe,
    stripeCalls,
    zahara,
    smtp,
    async query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      return (await pool.query<T>(sql, params)).rows;
    },
    stop,
  };
}
