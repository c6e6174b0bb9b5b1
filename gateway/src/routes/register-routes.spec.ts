import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRequest, ServiceError, textField, type Actor, type TypedClient } from '@planted/contracts';
import { createLogger } from '@planted/logging';
import type { SessionTokenVerifier } from '@planted/messaging';
import { buildOpenApiDocument } from './openapi-document';
import { registerRoutes, type RouteServices } from './register-routes';
import { route } from './route-kit';

const actorSchema = z.object({
  userId: z.string(),
  customerId: z.string(),
  role: z.string(),
  email: z.string(),
  name: z.string(),
});

const ThingRename = defineRequest(
  'test.thing.rename.v1',
  z.object({
    actor: actorSchema,
    id: textField({ required: 'Id is required' }),
    name: textField({ required: 'Name is required', label: 'Name' }).max(20, { error: 'Name is too long' }),
    dryRun: textField().optional(),
  }),
  z.object({ id: z.string(), name: z.string(), by: z.string() }),
  { caller: 'user', errors: ['NOT_FOUND'] },
);

const renameThing = route(ThingRename, {
  method: 'PUT',
  path: '/api/things/{id}',
  operationId: 'renameThing',
  summary: 'Renames a thing',
  tag: 'customers',
  access: 'admin',
  forbidden: 'Only administrators can rename things',
  params: ['id'],
  query: ['dryRun'],
});

const ACTORS: Record<string, Actor> = {
  'admin-token': { userId: 'u1', customerId: 'c1', role: 'admin', email: 'a@x.test', name: 'Ann' },
  'viewer-token': { userId: 'u2', customerId: 'c1', role: 'viewer', email: 'v@x.test', name: 'Vic' },
};

describe('the route kit serves a declaration (design.md, Kits)', () => {
  let app: FastifyInstance;
  const sent: unknown[] = [];

  beforeAll(async () => {
    app = Fastify();
    // As the Nest Fastify adapter does (the gateway takes Apple's form post).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const bus: TypedClient = {
      send: async (_subject, payload) => {
        sent.push(payload);
        const p = payload as { id: string; name: string; actor: Actor };
        return { id: p.id, name: p.name, by: p.actor.userId } as never;
      },
    };
    // As SessionTokenVerifier answers: no token is UNAUTHENTICATED, an unknown one an error.
    const verifier = {
      verify: async (token: string | undefined) =>
        token === undefined
          ? Promise.reject(new ServiceError('UNAUTHENTICATED', 'Authentication required'))
          : (ACTORS[token] ?? Promise.reject(new Error('bad'))),
      // A token verified before: answered without a promise (the route kit's usual path).
      cached: (token: string) => ACTORS[token],
    };
    registerRoutes(app, [renameThing], {
      bus,
      verifier: verifier as unknown as SessionTokenVerifier,
      logger: createLogger('test', { level: 'silent' }),
      ...({} as Omit<RouteServices, 'bus' | 'verifier' | 'logger'>),
    });
    await app.ready();
  });

  afterAll(() => app.close());

  const put = (url: string, body: unknown, token?: string) =>
    app.inject({
      method: 'PUT',
      url,
      payload: body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('forwards path, query and body fields with the verified actor, never an actor from the body', async () => {
    sent.length = 0;
    const res = await put(
      '/api/things/t-1?dryRun=yes',
      { name: ' Digger ', actor: { userId: 'evil' }, id: 'other' },
      'admin-token',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 't-1', name: 'Digger', by: 'u1' });
    expect(sent).toEqual([{ id: 't-1', name: 'Digger', dryRun: 'yes', actor: ACTORS['admin-token'] }]);
  });

  it('answers 401 without a token, 403 with the route’s message for a non-admin, before validating', async () => {
    expect((await put('/api/things/t-1', {})).json()).toEqual({ error: 'Authentication required' });
    const forbidden = await put('/api/things/t-1', {}, 'viewer-token');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'Only administrators can rename things' });
  });

  it('answers bad input with 400, the first message and every field', async () => {
    const res = await put('/api/things/t-1?dryRun=a%07b', { name: 'x'.repeat(21) }, 'admin-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Name is too long',
      details: [
        { param: 'name', msg: 'Name is too long' },
        { param: 'dryRun', msg: 'This field must not contain control characters' },
      ],
    });
  });

  it('answers a path segment its field refuses with 404 and the field’s message: it names nothing', async () => {
    const res = await put('/api/things/t%00x?dryRun=a%07b', { name: 'x'.repeat(21) }, 'admin-token');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'This field must not contain control characters' });
  });

  it('takes JSON bodies only: text or a form is 415, whatever it holds', async () => {
    sent.length = 0;
    for (const [type, payload] of [
      ['text/plain', '{"name":"Digger"}'],
      ['application/x-www-form-urlencoded', 'name=Digger'],
    ]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/things/t-1',
        payload,
        headers: { authorization: 'Bearer admin-token', 'content-type': type },
      });
      expect({ type, status: res.statusCode, body: res.json() }).toEqual({
        type,
        status: 415,
        body: { error: 'Unsupported content type' },
      });
    }
    expect(sent).toEqual([]);
  });

  it('answers a JSON body that is not an object (an array, a string, a number) in words, not zod’s', async () => {
    sent.length = 0;
    for (const payload of ['[1,2]', '"Digger"', '42']) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/things/t-1',
        payload,
        headers: { authorization: 'Bearer admin-token', 'content-type': 'application/json' },
      });
      expect({ payload, status: res.statusCode, body: res.json() }).toEqual({
        payload,
        status: 400,
        body: {
          error: 'The request body must be a JSON object',
          details: [{ param: '_', msg: 'The request body must be a JSON object' }],
        },
      });
    }
    expect(sent).toEqual([]);
  });

  it('documents the route: parameters, body, answer, security and its error answers', () => {
    const doc = buildOpenApiDocument([renameThing]) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const op = doc.paths['/api/things/{id}'].put as {
      parameters: { name: string; in: string; required: boolean }[];
      requestBody: {
        content: { 'application/json': { schema: { properties: object; required: string[] } } };
      };
      responses: Record<string, unknown>;
      security: unknown[];
    };
    expect(op.parameters.map(({ name, in: where, required }) => ({ name, where, required }))).toEqual([
      { name: 'id', where: 'path', required: true },
      { name: 'dryRun', where: 'query', required: false },
    ]);
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual(['name']);
    expect(Object.keys(op.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '503',
      'default',
    ]);
    expect(op.security).toEqual([{ bearer: [] }]);
  });
});

describe('a route whose answer is the reply, on a bus that answers replies as JSON text', () => {
  let app: FastifyInstance;
  const calls: string[] = [];
  const renamedAnswer = route(ThingRename, {
    method: 'PUT',
    path: '/api/named/{id}',
    operationId: 'renameNamed',
    summary: 'Renames a thing, answering its name only',
    tag: 'customers',
    access: 'admin',
    params: ['id'],
    answer: { schema: z.object({ name: z.string() }), from: (reply) => ({ name: reply.name }) },
  });

  beforeAll(async () => {
    app = Fastify();
    const reply = (payload: unknown) => {
      const p = payload as { id: string; name: string; actor: Actor };
      if (p.id === 'gone') throw new ServiceError('NOT_FOUND', 'No such thing');
      return { id: p.id, name: p.name, by: p.actor.userId };
    };
    const bus = {
      send: async (_subject: unknown, payload: unknown) => {
        calls.push('send');
        return reply(payload) as never;
      },
      sendForJson: async (_subject: unknown, payload: unknown) => {
        calls.push('sendForJson');
        // Written as the bus writes it: not necessarily as JSON.stringify would order it.
        const r = reply(payload);
        return `{"by":${JSON.stringify(r.by)},"id":${JSON.stringify(r.id)},"name":${JSON.stringify(r.name)}}`;
      },
    };
    registerRoutes(app, [renameThing, renamedAnswer], {
      bus: bus as unknown as TypedClient,
      // Never verified before: every request is verified (the first request's path).
      verifier: {
        verify: async () => ACTORS['admin-token'],
        cached: () => undefined,
      } as unknown as SessionTokenVerifier,
      logger: createLogger('test', { level: 'silent' }),
      ...({} as Omit<RouteServices, 'bus' | 'verifier' | 'logger'>),
    });
    await app.ready();
  });

  afterAll(() => app.close());

  const put = (url: string, body: object) =>
    app.inject({ method: 'PUT', url, payload: body, headers: { authorization: 'Bearer admin-token' } });

  it('answers the JSON text as it came, as JSON, without parsing it into objects', async () => {
    calls.length = 0;
    const res = await put('/api/things/t-1', { name: 'Digger' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"by":"u1","id":"t-1","name":"Digger"}');
    expect(calls).toEqual(['sendForJson']);
  });

  it('maps its errors as for any route', async () => {
    const res = await put('/api/things/gone', { name: 'Digger' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such thing' });
  });

  it('a route with an answer of its own still parses the reply', async () => {
    calls.length = 0;
    const res = await put('/api/named/t-2', { name: 'Mixer' });
    expect(res.json()).toEqual({ name: 'Mixer' });
    expect(calls).toEqual(['send']);
  });
});

describe('route() refuses a declaration that cannot be served', () => {
  const base = { operationId: 'x', summary: 'x', tag: 'customers', access: 'admin' } as const;

  it('a GET whose payload has fields that are neither query nor path parameters', () => {
    expect(() =>
      route(ThingRename, { ...base, method: 'GET', path: '/api/things/{id}', params: ['id'] }),
    ).toThrow('x: a GET has no body; read name, dryRun from query or params');
  });

  it('a path parameter missing from the path', () => {
    expect(() => route(ThingRename, { ...base, method: 'PUT', path: '/api/things', params: ['id'] })).toThrow(
      'x: {id} is not in its path',
    );
  });
});
