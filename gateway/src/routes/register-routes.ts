import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY, ServiceError, type Actor, type TypedClient } from '@planted/contracts';
import type { Logger } from '@planted/logging';
import { runWithIdempotencyKey } from '@planted/messaging';
import { bearerToken } from '../auth/auth.guard';
import type { TokenVerifier } from '../auth/token-verifier';
import { sendError, toErrorAnswer } from '../errors/http-exception.filter';
import { idempotencyKeyOf } from '../idempotency/idempotency-key';
import { IdempotencyStore } from '../idempotency/idempotency-store';
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
  readonly idempotency: IdempotencyStore;
}

/**
 * Runs a creating request once per Idempotency-Key: the first answer is kept (unless it is
 * a 5xx or 429, so a retry really retries) and given again for the same key and body; the
 * key travels on to the service (the typed client's header) for the case where the gateway
 * never hears the service's reply.
 */
async function idempotently(
  declaration: RouteDeclaration,
  request: FastifyRequest,
  reply: FastifyReply,
  services: RouteServices,
  call: { key: string; actor?: Actor; run: () => Promise<unknown> },
): Promise<FastifyReply> {
  const caller = call.actor ? `user:${call.actor.userId}` : `route:${declaration.operationId}`;
  const fingerprint = IdempotencyStore.fingerprint(request.method, request.url, request.body);
  const begun = await services.idempotency.begin(caller, call.key, fingerprint);
  if (begun.kind === 'replay') {
    reply.header(IDEMPOTENCY.REPLAYED_HEADER, 'true');
    return reply.status(begun.answer.status).send(begun.answer.body);
  }
  let status: number;
  let body: unknown;
  let headers: Record<string, string> = {};
  try {
    const result = await runWithIdempotencyKey(call.key, call.run);
    status = declaration.status;
    body = declaration.toAnswer(result);
  } catch (err) {
    const answer = toErrorAnswer(err, String(request.id), services.logger);
    ({ status, body } = answer);
    headers = answer.headers ?? {};
  }
  // The work is done (or refused): a Redis hiccup now must not turn its answer into an
  // error. The key's in-flight hold then lapses on its own.
  await begun.hold.finish(status, body).catch((err: unknown) => {
    services.logger.warn({ err: (err as Error).message }, 'idempotency answer not kept');
  });
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.status(status).send(body);
}

/**
 * Serves declared routes on Fastify: authenticate, validate the client's input with the
 * contract's schema (spec §5 messages, `details: [{param, msg}]`), run the route's steps,
 * forward the payload (with the verified actor) over NATS, answer or map the error; on
 * `idempotent` routes, once per Idempotency-Key.
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
          const key = declaration.idempotent ? idempotencyKeyOf(request.headers) : undefined;
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
          if (key !== undefined)
            return await idempotently(declaration, request, reply, services, { key, actor, run });
          const result = await run();
          return reply.status(declaration.status).send(declaration.toAnswer(result));
        } catch (err) {
          return sendError(reply, err, String(request.id), services.logger);
        }
      },
    });
  }
}
