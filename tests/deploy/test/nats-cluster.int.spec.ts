import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { identityService } from '@planted/identity/src/identity.service';
import { ensureEventStream } from '@planted/service-kit';
import { freePort, waitFor } from '@planted/testing';
import { DEPLOY, DEPLOYABLES, ofKind, render } from './kube';

jest.setTimeout(120_000);

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

// The StatefulSet's nats-server configuration (deploy/nats/server.conf, which includes the
// generated nats.conf) run as it runs in the cluster, three nodes routed to each other, on
// this machine: only the ports, the route hosts and the store directory are moved.
describe('deploy/nats/server.conf', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'planted-js-'));
  const passwords = Object.fromEntries(
    [...DEPLOYABLES, 'streams'].map((name) => [
      `${name.toUpperCase()}_NATS_PASSWORD`,
      `p${randomBytes(12).toString('hex')}`,
    ]),
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
            // Exited, or killed by a signal (the node the test stops): exitCode stays null then.
            if (!node.process || node.process.exitCode !== null || node.process.signalCode !== null)
              return resolve();
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

  it("forms a 3-node JetStream cluster: identity's event stream, made as identity's migration Job makes it (as the NATS user streams) with the deployment's settings, on every node, written as one user, read through another node, and written with a node down", async () => {
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

    // The stream is made by identity's migration Job, as the NATS user 'streams'.
    const maker = await connect({
      servers: `127.0.0.1:${nodes[0].client}`,
      user: 'streams',
      pass: passwords.STREAMS_NATS_PASSWORD,
      inboxPrefix: '_INBOX_streams',
    });
    nc = await connect({
      servers: `127.0.0.1:${nodes[0].client}`,
      user: 'identity',
      pass: passwords.IDENTITY_NATS_PASSWORD,
      inboxPrefix: '_INBOX_identity',
    });
    // The deployment's NATS_STREAM_REPLICAS (planted-config), as every service reads it.
    const settings = ofKind(render('prod'), 'ConfigMap').find((c) =>
      c.metadata.name.startsWith('planted-config'),
    )!.data!;
    const replicas = Number(settings.NATS_STREAM_REPLICAS);
    expect(replicas).toBe(3);
    // A meta leader is elected a moment after the routes are up: until then JetStream's API
    // does not answer.
    const name = await waitFor(
      () => ensureEventStream(maker, identityService.events!, '', 0, replicas),
      60_000,
      500,
    );
    await maker.close();
    const jsm = await nc.jetstreamManager();
    expect((await jsm.streams.info(name)).config.num_replicas).toBe(3);
    // Identity starting (and again in a rollout) finds it as it wants it, on three nodes.
    await ensureEventStream(nc, identityService.events!, '', 0, replicas);
    expect((await jsm.streams.info(name)).config.num_replicas).toBe(3);
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

    // One node down (a drain, a rolling update): the other two still take events.
    const down = nodes[1];
    await new Promise<void>((resolve) => {
      down.process!.once('exit', () => resolve());
      down.process!.kill('SIGKILL');
    });
    const ack = await waitFor(
      () => nc!.jetstream().publish('identity.user.updated.v1', new TextEncoder().encode('{}')),
      30_000,
      500,
    );
    expect(ack.seq).toBe(2);
  });
});
