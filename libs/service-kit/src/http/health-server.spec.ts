import type { Server } from 'node:http';
import { closeServer, createHealthServer, listenOn, type ReadinessChecks } from './health-server';
import { Metrics } from './metrics';

describe('health server', () => {
  let server: Server;
  let port: number;
  const checks: ReadinessChecks = { postgres: async () => undefined, nats: () => true, serving: () => true };
  const metrics = new Metrics('identity');

  beforeAll(async () => {
    server = createHealthServer(
      { postgres: () => checks.postgres(), nats: () => checks.nats(), serving: () => checks.serving() },
      metrics,
    );
    port = await listenOn(server, 0);
  });
  afterAll(() => closeServer(server));

  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, body: await res.text() };
  };

  it('is healthy while the process runs, even when its dependencies are not', async () => {
    checks.nats = () => false;
    expect(await get('/healthz')).toEqual({ status: 200, body: '{"status":"ok"}' });
    checks.nats = () => true;
  });

  it('is not ready, with 503 JSON naming what failed, when Postgres or NATS is down', async () => {
    checks.postgres = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    };
    checks.nats = () => false;
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(JSON.parse(res.body)).toEqual({
      status: 'unavailable',
      failed: ['postgres', 'nats'],
      reasons: { postgres: 'connect ECONNREFUSED 127.0.0.1:5432', nats: 'not connected' },
    });
    checks.postgres = async () => undefined;
    checks.nats = () => true;
    expect(await get('/readyz')).toEqual({ status: 200, body: '{"status":"ready"}' });
  });

  it('renders request counters and latencies by subject and outcome, labelled with the service', async () => {
    metrics.started();
    metrics.finished('identity.auth.login.v1', 'ok', 3);
    metrics.started();
    metrics.finished('identity.auth.login.v1', 'INVALID_CREDENTIALS', 40);
    metrics.started();
    metrics.finished('identity.auth.login.v1', 'ok', 2);
    metrics.started();
    metrics.finished('identity.auth.login.v1', 'not a code', 1);
    const { body } = await get('/metrics');
    expect(body).toContain(
      'nats_requests_total{subject="identity.auth.login.v1",outcome="ok",service="identity"} 2',
    );
    expect(body).toContain(
      'nats_requests_total{subject="identity.auth.login.v1",outcome="INVALID_CREDENTIALS",service="identity"} 1',
    );
    expect(body).toContain(
      'nats_requests_total{subject="identity.auth.login.v1",outcome="INTERNAL",service="identity"} 1',
    );
    expect(body).toContain(
      'nats_request_duration_seconds_bucket{le="0.005",subject="identity.auth.login.v1",service="identity"} 3',
    );
    expect(body).toContain(
      'nats_request_duration_seconds_count{subject="identity.auth.login.v1",service="identity"} 4',
    );
    expect(body).toContain('nats_requests_in_flight{service="identity"} 0');
  });

  it('reads the pool and the outbox backlog at each scrape', async () => {
    // None of them before a pool and an outbox are watched (the gateway has neither).
    expect((await get('/metrics')).body).not.toMatch(/^(db_pool_|outbox_)/m);
    const pool = { totalCount: 4, idleCount: 1, waitingCount: 2 };
    metrics.watchPool(() => pool);
    let backlog = { pending: 7, oldestSeconds: 1.5 };
    metrics.watchOutbox(async () => backlog);
    let { body } = await get('/metrics');
    expect(body).toContain('db_pool_total{service="identity"} 4');
    expect(body).toContain('db_pool_idle{service="identity"} 1');
    expect(body).toContain('db_pool_waiting{service="identity"} 2');
    expect(body).toContain('outbox_pending{service="identity"} 7');
    expect(body).toContain('outbox_lag_seconds{service="identity"} 1.5');
    pool.waitingCount = 0;
    backlog = { pending: 0, oldestSeconds: 0 };
    ({ body } = await get('/metrics'));
    expect(body).toContain('db_pool_waiting{service="identity"} 0');
    expect(body).toContain('outbox_pending{service="identity"} 0');
  });
});
