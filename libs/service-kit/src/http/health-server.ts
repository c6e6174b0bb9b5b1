import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics';

export interface ReadinessChecks {
  postgres: () => Promise<void>;
  nats: () => boolean;
  /** False before start-up has finished and once shutdown has begun. */
  serving: () => boolean;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function readiness(checks: ReadinessChecks): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const failed: Record<string, string> = {};
  try {
    await withTimeout(checks.postgres(), CHECK_TIMEOUT_MS);
  } catch (err) {
    failed.postgres = err instanceof Error ? err.message : String(err);
  }
  if (!checks.nats()) failed.nats = 'not connected';
  if (!checks.serving()) failed.service = 'not serving (starting or shutting down)';
  const ok = Object.keys(failed).length === 0;
  return {
    ok,
    body: ok ? { status: 'ready' } : { status: 'unavailable', failed: Object.keys(failed), reasons: failed },
  };
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  res.end(body);
}

/** /healthz (the process runs), /readyz (Postgres answers and NATS is connected), /metrics. */
export function createHealthServer(checks: ReadinessChecks, metrics: Metrics): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'application/json', '{"error":"Method not allowed"}');
    if (path === '/healthz') return send(res, 200, 'application/json', '{"status":"ok"}');
    if (path === '/metrics') {
      metrics.render().then(
        (text) => send(res, 200, metrics.contentType, text),
        (err: unknown) => send(res, 500, 'text/plain', `metrics failed: ${(err as Error)?.message}`),
      );
      return;
    }
    if (path === '/readyz') {
      void readiness(checks).then(({ ok, body }) =>
        send(res, ok ? 200 : 503, 'application/json', JSON.stringify(body)),
      );
      return;
    }
    send(res, 404, 'application/json', '{"error":"Not found"}');
  });
}

export function listenOn(server: Server, port: number, host?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
