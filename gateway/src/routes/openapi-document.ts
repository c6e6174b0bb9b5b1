import { z } from 'zod';
import { IDEMPOTENCY, type ErrorCode } from '@planted/contracts';
import { httpStatusFor } from '../errors/error-status';
import { TAGS, type AnyRoute, type HandWrittenAnswer, type RouteDeclaration } from './route-kit';

type Json = Record<string, unknown>;

/** The standard error answers, each a shared response in components. */
const ERROR_ANSWERS: Record<number, { name: string; description: string; headers?: Json }> = {
  400: {
    name: 'BadRequest',
    description:
      'Bad input: `error` is the first field message (spec §5) and `details` lists every field as {param, msg}; also malformed JSON',
  },
  401: {
    name: 'Unauthorized',
    description: 'No session token, an invalid or expired one, or wrong credentials',
  },
  403: { name: 'Forbidden', description: 'Not allowed for this user, or the plan’s limit blocks it' },
  404: { name: 'NotFound', description: 'Not found (also another company’s records)' },
  409: {
    name: 'Conflict',
    description:
      'Conflicts with what exists (an email already in use), or an Idempotency-Key sent before with another request or whose first request is still in progress',
  },
  413: { name: 'PayloadTooLarge', description: 'The request body is too large' },
  415: { name: 'UnsupportedMediaType', description: 'The request body is not of a type this route reads' },
  422: {
    name: 'UnprocessableEntity',
    description:
      'An outside system refused it: Zahara refused the company’s API key, or the request (the accounting integration)',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts; try again after Retry-After seconds',
    headers: {
      'Retry-After': {
        description: 'Seconds until the next attempt is allowed',
        schema: { type: 'integer' },
      },
    },
  },
  502: {
    name: 'BadGateway',
    description: 'An outside system (Zahara) did not answer in time or kept failing, after retries',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A service behind the gateway is down, or did not answer in time: then the outcome is unknown, and a retry with the same Idempotency-Key is safe',
  },
};

const UNEXPECTED: { name: string; description: string; headers?: Json } = {
  name: 'InternalError',
  description: 'Unexpected failure: a 500 whose `requestId` finds it in the logs (never a stack trace)',
};

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'What went wrong, to show the user' },
    details: {
      type: 'array',
      description: 'Field errors of bad input',
      items: {
        type: 'object',
        required: ['param', 'msg'],
        properties: {
          param: { type: 'string', description: 'The field (dotted path)' },
          msg: { type: 'string', description: 'The spec §5 message for it' },
        },
      },
    },
    requestId: { type: 'string', description: 'On 5xx answers: the request id of the logs' },
  },
};

/** The optional header of creating routes (`idempotent` declarations), one shared parameter. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY.HEADER,
  in: 'header',
  required: false,
  description:
    'Makes the request safe to retry: the same key and body within 24 hours answers the first answer again (marked by the Idempotent-Replayed header) instead of creating twice; the same key with another body is a 409. A new key for each new request (a UUID).',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

const REPLAYED_HEADER = {
  description: 'true when this is the kept answer of an earlier request with the same Idempotency-Key',
  schema: { type: 'string', enum: ['true'] },
};

const SUCCESS_DESCRIPTION: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No content' };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

const json = (schema: Json) => ({ 'application/json': { schema } });

function errorStatuses(route: AnyRoute): number[] {
  const codes: ErrorCode[] = [...route.errors];
  if (route.kind === 'kit') {
    // A kit route with input validates it; every kit route forwards to (or answers through) a service.
    if (Object.keys(route.input.shape).length > 0) codes.push('VALIDATION_FAILED');
    codes.push('UNAVAILABLE');
  }
  if (route.kind === 'hand-written' && (route.query || route.params)) codes.push('VALIDATION_FAILED');
  if (route.idempotent) codes.push('VALIDATION_FAILED', 'CONFLICT');
  if (route.access !== 'public') codes.push('UNAUTHENTICATED');
  if (route.access === 'admin' || route.access === 'member') codes.push('FORBIDDEN');
  // A body is parsed before any route code runs: malformed, too large, or of another type.
  if (route.hasBody) codes.push('VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  return [...new Set(codes.map(httpStatusFor))].filter((s) => s < 500 || s === 503).sort((a, b) => a - b);
}

function parameters(route: AnyRoute): Json[] {
  const headers = route.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [];
  const declared: [string, 'query' | 'path', z.ZodType][] = [];
  if (route.kind === 'kit') {
    for (const name of route.params) declared.push([name, 'path', route.input.shape[name] as z.ZodType]);
    for (const name of route.query) declared.push([name, 'query', route.input.shape[name] as z.ZodType]);
  } else {
    for (const [name, schema] of Object.entries(route.params ?? {})) declared.push([name, 'path', schema]);
    for (const [name, schema] of Object.entries(route.query ?? {})) declared.push([name, 'query', schema]);
  }
  return [
    ...declared.map(([name, where, schema]) => ({
      name,
      in: where,
      required: where === 'path' || !schema.safeParse(undefined).success,
      schema: jsonSchema(schema, 'input'),
    })),
    ...headers,
  ];
}

function requestBody(route: AnyRoute): Json | undefined {
  if (route.kind === 'hand-written') {
    if (!route.body && !route.jsonBody) return undefined;
    return {
      required: true,
      content: {
        ...(route.body && { [route.body.mediaType]: { schema: route.body.schema } }),
        ...(route.jsonBody && json(jsonSchema(route.jsonBody, 'input'))),
      },
    };
  }
  if (!route.hasBody) return undefined;
  const elsewhere: readonly string[] = [...route.query, ...route.params];
  // From the shape rather than with .omit(), which zod refuses on a refined object (a hire's
  // end not before its start): JSON Schema documents the fields, the route enforces the rest.
  const body = z.object(
    Object.fromEntries(Object.entries(route.input.shape).filter(([k]) => !elsewhere.includes(k))),
  );
  if (Object.keys(body.shape).length === 0) return undefined;
  return { required: true, content: json(jsonSchema(body, 'input')) };
}

function successAnswers(route: AnyRoute): Json {
  const replayed = route.idempotent && { headers: { [IDEMPOTENCY.REPLAYED_HEADER]: REPLAYED_HEADER } };
  if (route.kind === 'kit') {
    return {
      [route.status]: {
        description: SUCCESS_DESCRIPTION[route.status],
        ...replayed,
        content: json(jsonSchema((route as RouteDeclaration).answerSchema, 'output')),
      },
    };
  }
  return Object.fromEntries(
    Object.entries(route.answers).map(([status, answer]: [string, HandWrittenAnswer]) => [
      status,
      {
        description: answer.description,
        ...(Number(status) < 300 && replayed),
        ...(answer.headers && {
          headers: Object.fromEntries(
            Object.entries(answer.headers).map(([name, h]) => [name, { ...h, schema: { type: 'string' } }]),
          ),
        }),
        ...(answer.schema && { content: json(jsonSchema(answer.schema, 'output')) }),
      },
    ]),
  );
}

/**
 * The OpenAPI 3.1 document of the REST API, generated from the route declarations: input
 * (body, query, path) and answer schemas from the contracts' zod schemas, and every
 * operation's error answers from its access, body and error codes.
 */
export function buildOpenApiDocument(routes: readonly AnyRoute[]): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const usedErrors = new Set<number>();
  const usedTags = new Set<string>();
  let idempotentRoutes = false;
  for (const route of routes) {
    if (route.idempotent) idempotentRoutes = true;
    const statuses = errorStatuses(route);
    statuses.forEach((s) => usedErrors.add(s));
    usedTags.add(route.tag);
    const params = parameters(route);
    const body = requestBody(route);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description && { description: route.description }),
      tags: [route.tag],
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      ...(params.length && { parameters: params }),
      ...(body && { requestBody: body }),
      responses: {
        ...successAnswers(route),
        ...Object.fromEntries(
          statuses.map((s) => [s, { $ref: `#/components/responses/${ERROR_ANSWERS[s].name}` }]),
        ),
        default: { $ref: `#/components/responses/${UNEXPECTED.name}` },
      },
    };
  }
  const responses = Object.fromEntries(
    [...[...usedErrors].sort((a, b) => a - b).map((s) => ERROR_ANSWERS[s]), UNEXPECTED].map((answer) => [
      answer.name,
      {
        description: answer.description,
        ...(answer.headers ? { headers: answer.headers } : {}),
        content: json({ $ref: '#/components/schemas/Error' }),
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Planted API',
      version: '1',
      description:
        'Plant-hire management: the REST API behind the web app (spec section 7). Errors are JSON {error, details?}.',
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Planted-Proprietary' },
    },
    servers: [{ url: '/', description: 'The gateway serving this document' }],
    tags: Object.entries(TAGS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The session token from sign-in, registration or invitation acceptance',
        },
      },
      schemas: { Error: ERROR_SCHEMA },
      ...(idempotentRoutes && { parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER } }),
      responses,
    },
  };
}
