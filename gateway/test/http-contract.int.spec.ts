import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { printSchema } from 'graphql';
import type { FastifyInstance } from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '@planted/config';
import { testServiceEnv } from '@planted/testing';
import { createGatewayApp, type GatewayApp } from '../src/app';
import { gatewayEnvSchema } from '../src/config';

/**
 * The gateway's HTTP contract that needs no service behind it (design.md, Contracts):
 * bad input never gives a 500, unknown /api paths answer JSON 404, protected routes 401.
 */
describe('gateway HTTP contract', () => {
  let gw: GatewayApp;
  let uploads: string;
  const emitWarning = jest.spyOn(process, 'emitWarning');

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(os.tmpdir(), 'planted-gw-'));
    const config = parseConfig(gatewayEnvSchema, {
      ...testServiceEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      UPLOAD_DIR: uploads,
      WEB_DIST: path.join(uploads, 'no-web-build'),
      JSON_BODY_LIMIT_BYTES: '1024',
      NATS_REQUEST_TIMEOUT_MS: '2000',
    });
    gw = await createGatewayApp(config);
  });

  afterAll(async () => {
    emitWarning.mockRestore();
    await gw?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  const post = (
    url: string,
    body: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) => fetch(gw.url + url, { method: 'POST', body, headers });

  it('answers malformed JSON with 400 and a JSON error', async () => {
    const res = await post('/api/auth/login', '{"email": "a@b.co", ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Malformed JSON in request body' });
  });

  it('starts without Fastify warnings (one error handler per scope: FSTWRN004)', async () => {
    expect(emitWarning.mock.calls.map((call) => JSON.stringify(call))).not.toContainEqual(
      expect.stringContaining('FSTWRN'),
    );
  });

  it('answers body errors with its own messages on every route, Nest controllers too, and on the 404 as Nest does', async () => {
    const nestRoute = await post('/api/auth/profile-picture', '{"a":');
    expect(nestRoute.status).toBe(400);
    expect(await nestRoute.json()).toEqual({ error: 'Malformed JSON in request body' });
    const unknown = await post('/api/nothing-here', '{"a":');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: "Body is not valid JSON but content-type is set to 'application/json'",
    });
    // A "__proto__" or "constructor.prototype" key is dropped, not taken as malformed JSON.
    const poisoned = await post('/api/auth/login', '{"__proto__": {"admin": true}}');
    expect(poisoned.status).toBe(400);
    expect(await poisoned.json()).toMatchObject({ error: 'Email is required' });
    const constructor = await post(
      '/api/auth/login',
      '{"email": "a@b.co", "constructor": {"prototype": {"admin": true}}}',
    );
    expect(await constructor.json()).toMatchObject({ error: 'Password is required' });
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
  });

  it('answers the router’s and the HTTP parser’s refusals in the API’s error shape, echoing nothing', async () => {
    // A path segment longer than Fastify's maxParamLength names no record: 404, as a shorter unknown id.
    const long = await fetch(`${gw.url}/api/hires/${'a'.repeat(101)}`);
    expect(long.status).toBe(404);
    expect(await long.json()).toEqual({ error: 'Not found' });
    expect(long.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(long.headers.get('x-content-type-options')).toBe('nosniff');
    const badEncoding = await fetch(`${gw.url}/api/hires/%E0%A4%A`);
    expect(badEncoding.status).toBe(400);
    expect(await badEncoding.json()).toEqual({ error: 'The address is not valid' });
    // Headers over Node's limit (16 KB) are refused by the parser before any route runs.
    const huge = await fetch(`${gw.url}/api/auth/profile`, {
      headers: { authorization: `Bearer ${'x'.repeat(20_000)}` },
    });
    expect(huge.status).toBe(431);
    expect(await huge.json()).toEqual({ error: 'Request headers are too large' });
  });

  it('takes a JSON content type with no body as no body: the route answers (401, the missing fields, 404)', async () => {
    // A client that sets Content-Type: application/json on every request, a DELETE included.
    const bodiless = (method: string, url: string) =>
      fetch(gw.url + url, { method, headers: { 'content-type': 'application/json' } });
    const deleted = await bodiless('DELETE', '/api/sites/7f5d0f5e-8f43-4e43-9d55-2b1c1f1a7a10');
    expect(deleted.status).toBe(401);
    expect(await deleted.json()).toMatchObject({ error: expect.any(String) });
    const favourite = await bodiless('POST', '/api/equipment/7f5d0f5e-8f43-4e43-9d55-2b1c1f1a7a10/favorite');
    expect(favourite.status).toBe(401);
    // A route that needs fields says which, as it does for {}.
    const empty = await post('/api/auth/login', '');
    const none = await post('/api/auth/login', '{}');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual(await none.json());
    expect((await bodiless('POST', '/api/nothing-here')).status).toBe(404);
  });

  it('answers an oversized body with 413', async () => {
    const res = await post(
      '/api/auth/login',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(5000) }),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body is too large' });
  });

  it('answers validation failures with 400, the spec messages and field details', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ email: 'not-an-email' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Please enter a valid email address',
      details: [
        { param: 'email', msg: 'Please enter a valid email address' },
        { param: 'password', msg: 'Password is required' },
      ],
    });
  });

  it('treats a JSON array or a non-object body as bad input, not a crash', async () => {
    for (const body of ['[]', '"text"', 'null', '42']) {
      const res = await post('/api/auth/register', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toEqual(expect.any(String));
    }
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await fetch(gw.url + '/api/nope/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('answers a method a path does not take with 405 and the methods it does (Allow)', async () => {
    const patch = await fetch(gw.url + '/api/hires/00000000-0000-4000-8000-000000000001', {
      method: 'PATCH',
    });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('DELETE, GET, HEAD, PUT');
    expect(await patch.json()).toEqual({ error: 'Method not allowed' });
    const options = await fetch(gw.url + '/api/auth/login?x=1', { method: 'OPTIONS' });
    expect(options.status).toBe(405);
    expect(options.headers.get('allow')).toBe('POST');
    expect(options.headers.get('x-content-type-options')).toBe('nosniff');
    // A path no route has stays 404, whatever the method; a method the path takes is the route's.
    expect((await fetch(gw.url + '/api/nope/nothing', { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(gw.url + '/api/auth/profile')).status).toBe(401);
  });

  it('requires a bearer token on protected routes', async () => {
    for (const url of ['/api/auth/profile', '/api/users', '/api/customers']) {
      const res = await fetch(gw.url + url);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Authentication required' });
    }
  });

  it('sends security headers and a request id', async () => {
    const res = await fetch(gw.url + '/healthz', { headers: { 'x-request-id': 'trace-me-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-me-1');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeTruthy();
  });

  it('reports readiness of NATS and Redis', async () => {
    const res = await fetch(gw.url + '/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { nats: 'ok', redis: 'ok' } });
  });

  it('publishes OpenAPI at /api/docs with the identity routes', async () => {
    const res = await fetch(gw.url + '/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    for (const p of [
      '/api/auth/login',
      '/api/auth/register',
      '/api/auth/profile',
      '/api/users/language',
      '/api/invitations/accept',
    ]) {
      expect(doc.paths[p]).toBeDefined();
    }
    const ui = await fetch(gw.url + '/api/docs');
    expect(ui.status).toBe(200);
  });

  it('answers GraphQL without a token with an UNAUTHENTICATED error', async () => {
    const res = await post('/graphql', JSON.stringify({ query: '{ me { user { email } } }' }));
    const body = (await res.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0].message).toBe('Authentication required');
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('says a service is unavailable (503) when nobody answers its subject', async () => {
    const res = await post(
      '/api/auth/register',
      JSON.stringify({
        customerName: 'Acme Plant',
        customerAddress: '1 Long Street, Leeds',
        userName: 'Al Smith',
        email: 'al@acme.test',
        password: 'secret1',
      }),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: 'Service temporarily unavailable. Please try again shortly.',
    });
  });

  it('serves every operation the OpenAPI document declares (kit and hand-written alike)', () => {
    const fastify = gw.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    const paths = gw.openApi.paths as Record<string, Record<string, unknown>>;
    const operations = Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => [m, p]));
    expect(operations.length).toBeGreaterThan(20);
    for (const [method, p] of operations) {
      const url = p.replace(/\{(\w+)\}/g, ':$1');
      expect({
        method,
        url,
        served: fastify.hasRoute({ method: method.toUpperCase() as 'GET', url }),
      }).toEqual({
        method,
        url,
        served: true,
      });
    }
  });

  // The published contract files are committed; regenerate with UPDATE_CONTRACT_FILES=1.
  it('keeps the committed OpenAPI document and GraphQL schema in step with the code', () => {
    const files = {
      [path.join(__dirname, '../openapi.json')]: JSON.stringify(gw.openApi, null, 2) + '\n',
      [path.join(__dirname, '../schema.graphql')]: printSchema(gw.app.get(GraphQLSchemaHost).schema) + '\n',
    };
    for (const [file, current] of Object.entries(files)) {
      if (process.env.UPDATE_CONTRACT_FILES === '1') writeFileSync(file, current);
      expect(
        existsSync(file) ? readFileSync(file, 'utf8') : '(missing: run with UPDATE_CONTRACT_FILES=1)',
      ).toBe(current);
    }
  });

  it('serves a plain note instead of the web app when it is not built', async () => {
    const res = await fetch(gw.url + '/dashboard', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('not built');
  });
});
