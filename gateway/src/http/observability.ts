import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  endSpan,
  enterSpan,
  SpanKind,
  startSpan,
  tracingEnabled,
  type Metrics,
  type Span,
} from '@planted/observability';

const spans = new WeakMap<FastifyRequest, Span>();

/** The route's pattern ('/api/hires/:id'), not the path: a label per id would be a series per id. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions?.url ?? 'unmatched';
}

/**
 * Counts and times every HTTP request (http_requests_total, http_request_duration_seconds)
 * and, while tracing is on, makes each one the root span of its trace: the NATS requests
 * it sends, the handlers that answer them and their SQL are its descendants.
 */
export function observeHttp(fastify: FastifyInstance, metrics: Metrics): void {
  if (tracingEnabled())
    fastify.addHook('onRequest', (request, _reply, done) => {
      const route = routeOf(request);
      const span = startSpan('gateway', `${request.method} ${route}`, {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': route,
          'url.path': request.url.split('?')[0],
          'http.request.id': String(request.id),
        },
      });
      if (span) {
        spans.set(request, span);
        enterSpan(span);
      }
      done();
    });
  fastify.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    metrics.httpRequest(request.method, routeOf(request), status, reply.elapsedTime);
    const span = spans.get(request);
    if (span)
      endSpan(span, status >= 500 ? `HTTP ${status}` : undefined, { 'http.response.status_code': status });
    done();
  });
}

/**
 * /metrics on a port of its own (METRICS_PORT), apart from the public API: the Ingress
 * only routes the API port, and Prometheus scrapes this one inside the cluster.
 */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.url ?? '/').split('?')[0] !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    metrics.render().then(
      (text) =>
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String((err as Error)?.message)),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

export function metricsPortOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}
