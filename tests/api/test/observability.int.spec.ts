import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { connect, type NatsConnection } from 'nats';
import { parseConfig } from '@planted/config';
import { createLogger } from '@planted/logging';
import { sql } from 'drizzle-orm';
import { UserCreated } from '@planted/contracts';
import {
  EventConsumer,
  EventSigner,
  ensureStream,
  natsCredentials,
  prefixed,
  streamName,
} from '@planted/messaging';
import { stopTracing } from '@planted/observability';
import { contractEventsOf, createServiceApp, type ServiceApp } from '@planted/service-kit';
import { FakeSmtp, testKeys, testServiceEnv, waitFor } from '@planted/testing';
import { createGatewayApp, type GatewayApp } from '@planted/gateway/src/app';
import { gatewayEnvSchema } from '@planted/gateway/src/config';
import { parseIdentityConfig, type IdentityConfig } from '@planted/identity/src/config';
import { processedEvents, type IdentitySchema } from '@planted/identity/src/db/schema';
import { identityService } from '@planted/identity/src/identity.service';
import { client, company } from './system';

/** A span as OTLP/JSON carries it, with its instrumentation scope. */
interface ExportedSpan {
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

const SPAN_KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3 };

/** The smallest OTLP/HTTP collector: keeps every span POSTed (JSON) to /v1/traces. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ExportedSpan[]; close(): Promise<void> }> {
  const spans: ExportedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      type Attr = { key: string; value: Record<string, unknown> };
      const payload = JSON.parse(body.toString('utf8')) as {
        resourceSpans: {
          scopeSpans: {
            scope: { name: string };
            spans: (Omit<ExportedSpan, 'scope' | 'attributes'> & { attributes?: Attr[] })[];
          }[];
        }[];
      };
      for (const resource of payload.resourceSpans)
        for (const scoped of resource.scopeSpans)
          for (const span of scoped.spans)
            spans.push({
              ...span,
              scope: scoped.scope.name,
              attributes: Object.fromEntries(
                (span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]),
              ),
            });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('observability: one trace from the gateway through NATS into a service and its SQL; /metrics; logs', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let smtp: FakeSmtp;
  let nc: NatsConnection;
  let billingStream: string;
  let identity: ServiceApp<IdentityConfig, IdentitySchema>;
  let gateway: GatewayApp;
  let consumer: { stop(): Promise<void> } | undefined;
  let uploads: string;
  const logLines: Record<string, unknown>[] = [];
  const logs = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) };

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    smtp = new FakeSmtp();
    const env = testServiceEnv({ SMTP_URL: await smtp.start(), OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    // Billing's stream, as billing would make it: identity reads subscription changes from it.
    nc = await connect({ servers: env.NATS_URL, ...natsCredentials(env) });
    const prefix = env.NATS_SUBJECT_PREFIX ?? '';
    billingStream = streamName(prefix, 'BILLING');
    await ensureStream(nc, {
      name: billingStream,
      subjects: contractEventsOf('billing').map((subject) => prefixed(prefix, subject)),
    });
    identity = createServiceApp(identityService, parseIdentityConfig({ ...env, IDENTITY_HTTP_PORT: '0' }), {
      logger: createLogger('identity', { level: 'debug' }, logs),
    });
    await identity.listen();
    // A consumer of identity's events (as another service would be), running one statement per event.
    const events = new EventConsumer({
      nc,
      stream: identity.streamName,
      name: 'otel-test',
      subjectPrefix: prefix,
      signer: EventSigner.fromSetting(testKeys().events),
      db: identity.database,
      processedEvents,
      logger: createLogger('otel-test', { level: 'silent' }),
      traceScope: 'otel-consumer',
    }).on(UserCreated, async (_event, tx) => {
      await tx.execute(sql`select 1 as seen`);
    });
    await events.start();
    consumer = events;
    uploads = mkdtempSync(path.join(os.tmpdir(), 'planted-otel-'));
    gateway = await createGatewayApp(
      parseConfig(gatewayEnvSchema, {
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        METRICS_PORT: '0',
        UPLOAD_DIR: uploads,
        WEB_DIST: path.join(uploads, 'none'),
      }),
      { logger: createLogger('gateway', { level: 'debug' }, logs) },
    );
  });

  afterAll(async () => {
    await consumer?.stop();
    await gateway?.close();
    await identity?.close();
    await stopTracing();
    if (nc) {
      const jsm = await nc.jetstreamManager();
      for (const stream of [billingStream, identity?.streamName])
        if (stream) await jsm.streams.delete(stream).catch(() => undefined);
      await nc.close();
    }
    await smtp?.stop();
    await receiver?.close();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it('a registration is one trace: gateway HTTP span → NATS client span → identity handler span → SQL spans', async () => {
    const registered = await client(gateway.url).post('/api/auth/register', company('Traced'));
    expect(registered.status).toBe(201);

    const root = await waitFor(
      () =>
        receiver.spans.find(
          (s) =>
            s.scope === 'gateway' &&
            s.kind === SPAN_KIND.SERVER &&
            s.attributes['http.route'] === '/api/auth/register',
        ),
      10_000,
    );
    expect(root.parentSpanId ?? '').toBe('');
    expect(root.attributes['http.response.status_code']).toBe(201);
    const inTrace = () => receiver.spans.filter((s) => s.traceId === root.traceId);
    const byId = (id: string | undefined) => inTrace().find((s) => s.spanId === id);

    const handler = await waitFor(
      () => inTrace().find((s) => s.scope === 'identity' && s.kind === SPAN_KIND.SERVER),
      10_000,
    );
    const call = byId(handler.parentSpanId);
    expect(call).toMatchObject({ scope: 'gateway', kind: SPAN_KIND.CLIENT, name: `send ${handler.name}` });
    expect(call!.parentSpanId).toBe(root.spanId);

    // Statements the handler ran, under its span (directly or through a span of its own).
    const sqlUnderHandler = await waitFor(() => {
      const found = inTrace().filter((s) => {
        if (s.scope !== '@planted/db') return false;
        for (let parent = byId(s.parentSpanId); parent; parent = byId(parent.parentSpanId))
          if (parent.spanId === handler.spanId) return true;
        return false;
      });
      return found.some((s) => s.name === 'pg INSERT') ? found : undefined;
    }, 10_000);
    for (const statement of sqlUnderHandler) {
      expect(statement.kind).toBe(SPAN_KIND.CLIENT);
      expect(statement.attributes['db.system.name']).toBe('postgresql');
      // Literals (the company's name, the password hash) stay out of the trace.
      expect(String(statement.attributes['db.query.text'])).not.toContain('Traced Plant Hire');
    }

    // The event the registration wrote reaches its consumer through the outbox with the trace:
    // the consumer's span is the handler's child, and its statements the consumer span's.
    const processed = await waitFor(
      () => inTrace().find((s) => s.scope === 'otel-consumer' && s.name === `process ${UserCreated.name}`),
      10_000,
    );
    expect(processed.parentSpanId).toBe(handler.spanId);
    await waitFor(
      () => inTrace().find((s) => s.scope === '@planted/db' && s.parentSpanId === processed.spanId),
      10_000,
    );

    // Log lines written while the handler ran carry its trace id and span id.
    const handled = logLines.find(
      (line) => line.service === 'identity' && line.msg === 'handled' && line.trace_id === root.traceId,
    );
    expect(handled).toMatchObject({ trace_id: root.traceId, span_id: handler.spanId, subject: handler.name });
  });

  it('serves each metric family on /metrics, with the traffic counted', async () => {
    const api = client(gateway.url);
    expect(
      (await api.post('/api/auth/login', { email: 'nobody@example.test', password: 'wrong-password' }))
        .status,
    ).toBe(401);

    const scrape = async (port: number | undefined) => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return res.text();
    };
    const value = (text: string, series: RegExp) => {
      const line = text.split('\n').find((l) => series.test(l));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    };

    const gw = await scrape(gateway.metricsPort);
    expect(
      value(
        gw,
        /^http_requests_total\{method="POST",route="\/api\/auth\/register",status="201",service="gateway"\}/,
      ),
    ).toBe(1);
    expect(
      value(
        gw,
        /^http_requests_total\{method="POST",route="\/api\/auth\/login",status="401",service="gateway"\}/,
      ),
    ).toBe(1);
    expect(value(gw, /^http_request_duration_seconds_count\{.*route="\/api\/auth\/register"/)).toBe(1);
    expect(
      value(gw, /^nats_client_requests_total\{subject="identity\.[^"]*",outcome="ok",service="gateway"\}/),
    ).toBeGreaterThan(0);
    expect(
      value(
        gw,
        /^nats_client_requests_total\{subject="identity\.[^"]*",outcome="INVALID_CREDENTIALS",service="gateway"\}/,
      ),
    ).toBe(1);
    expect(value(gw, /^nats_client_request_duration_seconds_count\{/)).toBeGreaterThan(0);
    // The public API port does not serve them.
    expect((await fetch(`${gateway.url}/metrics`)).status).toBe(404);

    const id = await scrape(identity.httpPort);
    expect(
      value(id, /^nats_requests_total\{subject="identity\.[^"]*",outcome="ok",service="identity"\}/),
    ).toBeGreaterThan(0);
    expect(
      value(
        id,
        /^nats_requests_total\{subject="identity\.[^"]*",outcome="INVALID_CREDENTIALS",service="identity"\}/,
      ),
    ).toBe(1);
    expect(value(id, /^nats_request_duration_seconds_count\{/)).toBeGreaterThan(0);
    expect(value(id, /^nats_requests_in_flight\{service="identity"\}/)).toBe(0);
    expect(value(id, /^db_pool_total\{service="identity"\}/)).toBeGreaterThan(0);
    expect(value(id, /^db_pool_idle\{service="identity"\}/)).toBeGreaterThanOrEqual(0);
    expect(value(id, /^db_pool_waiting\{service="identity"\}/)).toBe(0);
    // The registration's events leave the outbox within moments; the gauges read the table.
    await waitFor(
      async () => (value(await scrape(identity.httpPort), /^outbox_pending\{/) === 0 ? true : undefined),
      10_000,
    );
    expect(value(id, /^outbox_lag_seconds\{service="identity"\}/)).toBeGreaterThanOrEqual(0);
    expect(id).toContain('# TYPE consumer_redeliveries_total counter');
    expect(id).toContain('# TYPE process_cpu_seconds_total counter');
  });
});
