import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app at `/` with history fallback: any GET that is not an API,
 * file or GraphQL path and accepts HTML gets index.html, so client routes survive a
 * reload. Unknown `/api` paths answer JSON 404.
 */
export async function registerWebApp(fastify: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await fastify.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const indexHtml = built ? readFileSync(indexFile) : undefined;

  fastify.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/files/') || url === '/graphql';
    if (!isApi && request.method === 'GET' && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    if (!isApi && request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
      return reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Planted</title><p>The web app is not built. Run <code>npm start</code>, or see <a href="/api/docs">the API docs</a>.</p>');
    }
    return reply.status(404).send({ error: 'Not found' });
  });
  return built;
}
