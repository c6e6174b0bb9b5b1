import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sanitizeStatement, traceQueries } from './sql-tracing';
import {
  currentTraceIds,
  currentTraceparent,
  endSpan,
  flushTracing,
  runInSpan,
  SpanKind,
  startSpan,
  startTracing,
  stopTracing,
  tracingEnabled,
  withSpan,
} from './tracing';

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('makes no spans and no headers, and runs the work as it is', async () => {
    expect(startTracing({ serviceName: 'identity', endpoint: undefined })).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(startSpan('identity', 'x')).toBeUndefined();
    expect(currentTraceparent()).toBeUndefined();
    expect(currentTraceIds()).toBeUndefined();
    expect(runInSpan(undefined, () => 42)).toBe(42);
    await expect(withSpan('identity', 'x', {}, async () => 'done')).resolves.toBe('done');
  });
});

describe('sanitizeStatement', () => {
  it('masks every quoted literal, doubled quotes included', () => {
    expect(
      sanitizeStatement(
        "select set_config('app.customer_id', 'c0ffee', true); select * from t where name = 'O''Brien' and id = $1",
      ),
    ).toBe("select set_config('?', '?', true); select * from t where name = '?' and id = $1");
  });
});

describe('tracing on', () => {
  let collector: Server;
  const received: {
    resourceSpans: { scopeSpans: { scope: { name: string }; spans: Record<string, unknown>[] }[] }[];
  }[] = [];

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/`;
    expect(startTracing({ serviceName: 'identity', endpoint })).toBe(true);
  });

  afterAll(async () => {
    await stopTracing();
    await new Promise((resolve) => collector.close(resolve));
  });

  type Exported = { scope: string; name: string; spanId: string; parentSpanId?: string };
  const exported = (): Exported[] =>
    received.flatMap((r) =>
      r.resourceSpans.flatMap((rs) =>
        rs.scopeSpans.flatMap((ss) => ss.spans.map((s) => ({ scope: ss.scope.name, ...s }) as Exported)),
      ),
    );

  it('continues a remote traceparent, passes it on, and exports the spans as OTLP JSON', async () => {
    const remote = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const span = startSpan('identity', 'identity.auth.login.v1', { kind: SpanKind.SERVER, parent: remote })!;
    expect(span.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    await runInSpan(span, async () => {
      await Promise.resolve();
      expect(currentTraceIds()).toEqual({
        trace_id: '0af7651916cd43dd8448eb211c80319c',
        span_id: span.spanContext().spanId,
      });
      expect(currentTraceparent()).toBe(
        `00-0af7651916cd43dd8448eb211c80319c-${span.spanContext().spanId}-01`,
      );
      await withSpan('identity', 'child', {}, async () => undefined);
    });
    expect(currentTraceIds()).toBeUndefined();
    endSpan(span, { code: 'INVALID_CREDENTIALS', message: 'no' });
    await flushTracing();
    const spans = exported();
    const server = spans.find((s) => s.name === 'identity.auth.login.v1')!;
    expect(server).toMatchObject({
      scope: 'identity',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      parentSpanId: 'b7ad6b7169203331',
      kind: 2,
      status: { code: 2, message: 'no' },
    });
    expect(spans.find((s) => s.name === 'child')).toMatchObject({ parentSpanId: server.spanId });
  });

  it('makes a span of each query sent inside a trace, and none outside one', async () => {
    const sent: unknown[] = [];
    const client = {
      query: async (config: unknown) => {
        sent.push(config);
        return { rows: [] };
      },
    };
    traceQueries(client as never, { 'db.namespace': 'identity' });
    await client.query('select 1');
    await withSpan('identity', 'handler', {}, async () => {
      await client.query({ text: "begin; select set_config('app.customer_id', 'abc', true)" });
      await client.query("insert into t values ('secret')");
    });
    await flushTracing();
    expect(sent).toHaveLength(3);
    const statements = exported().filter((s) => s.scope === '@planted/db');
    expect(statements.map((s) => s.name)).toEqual(['pg SELECT', 'pg INSERT']);
    const handler = exported().find((s) => s.name === 'handler')!;
    for (const s of statements) expect(s.parentSpanId).toBe(handler.spanId);
    expect(JSON.stringify(statements)).not.toContain('secret');
  });
});
