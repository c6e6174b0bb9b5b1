import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseConfig } from '@planted/config';
import { freePort, testServiceEnv } from '@planted/testing';
import { createGatewayApp, type GatewayApp } from '../src/app';
import { canonicalPageUrl } from '../src/web/web-app';
import { gatewayEnvSchema } from '../src/config';

/** The gateway serves the built web app at `/` with history fallback and precompressed assets. */
describe('gateway serves the web app', () => {
  let gw: GatewayApp;
  let dir: string;
  const script = 'console.log("planted");'.repeat(100);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'planted-web-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Planted</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-123.js.gz'), zlib.gzipSync(script));
    writeFileSync(path.join(dist, 'assets', 'app-123.js.br'), zlib.brotliCompressSync(script));
    gw = await createGatewayApp(
      parseConfig(gatewayEnvSchema, {
        ...testServiceEnv(),
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_DIST: dist,
        UPLOAD_DIR: path.join(dir, 'uploads'),
      }),
    );
  });

  afterAll(async () => {
    await gw?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers client routes with index.html so a reload keeps the screen', async () => {
    for (const route of ['/', '/dashboard', '/users?x=1', '/accept-invite?token=abc']) {
      const res = await fetch(gw.url + route, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('answers HEAD on a client route as GET, without the body', async () => {
    const res = await fetch(gw.url + '/dashboard', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe('');
  });

  it('sends assets compressed when the browser accepts it, and cacheable for a year', async () => {
    const br = await fetch(gw.url + '/assets/app-123.js', { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(await br.text()).toBe(script);
    const plain = await fetch(gw.url + '/assets/app-123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('never answers a missing file with the page: a browser would run HTML as a script', async () => {
    const res = await fetch(gw.url + '/assets/gone-456.js', { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toContain('text/html');
  });

  it('serves a rebuild made while it runs: the new index.html and the files it names', async () => {
    const dist = path.join(dir, 'dist');
    writeFileSync(path.join(dist, 'assets', 'app-789.js'), 'console.log("rebuilt");');
    // Another size and a later mtime, as a build writes it.
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Planted</title><div id="root"></div><script src="/assets/app-789.js"></script>',
    );
    const page = await fetch(gw.url + '/dashboard', { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('/assets/app-789.js');
    const script = await fetch(gw.url + '/assets/app-789.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toBe('console.log("rebuilt");');
    // Nothing outside the build is reachable that way.
    const outside = await fetch(gw.url + '/assets/..%2F..%2Fuploads%2Fx.js');
    expect(outside.status).toBe(404);
  });

  it('still answers unknown API paths with JSON 404, not the page', async () => {
    const res = await fetch(gw.url + '/api/unknown', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });
});

describe('a page asked for at another loopback name of APP_URL', () => {
  it('is sent to APP_URL, where checkout, sign-in and emailed links come back with the session', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'planted-web-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Planted</title><div id="root"></div>',
    );
    const port = await freePort();
    const gw = await createGatewayApp(
      parseConfig(gatewayEnvSchema, {
        ...testServiceEnv(),
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://localhost:${port}`,
        WEB_DIST: dist,
        UPLOAD_DIR: path.join(dir, 'uploads'),
      }),
    );
    try {
      const page = await fetch(`http://127.0.0.1:${port}/subscription?success=true`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      });
      expect(page.status).toBe(302);
      expect(page.headers.get('location')).toBe(`http://localhost:${port}/subscription?success=true`);
      // The API answers at any name (scripts, curl).
      const api = await fetch(`http://127.0.0.1:${port}/api/unknown`, { redirect: 'manual' });
      expect(api.status).toBe(404);
    } finally {
      await gw.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never goes to a name that is not loopback, nor to another port', () => {
    expect(canonicalPageUrl('http://localhost:3000', '127.0.0.1:3000', '/x?y=1')).toBe(
      'http://localhost:3000/x?y=1',
    );
    expect(canonicalPageUrl('http://localhost:3000', '[::1]:3000', '/')).toBe('http://localhost:3000/');
    expect(canonicalPageUrl('http://localhost:3000', 'localhost:3000', '/')).toBeUndefined();
    expect(canonicalPageUrl('http://localhost:3000', '127.0.0.1:3001', '/')).toBeUndefined();
    expect(canonicalPageUrl('http://localhost:3000', '192.168.1.5:3000', '/')).toBeUndefined();
    expect(canonicalPageUrl('https://planted.example.com', '127.0.0.1', '/')).toBeUndefined();
    expect(canonicalPageUrl('http://localhost:3000', 'evil.example:3000', '/')).toBeUndefined();
    expect(canonicalPageUrl('http://localhost:3000', 'not a host', '/')).toBeUndefined();
    expect(canonicalPageUrl('http://localhost:3000', undefined, '/')).toBeUndefined();
  });
});
