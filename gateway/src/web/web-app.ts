import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type NotFoundResponder = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Serves the built web app at `/` with history fallback: any GET (or HEAD) that is not an API,
 * file or GraphQL path and accepts HTML gets index.html, so client routes survive a
 * reload. Unknown `/api` paths answer JSON 404. Nest owns Fastify's not-found hook, so
 * the returned responder is called from the error filter when no route matched.
 */
export async function registerWebApp(
  fastify: FastifyInstance,
  webDist: string,
): Promise<{ built: boolean; notFound: NotFoundResponder }> {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await fastify.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset; they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const indexHtml = built ? readFileSync(indexFile) : undefined;

  const notFound: NotFoundResponder = (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi =
      url === '/api' || url.startsWith('/api/') || url.startsWith('/files/') || url === '/graphql';
    // HEAD as GET (link checkers and uptime probes ask it): Node sends the head only.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && isRead && indexHtml) {
      void reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
      return;
    }
    if (!isApi && isRead && (request.headers.accept ?? '').includes('text/html')) {
      void reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Planted</title><p>The web app is not built. Run <code>npm start</code>, or see <a href="/api/docs">the API docs</a>.</p>',
        );
      return;
    }
    void reply.status(404).send({ error: 'Not found' });
  };
  return { built, notFound };
}
