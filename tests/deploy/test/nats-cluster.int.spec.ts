import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { freePort, waitFor } from '@planted/testing';
import { DEPLOY, DEPLOYABLES } from './kube';

jest.setTimeout(120_000);

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

// The StatefulSet's nats-server configuration (deploy/nats/server.conf, which includes the
// generated nats.conf) run as it runs in the cluster, three nodes routed to each other, on
// this machine: only the ports, the route hosts and the store directory are moved.
describe('deploy/nats/server.conf', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'planted-js-'));
  const passwords = Object.fromEntries(
    DEPLOYABLES.map((name) => [`${name.toUpperCase()}_NATS_PASSWORD`, `p${randomBytes(12).toString('hex')}`]),
  );
  const nodes: { client: number; cluster: number; monitor: number; process?: ChildProcess; log: string }[] =
    [];
  let nc: NatsConnection | undefined;

  beforeAll(async () => {
    copyFileSync(path.join(DEPLOY, 'nats/nats.conf'), path.join(dir, 'nats.conf'));
    for (let i = 0; i < 3; i++)
      nodes.push({ client: await freePort(), cluster: await freePort(), monitor: await freePort(), log: '' });
    const server = readFileSync(path.join(DEPLOY, 'nats/server.conf'), 'utf8');
    nodes.forEach((node, i) => {
      const config = server
        .replace(/^port: 4222$/m, `port: ${node.client}\nhost: 127.0.0.1`)
        .replace(/^http_port: 8222$/m, `http_port: ${node.monitor}`)
        .replace(/^(\s+)port: 6222$/m, `$1port: ${node.cluster}\n$1host: 127.0.0.1`)
        .replace(
          /nats:\/\/nats-(\d)\.nats-cluster:6222/g,
          (_m, n: string) => `nats://127.0.0.1:${nodes[Number(n)].cluster}`,
        )
        .replace('store_dir: /data/jetstream', `store_dir: ${path.join(dir, `js-${i}`)}`);
      // Every replacement must have applied, or the test would not run the file as deployed.
      const settings = config
        .split('\n')
        .filter((line) => !line.trim().startsWith('#'))
        .join('\n')
        .replaceAll(dir, '');
      expect(settings).not.toMatch(/\b(4222|6222|8222)\b|nats-cluster|\/data\//);
      writeFileSync(path.join(dir, `server-${i}.conf`), config);
      const child = spawn(NATS_SERVER, ['-c', path.join(dir, `server-${i}.conf`)], {
        env: { ...process.env, ...passwords, POD_NAME: `nats-${i}` },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr!.on('data', (chunk: Buffer) => (node.log += chunk.toString()));
      node.process = child;
    });
  });

  afterAll(async () => {
    await nc?.close();
    await Promise.all(
      nodes.map(
        (node) =>
          new Promise<void>((resolve) => {
            if (!node.process || node.process.exitCode !== null) return resolve();
            node.process.once('exit', () => resolve());
            node.process.kill('SIGKILL');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a valid configuration for nats-server', () => {
    const check = spawn(NATS_SERVER, ['-t', '-c', path.join(dir, 'server-0.conf')], {
      env: { ...process.env, ...passwords, POD_NAME: 'nats-0' },
    });
    return new Promise<void>((resolve, reject) => {
      let output = '';
      check.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      check.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      check.on('error', (err) =>
        reject(new Error(`nats-server (${NATS_SERVER}; NATS_SERVER_BIN) could not run: ${err.message}`)),
      );
      check.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`nats-server -t: ${output}`))));
    });
  });

  it('forms a 3-node JetStream cluster: a stream replicated three times, written as one user, read through another node', async () => {
    // Every node ready, with JetStream, and routed to the other two.
    await waitFor(async () => {
      for (const [i, node] of nodes.entries()) {
        if (node.process?.exitCode !== null) throw new Error(`nats-${i} exited:\n${node.log}`);
        const health = await fetch(`http://127.0.0.1:${node.monitor}/healthz?js-enabled-only=true`);
        if (!health.ok) throw new Error(`nats-${i} not healthy: ${await health.text()}`);
        const routes = (await (await fetch(`http://127.0.0.1:${node.monitor}/routez`)).json()) as {
          num_routes: number;
        };
        if (routes.num_routes < 2) throw new Error(`nats-${i} has ${routes.num_routes} routes`);
      }
      return true;
    }, 30_000);

    nc = await connect({
      servers: `127.0.0.1:${nodes[0].client}`,
      user: 'identity',
      pass: passwords.IDENTITY_NATS_PASSWORD,
      inboxPrefix: '_INBOX_identity',
    });
    // A meta leader is elected a moment after the routes are up: until then JetStream's API
    // does not answer.
    const jsm = await nc.jetstreamManager({ checkAPI: false });
    const info = await waitFor(
      () => jsm.streams.add({ name: 'IDENTITY', subjects: ['identity.user.created.v1'], num_replicas: 3 }),
      60_000,
      500,
    );
    expect(info.config.num_replicas).toBe(3);
    await nc.jetstream().publish('identity.user.created.v1', new TextEncoder().encode('{}'));

    // The gateway, logged in on another node with its own user, reads it.
    const gateway = await connect({
      servers: `127.0.0.1:${nodes[2].client}`,
      user: 'gateway',
      pass: passwords.GATEWAY_NATS_PASSWORD,
      inboxPrefix: '_INBOX_gateway',
    });
    try {
      const stream = await (await gateway.jetstreamManager()).streams.info('IDENTITY');
      expect(stream.state.messages).toBe(1);
      expect(stream.cluster?.replicas?.length).toBe(2);
    } finally {
      await gateway.close();
    }
  });
});
