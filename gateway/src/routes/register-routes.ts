import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY, MESSAGES, ServiceError, type Actor, type TypedClient } from '@planted/contracts';
import { setSessionToken, type Logger } from '@planted/logging';
import {
  runWithIdempotencyKey,
  type NatsTypedClient,
  type SendOptions,
  type SessionTokenVerifier,
} from '@planted/messaging';
import { bearerToken, verifyBearer } from '../auth/auth.guard';
import { sendError, toErrorAnswer } from '../errors/http-exception.filter';
import { idempotencyKeyOf } from '../idempotency/idempotency-key';
import { IdempotencyStore } from '../idempotency/idempotency-store';
import { parseInput } from '../validation/parse';
import {
  routerPath,
  type Access,
  type RouteContext,
  type RouteDeclaration,
  type RouteDependencies,
} from './route-kit';

export const ONLY_ADMINS = 'Only administrators can do this';

/** A bus that can answer a reply as JSON text (NatsTypedClient), checked as `send` checks it. */
type JsonBus = TypedClient & Pick<NatsTypedClient, 'sendForJson'>;
const answersJson = (bus: TypedClient): bus is JsonBus =>
  typeof (bus as Partial<JsonBus>).sendForJson === 'function';
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** What the bus is told of a route's payload (NatsTypedClient's SendOptions; other clients ignore it). */
const sendOptions = (declaration: RouteDeclaration): SendOptions => ({
  parsed: declaration.forwardsParsed,
});

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

/**
 * Declared routes take JSON (spec §7): a body sent as text, a form or anything else is 415,
 * not read as a string and refused field by field. No body at all is fine.
 */
function refuseNonJsonBody(request: FastifyRequest): void {
  if (request.body === undefined) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json'))
    throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
}

/** The verified caller of a route of this access, refusing a missing or bad token and a non-admin on admin routes. */
export async function authenticate(
  route: { access: Access; forbidden?: string },
  request: FastifyRequest,
  verifier: SessionTokenVerifier,
): Promise<Actor | undefined> {
  if (route.access === 'public') return undefined;
  return allowed(route, await verifyBearer(verifier, request.headers.authorization));
}

/**
 * authenticate's answer for a token verified within the last minute (SessionTokenVerifier.cached:
 * its session checked again), without a promise; undefined when it must be verified (or is missing).
 */
function knownCaller(
  route: { access: Access; forbidden?: string },
  request: FastifyRequest,
  verifier: SessionTokenVerifier,
): Actor | undefined {
  const token = bearerToken(request.headers.authorization);
  const actor = token ? verifier.cached(token) : undefined;
  if (!actor) return undefined;
  setSessionToken(token!);
  return allowed(route, actor);
}

function allowed(route: { access: Access; forbidden?: string }, actor: Actor): Actor {
  if (route.access === 'admin' && actor.role !== 'admin') {
    throw new ServiceError('FORBIDDEN', route.forbidden ?? ONLY_ADMINS);
  }
  if (route.access === 'member' && actor.role === 'viewer') {
    throw new ServiceError('FORBIDDEN', MESSAGES.VIEWERS_READ_ONLY);
  }
  return actor;
}

export interface RouteServices extends RouteDependencies {
  readonly bus: TypedClient;
  readonly verifier: SessionTokenVerifier;
  readonly logger: Logger;
  readonly idempotency: IdempotencyStore;
}

/** One creating request to run once per Idempotency-Key. */
export interface IdempotentCall {
  key: string;
  actor?: Actor;
  /** Names the keys' owner when no one is signed in. */
  operationId: string;
  /** What makes two requests the same: the store's fingerprint (an HMAC) of method, URL and body. */
  fingerprint: string;
  /** The success status. */
  status: number;
  /** Does the work and gives the answer's body. */
  run: () => Promise<unknown>;
}

/**
 * Runs a creating request once per Idempotency-Key: the first answer is kept (unless it is
 * a 5xx or 429, so a retry really retries) and given again for the same key and body; the
 * key travels on to the service (the typed client's header) for the case where the gateway
 * never hears the service's reply.
 */
export async function idempotently(
  reply: FastifyReply,
  services: Pick<RouteServices, 'idempotency' | 'logger'>,
  requestId: string,
  call: IdempotentCall,
): Promise<FastifyReply> {
  const caller = call.actor ? `user:${call.actor.userId}` : `route:${call.operationId}`;
  const begun = await services.idempotency.begin(caller, call.key, call.fingerprint);
  if (begun.kind === 'replay') {
    reply.header(IDEMPOTENCY.REPLAYED_HEADER, 'true');
    return reply.status(begun.answer.status).send(begun.answer.body);
  }
  let status: number;
  let body: unknown;
  let headers: Record<string, string> = {};
  try {
    body = await runWithIdempotencyKey(call.key, call.run);
    status = call.status;
  } catch (err) {
    const answer = toErrorAnswer(err, requestId, services.logger);
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
          const actor =
            declaration.access === 'public'
              ? undefined
              : (knownCaller(declaration, request, services.verifier) ??
                (await authenticate(declaration, request, services.verifier)));
          const key = declaration.idempotent ? idempotencyKeyOf(request.headers) : undefined;
          if (declaration.hasBody) refuseNonJsonBody(request);
          const input = parseInput(
            declaration.input,
            gatherInput(declaration, request),
            declaration.params,
          ) as never;
          const payload = () => ({ ...(input as object), ...(actor ? { actor } : {}) }) as never;
          // The reply is the answer: it goes on as the JSON text the bus checked, not parsed
          // into objects only to be serialized again (see NatsTypedClient.sendForJson).
          if (key === undefined && declaration.answersReply && answersJson(services.bus)) {
            const json = await services.bus.sendForJson(declaration.subject, payload(), {
              parsed: declaration.forwardsParsed,
            });
            return reply.status(declaration.status).type(JSON_CONTENT_TYPE).send(json);
          }
          // What the route's steps and its own handling see (none of it on the path above).
          const context: RouteContext = {
            actor,
            ip: request.ip,
            secure: request.protocol === 'https',
            cookies: declaration.handle ? request.headers.cookie : undefined,
          };
          const forward = (): Promise<unknown> =>
            declaration.handle
              ? declaration.handle(input, context, services)
              : services.bus.send(declaration.subject, payload(), sendOptions(declaration));
          // The first step declared is the outermost.
          const run = declaration.before.reduceRight<() => Promise<unknown>>(
            (next, step) => () => step.run(input, context, services, next),
            forward,
          );
          if (key !== undefined)
            return await idempotently(reply, services, String(request.id), {
              key,
              actor,
              operationId: declaration.operationId,
              fingerprint: services.idempotency.fingerprint(request.method, request.url, request.body),
              status: declaration.status,
              run: async () => declaration.toAnswer(await run()),
            });
          const result = await run();
          return reply.status(declaration.status).send(declaration.toAnswer(result));
        } catch (err) {
          return sendError(reply, err, String(request.id), services.logger);
        }
      },
    });
  }
}
