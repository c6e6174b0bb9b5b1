import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError, type Actor, type TypedClient } from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { bearerToken } from '../auth/auth.guard';
import type { TokenVerifier } from '../auth/token-verifier';
import { sendError } from '../errors/http-exception.filter';
import { parseInput } from '../validation/parse';
import { routerPath, type RouteContext, type RouteDeclaration, type RouteDependencies } from './route-kit';

export const ONLY_ADMINS = 'Only administrators can do this';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pick(source: unknown, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isObject(source)) return out;
  for (const key of keys) if (key in source) out[key] = source[key];
  return out;
}

/**
 * The client's input: body fields from the JSON body, the declared query and path fields
 * from there. A body that is not a JSON object is validated as it is, so that it fails
 * with the schema's own message instead of being mistaken for an empty object.
 */
function gatherInput(declaration: RouteDeclaration, request: FastifyRequest): unknown {
  const body = request.body;
  if (declaration.hasBody && body !== undefined && body !== null && !isObject(body)) return body;
  const bodyKeys = Object.keys(declaration.input.shape).filter(
    (key) => !declaration.query.includes(key) && !declaration.params.includes(key),
  );
  return {
    ...(declaration.hasBody ? pick(body, bodyKeys) : {}),
    ...pick(request.query, declaration.query),
    ...pick(request.params, declaration.params),
  };
}

async function authenticate(
  declaration: RouteDeclaration,
  request: FastifyRequest,
  verifier: TokenVerifier,
): Promise<Actor | undefined> {
  if (declaration.access === 'public') return undefined;
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new ServiceError('UNAUTHENTICATED', 'Authentication required');
  const actor = await verifier.verify(token);
  if (declaration.access === 'admin' && actor.role !== 'admin') {
    throw new ServiceError('FORBIDDEN', declaration.forbidden ?? ONLY_ADMINS);
  }
  return actor;
}

export interface RouteServices extends RouteDependencies {
  readonly bus: TypedClient;
  readonly verifier: TokenVerifier;
  readonly logger: Logger;
}

/**
 * Serves declared routes on Fastify: authenticate, validate the client's input with the
 * contract's schema (spec §5 messages, `details: [{param, msg}]`), run the route's steps,
 * forward the payload (with the verified actor) over NATS, answer or map the error.
 */
export function registerRoutes(
  fastify: FastifyInstance,
  declarations: readonly RouteDeclaration[],
  services: RouteServices,
): void {
  for (const declaration of declarations) {
    fastify.route({
      method: declaration.method,
      url: routerPath(declaration.path),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          const actor = await authenticate(declaration, request, services.verifier);
          const input = parseInput(declaration.input, gatherInput(declaration, request)) as never;
          const context: RouteContext = { actor, ip: request.ip, secure: request.protocol === 'https' };
          const forward = (): Promise<unknown> =>
            declaration.handle
              ? declaration.handle(input, context, services)
              : services.bus.send(declaration.subject, {
                  ...(input as object),
                  ...(actor ? { actor } : {}),
                } as never);
          // The first step declared is the outermost.
          const run = declaration.before.reduceRight<() => Promise<unknown>>(
            (next, step) => () => step.run(input, context, services, next),
            forward,
          );
          const result = await run();
          return reply.status(declaration.status).send(declaration.toAnswer(result));
        } catch (err) {
          return sendError(reply, err, String(request.id), services.logger);
        }
      },
    });
  }
}
