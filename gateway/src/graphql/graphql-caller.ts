import type { FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import { ServiceError, type Actor } from '@planted/contracts';
import type { SessionTokenVerifier } from '@planted/messaging';
import { verifyBearer } from '../auth/auth.guard';
import { httpStatusFor } from '../errors/error-status';
import { SERVICE_UNAVAILABLE } from '../errors/http-exception.filter';

export interface GqlContext {
  req: FastifyRequest;
}

/** Same rules as REST: a bearer token is required, and the company comes from it. */
export async function verifiedActor(verifier: SessionTokenVerifier, ctx: GqlContext): Promise<Actor> {
  try {
    return await verifyBearer(verifier, ctx.req.headers.authorization);
  } catch (err) {
    throw toGraphQLError(err);
  }
}

/**
 * Runs a resolver's work as the verified caller; a service's refusal becomes a GraphQLError
 * with its code and status.
 */
export async function asCaller<T>(
  verifier: SessionTokenVerifier,
  ctx: GqlContext,
  work: (actor: Actor) => Promise<T>,
): Promise<T> {
  const actor = await verifiedActor(verifier, ctx);
  try {
    return await work(actor);
  } catch (err) {
    throw toGraphQLError(err);
  }
}

/** GraphQL leaves an argument out or sends null; the contracts know only "left out". */
export const given = <T>(args: Record<string, T | null | undefined>) =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null && v !== undefined));

/** Why a POST /graphql body is refused before graphql-js sees it (see graphqlBodyProblem). */
export const GRAPHQL_BODY_MESSAGE =
  'The body must be a JSON object with a "query" text, and "operationName" (a text) and "variables" (an object) when given';

/**
 * Whether a POST /graphql body is a GraphQL request (GraphQL over HTTP): an object whose
 * `query` is a non-empty string, `operationName` a string and `variables` an object when
 * given. Anything else (a number, an array, `{"query": 5}`) reached graphql-js as it was and
 * came back as its internal TypeError, with 200.
 */
export function graphqlBodyProblem(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return GRAPHQL_BODY_MESSAGE;
  const { query, operationName, variables } = body as Record<string, unknown>;
  const fine =
    typeof query === 'string' &&
    query.trim() !== '' &&
    (operationName === undefined || operationName === null || typeof operationName === 'string') &&
    (variables === undefined ||
      variables === null ||
      (typeof variables === 'object' && !Array.isArray(variables)));
  return fine ? undefined : GRAPHQL_BODY_MESSAGE;
}

/** A service's error keeps its code and HTTP status in `extensions`; anything else says nothing of itself. */
export function toGraphQLError(err: unknown): GraphQLError {
  if (err instanceof ServiceError) {
    const status = httpStatusFor(err.code);
    // A service down or restarting (no reply came either: GraphQL only reads) is said as REST
    // says it; Zahara's failures are worded for the user; any other 5xx says nothing of itself.
    const message =
      err.code === 'UNAVAILABLE'
        ? SERVICE_UNAVAILABLE
        : status >= 500 && err.code !== 'ZAHARA_UNAVAILABLE'
          ? 'Internal server error'
          : err.message;
    return new GraphQLError(message, {
      extensions: { code: err.code, status, ...(err.details?.length && { details: err.details }) },
    });
  }
  return new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL', status: 500 } });
}

/**
 * The HTTP status of a GraphQL answer: 401 when nothing was answered and every error is a
 * missing, bad or ended session (as REST answers, so a client's "401 means sign in again"
 * works here too); 400 when nothing ran (no data at all) and no error came from a resolver
 * (each of those carries its status): a document graphql-js refused, some of its refusals
 * (an aborted validation, an unknown operation name) otherwise answered 200; else what the
 * GraphQL server chose (200 with partial data, 400).
 */
export function graphqlStatus(
  statusCode: number,
  response: { data?: unknown; errors?: readonly { extensions?: { code?: unknown } }[] },
): number {
  const errors = response.errors ?? [];
  const answered =
    response.data !== null &&
    response.data !== undefined &&
    Object.values(response.data as Record<string, unknown>).some((value) => value !== null);
  if (
    statusCode === 200 &&
    !answered &&
    errors.length > 0 &&
    errors.every((error) => error.extensions?.code === 'UNAUTHENTICATED')
  )
    return 401;
  if (
    statusCode === 200 &&
    (response.data === null || response.data === undefined) &&
    errors.length > 0 &&
    errors.every((error) => error.extensions?.code === undefined)
  )
    return 400;
  return statusCode;
}
