import type { FastifyReply, FastifyRequest } from 'fastify';

const SPECIAL = /[.+?^${}()|[\]\\]/g;

/** A Fastify route path ('/api/hires/:id', '/files/*') as a pattern for a request's path. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(SPECIAL, '\\$&').replace(/\*/g, '.*'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods each route path answers, learnt as routes are added (Fastify's onRoute), so a
 * request to a path that exists with a method it does not take is answered 405 with an `Allow`
 * header (RFC 9110 §15.5.6), not 404 as though the path were not there.
 */
export class AllowedMethods {
  private readonly routes: { pattern: RegExp; url: string; methods: Set<string> }[] = [];

  add(method: string | string[], url: string): void {
    let route = this.routes.find((r) => r.url === url);
    if (!route) {
      route = { pattern: patternOf(url), url, methods: new Set() };
      this.routes.push(route);
    }
    for (const m of Array.isArray(method) ? method : [method]) route.methods.add(m.toUpperCase());
    if (route.methods.has('GET')) route.methods.add('HEAD');
  }

  /** The methods some route takes at this path (its query left out), sorted; none when no route has it. */
  of(path: string): string[] {
    const bare = path.split('?')[0];
    const methods = new Set<string>();
    for (const route of this.routes)
      if (route.pattern.test(bare)) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  }
}

/**
 * The not-found answer, unless the path exists for other methods: then 405 'Method not allowed'
 * with `Allow`. Only where `applies` says (the API: the web app answers any GET path itself).
 */
export function methodNotAllowed(
  allowed: AllowedMethods,
  applies: (path: string) => boolean,
  notFound: (request: FastifyRequest, reply: FastifyReply) => void,
): (request: FastifyRequest, reply: FastifyReply) => void {
  return (request, reply) => {
    const methods = applies(request.url) ? allowed.of(request.url) : [];
    if (methods.length === 0 || methods.includes(request.method)) return notFound(request, reply);
    void reply.status(405).header('allow', methods.join(', ')).send({ error: 'Method not allowed' });
  };
}
