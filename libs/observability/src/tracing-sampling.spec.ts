import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endSpan, flushTracing, SpanKind, startSpan, startTracing, stopTracing } from './tracing';

/** OTEL_TRACES_SAMPLER_ARG: new traces kept at the ratio; a remote parent's decision followed. */
describe('tracing with a sample ratio of 0', () => {
  let collector: Server;
  const names: string[] = [];

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const parsed = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: { name: string }[] }[] }[];
        };
        for (const rs of parsed.resourceSpans)
          for (const ss of rs.scopeSpans) for (const span of ss.spans) names.push(span.name);
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    expect(startTracing({ serviceName: 'gateway', endpoint, sampleRatio: 0 })).toBe(true);
  });

  afterAll(async () => {
    await stopTracing();
    await new Promise((resolve) => collector.close(resolve));
  });

  it('drops new traces, keeps those a sampled parent started, and drops those an unsampled one did', async () => {
    const root = startSpan('gateway', 'GET /api/hires', { kind: SpanKind.SERVER })!;
    expect(root.isRecording()).toBe(false);
    // The decision travels: the traceparent this root sends on says "not sampled".
    expect(root.spanContext().traceFlags & 1).toBe(0);
    endSpan(root);

    const kept = startSpan('identity', 'kept', {
      kind: SpanKind.SERVER,
      parent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    })!;
    expect(kept.isRecording()).toBe(true);
    endSpan(kept);

    const dropped = startSpan('identity', 'dropped', {
      kind: SpanKind.SERVER,
      parent: '00-0af7651916cd43dd8448eb211c80319d-b7ad6b7169203332-00',
    })!;
    expect(dropped.isRecording()).toBe(false);
    endSpan(dropped);

    await flushTracing();
    expect(names).toEqual(['kept']);
  });
});
