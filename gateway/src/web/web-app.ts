import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type NotFoundResponder = (request: FastifyRequest, reply: FastifyReply) => void;

/** A path that names a file (it has an extension), never a client route. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

/**
 * index.html as it is on disk now: read again when the build replaced it, so a rebuild
 * while the gateway runs serves the new entry script rather than one that is gone.
 */
function currentIndex(indexFile: string): () => Buffer | undefined {
  let cached: { mtimeMs: number; size: number; body: Buffer } | undefined;
  return () => {
    let stat;
    try {
      stat = statSync(indexFile);
    } catch {
      return cached?.body;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, body: readFileSync(indexFile) };
    }
    return cached.body;
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a page asked for at another loopback name of APP_URL's host and port is sent
 * (`127.0.0.1:3000` for `localhost:3000`), or undefined. The browser keeps the session per
 * origin, and Stripe's checkout, social sign-in and the emailed links all come back to
 * APP_URL: a user who opened the other name would come back signed out. Only loopback names
 * are compared, so no Host header can send anyone elsewhere.
 */
export function canonicalPageUrl(appUrl: string, host: string | undefined, url: string): string | undefined {
  if (!host) return undefined;
  let canonical: URL;
  let asked: URL;
  try {
    canonical = new URL(appUrl);
    asked = new URL(`${canonical.protocol}//${host}`);
  } catch {
    return undefined;
  }
  if (asked.host === canonical.host) return undefined;
  if (!LOOPBACK_HOSTS.has(canonical.hostname) || !LOOPBACK_HOSTS.has(asked.hostname)) return undefined;
  if (asked.port !== canonical.port) return undefined;
  return `${canonical.origin}${url.startsWith('/') ? url : `/${url}`}`;
}

/**
 * Serves the built web app at `/` with history fallback: any GET (or HEAD) that is not an
 * API, file or GraphQL path gets index.html, so client routes survive a reload. Unknown
 * `/api` paths answer JSON 404. A file path (`/assets/app-1.js`) is never answered with the
 * page: a file the static handler did not know at start-up (a rebuild since) is sent from
 * disk, and one that is not there is 404, so a browser never runs HTML as a script. A page
 * asked for at another loopback name of APP_URL goes to APP_URL (canonicalPageUrl). Nest owns
 * Fastify's not-found hook, so the returned responder is called from the error filter when no
 * route matched.
 */
export async function registerWebApp(
  fastify: FastifyInstance,
  webDist: string,
  appUrl?: string,
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
  const indexHtml = built ? currentIndex(indexFile) : () => undefined;
  const root = path.resolve(webDist);

  /** The file under the build for a URL path, if there is one (never outside it). */
  const builtFile = (url: string): string | undefined => {
    let relative: string;
    try {
      relative = decodeURIComponent(url).replace(/^\/+/, '');
    } catch {
      return undefined;
    }
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return undefined;
    try {
      return statSync(file).isFile() ? relative : undefined;
    } catch {
      return undefined;
    }
  };

  const notFound: NotFoundResponder = (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi =
      url === '/api' || url.startsWith('/api/') || url.startsWith('/files/') || url === '/graphql';
    // HEAD as GET (link checkers and uptime probes ask it): Node sends the head only.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && isRead && built && FILE_PATH.test(url)) {
      const file = builtFile(url);
      if (file) {
        void reply.sendFile(file);
        return;
      }
      void reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return;
    }
    const page = !isApi && isRead ? indexHtml() : undefined;
    const canonical =
      page && appUrl ? canonicalPageUrl(appUrl, request.headers.host, request.url) : undefined;
    if (canonical) {
      void reply.redirect(canonical, 302);
      return;
    }
    if (page) {
      void reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
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
