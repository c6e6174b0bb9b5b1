// Helpers shared by the start and test scripts: reachability checks with clear messages.
import net from 'node:net';
import pg from 'pg';

export const DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/planted',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

export function tcpReachable(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function hostPort(url, defaultPort) {
  const u = new URL(url.split(',')[0]);
  return { host: u.hostname, port: Number(u.port || defaultPort) };
}

export async function postgresAnswers(url) {
  const u = new URL(url);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function ensureDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export async function requireService(label, url, defaultPort, hint) {
  const { host, port } = hostPort(url, defaultPort);
  if (!(await tcpReachable(host, port))) {
    console.error(`\n✖ ${label} is not reachable at ${url}.\n  ${hint}\n`);
    process.exit(1);
  }
}

export const HINTS = {
  nats: "Start it with: nats-server -js   (or set NATS_URL). On this project's CI machine: start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server",
  redis: 'Start it with: redis-server --daemonize yes   (or set REDIS_URL).',
  postgres: 'Start PostgreSQL (or set DATABASE_URL).',
};
