import { connect } from 'node:net';
import { buildOpenApiDocument } from '@planted/gateway/src/routes/openapi-document';
import { ALL_ROUTES } from '@planted/gateway/src/routes/routes';
import { client, company, startSystem, type Json, type System } from './system';

/**
 * Design.md, Contracts: "Never a 500 for bad input." Walks every operation of the
 * published document (generated from the route declarations, so a new route is covered
 * the day it is declared) and sends it bad input: control characters in each string field
 * and parameter, wrong types, non-object, malformed and oversized bodies.
 */
interface Operation {
  name: string;
  method: string;
  path: string;
  signedIn: boolean;
  bodyFields: Record<string, Json>;
  hasBody: boolean;
  /** A browser navigation: it may answer bad input with a redirect to the login screen. */
  redirects: boolean;
  query: Json[];
  pathParams: Json[];
}

const document = buildOpenApiDocument(ALL_ROUTES) as Json;

const OPERATIONS: Operation[] = Object.entries(document.paths as Record<string, Json>).flatMap(
  ([path, ops]) =>
    Object.entries(ops as Record<string, Json>).map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      signedIn: op.security.length > 0,
      bodyFields: op.requestBody?.content['application/json']?.schema.properties ?? {},
      hasBody: op.requestBody !== undefined,
      redirects: '302' in op.responses,
      query: (op.parameters ?? []).filter((p: Json) => p.in === 'query'),
      pathParams: (op.parameters ?? []).filter((p: Json) => p.in === 'path'),
    })),
);

const isString = (schema: Json): boolean =>
  schema.type === 'string' || (schema.anyOf ?? []).some((s: Json) => s.type === 'string');

/**
 * A value the field itself accepts, so that a refusal of its variant is the variant's fault.
 * An email field shows itself by a pattern with '@', or (checked in code, like the
 * suppliers' optional contact emails) by its name.
 */
function cleanValue(schema: Json, name = ''): string {
  const inner = schema.anyOf?.find((s: Json) => s.type === 'string') ?? schema;
  if (inner.enum) return inner.enum[0];
  // An id no company has: the route answers 404, not a refusal of the value.
  if (inner.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  // A field whose text has a form of its own (a date, a list of statuses) documents an example.
  if (typeof inner.example === 'string') return inner.example;
  const patterns = [inner.pattern, ...(inner.allOf ?? []).map((s: Json) => s.pattern)].join(' ');
  return patterns.includes('@') || /email/i.test(name) ? 'clean.value@example.test' : 'Clean value 123';
}

const CONTROLS = { NUL: '\u0000', BEL: '\u0007', ESC: '\u001b', DEL: '\u007f' };

const withControl = (value: string, c: string) => value.slice(0, 2) + c + value.slice(2);

const stringFields = (op: Operation) =>
  Object.entries(op.bodyFields)
    .filter(([, schema]) => isString(schema))
    .map(([field, schema]) => [op.name, field, schema] as const);

const stringParams = (op: Operation) =>
  [...op.query, ...op.pathParams]
    .filter((p) => isString(p.schema))
    .map((p) => [op.name, p.name as string, p.schema] as const);

describe('bad input to every operation answers 4xx JSON, never 5xx', () => {
  let sys: System;
  let token: string;

  beforeAll(async () => {
    sys = await startSystem();
    token = (await client(sys.url).post('/api/auth/register', company('BadInput'))).body.token;
  });

  afterAll(async () => {
    await sys?.close();
  });

  const byName = (name: string) => OPERATIONS.find((o) => o.name === name)!;

  async function send(
    op: Operation,
    { body, query = {}, params = {}, contentType = 'application/json' }: Json = {},
  ): Promise<{ status: number; json: Json }> {
    // A path parameter left out is one its field accepts (an id no company has), so the
    // answer is about the body or query sent, not a 404 for the path.
    const pathValue = (name: string) =>
      params[name] ?? cleanValue(op.pathParams.find((p) => p.name === name)?.schema ?? {}, name);
    let url = op.path.replace(/\{(\w+)\}/g, (_m, name) => encodeURIComponent(pathValue(name)));
    const search = new URLSearchParams(query as Record<string, string>).toString();
    if (search) url += `?${search}`;
    const headers: Record<string, string> = {};
    if (op.signedIn) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = contentType;
    const res = await fetch(sys.url + url, { method: op.method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let json: Json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = { unparsable: text };
    }
    return { status: res.status, json };
  }

  function expectClientError(answer: { status: number; json: Json }) {
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.json).toEqual(expect.objectContaining({ error: expect.any(String) }));
  }

  it('covers every declared operation', () => {
    expect(OPERATIONS).toHaveLength(ALL_ROUTES.length);
    expect(OPERATIONS.length).toBeGreaterThan(20);
  });

  describe.each(Object.entries(CONTROLS))('a %s character', (_label, c) => {
    it.each(OPERATIONS.flatMap(stringFields))(
      'in %s body field %s gives 400 naming the field',
      async (name, field, schema) => {
        const op = byName(name);
        const clean = await send(op, { body: JSON.stringify({ [field]: cleanValue(schema, field) }) });
        expect(clean.status).toBeLessThan(500);
        expect(clean.json?.details ?? []).not.toContainEqual(expect.objectContaining({ param: field }));
        const bad = await send(op, {
          body: JSON.stringify({ [field]: withControl(cleanValue(schema, field), c) }),
        });
        expectClientError(bad);
        expect(bad.status).toBe(400);
        expect(bad.json.details).toContainEqual({ param: field, msg: expect.any(String) });
      },
    );

    // A path segment its field refuses names nothing: 404, as an id of no record.
    it.each(OPERATIONS.flatMap(stringParams))(
      'in %s parameter %s gives 400 (404 in the path)',
      async (name, param, schema) => {
        const op = byName(name);
        const where = op.pathParams.some((p) => p.name === param) ? 'params' : 'query';
        const clean = await send(op, { [where]: { [param]: cleanValue(schema, param) } });
        expect(clean.status).toBeLessThan(500);
        expect(clean.json?.details ?? []).not.toContainEqual(expect.objectContaining({ param }));
        const bad = await send(op, { [where]: { [param]: withControl(cleanValue(schema, param), c) } });
        expectClientError(bad);
        expect(bad.status).toBe(where === 'params' ? 404 : 400);
      },
    );
  });

  it.each(OPERATIONS.flatMap(stringFields))(
    '%s body field %s of a wrong type gives 400',
    async (name, field) => {
      for (const value of [12345, true, ['a'], { a: 1 }]) {
        // Alone in the body, so the answer is a refusal whether the contract names the field
        // or, like the social provider ids, takes a non-string as absent.
        const answer = await send(byName(name), { body: JSON.stringify({ [field]: value }) });
        expectClientError(answer);
        expect(answer.status).toBe(400);
      }
    },
  );

  it.each(OPERATIONS.flatMap(stringParams))('%s parameter %s given twice gives 400', async (name, param) => {
    const op = byName(name);
    const url = `${sys.url}${op.path}?${param}=a&${param}=b`;
    const res = await fetch(url, { method: op.method, redirect: 'manual' });
    expectClientError({ status: res.status, json: await res.json() });
  });

  const withBody = OPERATIONS.filter((op) => op.hasBody).map((op) => [op.name]);

  it.each(withBody)('%s refuses malformed JSON, a non-object body and an oversized body', async (name) => {
    const op = byName(name);
    const malformed = await send(op, { body: '{"email": "a@b.co", ' });
    expect(malformed).toEqual({ status: 400, json: { error: 'Malformed JSON in request body' } });
    for (const body of ['[]', '"text"', '42', 'null', '[{"email": 1}]']) {
      const answer = await send(op, { body });
      if (op.redirects && answer.status === 302) continue;
      expectClientError(answer);
    }
    const oversized = await send(op, { body: JSON.stringify({ junk: 'x'.repeat(2 * 1024 * 1024) }) });
    expect(oversized).toEqual({ status: 413, json: { error: 'Request body is too large' } });
    expectClientError(await send(op, { body: '<a/>', contentType: 'application/xml' }));
  });
});

/**
 * Fastify answered a body over the limit at once and closed the connection without reading
 * the rest, so a client still sending (a 3 MB body) had its connection reset and never read
 * the 413 (http/body-limit.ts).
 */
describe('a JSON body over the limit gets a 413 the client can read', () => {
  let sys: System;

  beforeAll(async () => {
    sys = await startSystem();
  });

  afterAll(async () => {
    await sys?.close();
  });

  it.each([3, 20])('a %i MB login body sent whole by fetch', async (megabytes) => {
    const body = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(megabytes * 1024 * 1024) });
    const res = await fetch(`${sys.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body is too large' });
  });

  /**
   * A client that is still sending when the answer comes: it writes the body in pieces,
   * each after the last one was taken, and reads whatever comes back. Before the fix the
   * gateway answered at once and closed the connection, and the next write failed (EPIPE or
   * ECONNRESET) before the 413 could be read.
   */
  function sendSlowly(path: string, megabytes: number, chunked: boolean) {
    const total = megabytes * 1024 * 1024;
    const { port } = new URL(sys.url);
    let sent = 0;
    return new Promise<{ writeError?: string; answeredAfter?: number; status?: number; body: Json }>(
      (resolve) => {
        const socket = connect(Number(port), '127.0.0.1');
        let received = '';
        let writeError: string | undefined;
        socket.setEncoding('utf8');
        let answeredAfter: number | undefined;
        socket.on('data', (data: string) => {
          answeredAfter ??= sent;
          received += data;
        });
        socket.on('error', (err) => (writeError ??= err.message));
        socket.on('close', () => {
          const [head, ...rest] = received.split('\r\n\r\n');
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
          let body: Json;
          try {
            body = JSON.parse(rest.join('\r\n\r\n'));
          } catch {
            body = rest.join('');
          }
          resolve({ writeError, answeredAfter, status: status || undefined, body });
        });
        const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`;
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: planted\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
        );
        const piece = Buffer.alloc(256 * 1024, 'x');
        const next = () => {
          if (sent >= total) {
            if (chunked) socket.write('0\r\n\r\n');
            return;
          }
          const n = Math.min(piece.length, total - sent);
          sent += n;
          const data = chunked
            ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), piece.subarray(0, n), Buffer.from('\r\n')])
            : piece.subarray(0, n);
          socket.write(data, (err) => (err ? undefined : setTimeout(next, 2)));
        };
        next();
      },
    );
  }

  it.each([
    [3, false],
    [20, false],
    [3, true],
  ])(
    'a %i MB body still being sent (chunked: %s) is read to its end and answered 413',
    async (megabytes, chunked) => {
      const answer = await sendSlowly('/api/auth/login', megabytes, chunked);
      expect(answer).toEqual({
        writeError: undefined,
        answeredAfter: megabytes * 1024 * 1024,
        status: 413,
        body: { error: 'Request body is too large' },
      });
    },
  );
});
