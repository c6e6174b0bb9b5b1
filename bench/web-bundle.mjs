#!/usr/bin/env node
// How much JavaScript the sign-in page costs: loads /login of the production build in headless
// Chromium (a fresh context: empty cache), records every JavaScript response, gzips each body
// (node:zlib, level 9) and adds them up. Target: under 200 KB gzipped.
//
// By default it starts the system the way the e2e tests do (scripts/start.mjs, isolated: own
// database, ports, prefixes, temp dir; removed at the end). Build first: npx nx run-many -t build
//
//   node bench/web-bundle.mjs
//   node bench/web-bundle.mjs --url http://localhost:3000 --top 15
//
// It measures and reports the target; the exit code is non-zero only when it could not measure.
import { gzipSync } from 'node:zlib';
import { kb, launchChromium, log, options, withSystem, writeResults } from './web-common.mjs';

const TARGET_GZIP_BYTES = 200 * 1024;
const opts = options(
  { top: { type: 'string', default: '10' }, path: { type: 'string', default: '/login' } },
  `usage: node bench/web-bundle.mjs [--url URL] [--path /login] [--top N]
  --url URL    measure a running system instead of starting one
  --path P     the page to load (default /login)
  --top N      how many of the largest chunks to list (default 10)`,
);

const isJavaScript = (response) =>
  response.request().resourceType() === 'script' ||
  /javascript|ecmascript/.test(response.headers()['content-type'] ?? '');

await withSystem(opts.url, async ({ baseUrl }) => {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pending = [];
    const others = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== new URL(baseUrl).origin) return;
      const entry = response.body().then(
        (body) => ({
          path: url.pathname,
          status: response.status(),
          js: isJavaScript(response),
          contentType: response.headers()['content-type'] ?? '',
          contentEncoding: response.headers()['content-encoding'] ?? null,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null, // redirects and aborted requests have no body
      );
      pending.push(entry);
    });
    log(`loading ${baseUrl}${opts.path} in headless Chromium ${browser.version()}…`);
    await page.goto(`${baseUrl}${opts.path}`, { waitUntil: 'networkidle' });
    if (opts.path === '/login') await page.getByTestId('login-submit').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const entries = (await Promise.all(pending)).filter(Boolean);
    await context.close();

    const scripts = entries.filter((e) => e.js).sort((a, b) => b.gzip - a.gzip);
    for (const e of entries.filter((x) => !x.js)) others.push(e);
    const total = scripts.reduce((sum, e) => ({ raw: sum.raw + e.raw, gzip: sum.gzip + e.gzip }), {
      raw: 0,
      gzip: 0,
    });
    const top = Number(opts.top) || 10;

    console.log(
      `\nJavaScript loaded by ${opts.path}: ${scripts.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzipped (level 9)`,
    );
    console.log(`${'gzip'.padStart(9)}  ${'raw'.padStart(9)}  file`);
    for (const e of scripts.slice(0, top))
      console.log(`${kb(e.gzip).padStart(9)}  ${kb(e.raw).padStart(9)}  ${e.path}`);
    if (scripts.length > top) {
      const rest = scripts.slice(top).reduce((sum, e) => sum + e.gzip, 0);
      console.log(`${kb(rest).padStart(9)}  ${''.padStart(9)}  … ${scripts.length - top} smaller files`);
    }
    const otherGzip = others.reduce((sum, e) => sum + e.gzip, 0);
    console.log(`Other responses (HTML, CSS, API, images): ${others.length} files, ${kb(otherGzip)} gzipped`);
    const served = [...new Set(scripts.map((e) => e.contentEncoding ?? 'none'))].join(', ');
    console.log(`Content-Encoding the gateway sent for the scripts: ${served}`);
    const met = total.gzip < TARGET_GZIP_BYTES;
    console.log(
      `Target: under ${kb(TARGET_GZIP_BYTES)} gzipped → ${met ? '\x1b[32mmet' : '\x1b[31mNOT met'}\x1b[0m (${kb(total.gzip)})\n`,
    );

    const file = writeResults('web-bundle', {
      benchmark: 'web-bundle',
      date: new Date().toISOString(),
      url: `${baseUrl}${opts.path}`,
      chromium: browser.version(),
      target: { maxGzipBytes: TARGET_GZIP_BYTES, met },
      javascript: {
        files: scripts.length,
        rawBytes: total.raw,
        gzipBytes: total.gzip,
        contentEncoding: served,
      },
      chunks: scripts,
      otherResponses: others,
    });
    log(`results written to ${file}`);
  } finally {
    await browser.close();
  }
});
