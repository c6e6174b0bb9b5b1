#!/usr/bin/env node
// Time to first render of /login and of /dashboard (signed in) in headless Chromium on localhost.
// Each run uses a new browser context, so the cache is cold; the figures are the median of
// --runs runs (default 5) after one unmeasured warm-up run per page (which warms the server,
// not the browser). Per run it reads, relative to the start of navigation:
//   - first-contentful-paint (Paint Timing),
//   - the time a known element is on screen (login: the Sign In button; dashboard: the welcome
//     heading), seen by a MutationObserver installed before the app's scripts run,
//   - largest-contentful-paint (read 0.5 s after the element shows), DOMContentLoaded and load.
// No CPU or network throttling: this is the best case on this machine.
//
//   node bench/web-render.mjs
//   node bench/web-render.mjs --url http://localhost:3000 --email demo@planted.test --password demo-password
/* global window, document, MutationObserver -- the functions passed to the page run in the browser */
import { launchChromium, log, median, ms, options, withSystem, writeResults } from './web-common.mjs';

const opts = options(
  {
    runs: { type: 'string', default: '5' },
    email: { type: 'string' },
    password: { type: 'string' },
  },
  `usage: node bench/web-render.mjs [--url URL --email E --password P] [--runs N]
  --url URL       measure a running system instead of starting one (then give a user to sign in
                  as: --email and --password, default the npm start demo user)
  --runs N        measured runs per page (default 5); the median is reported`,
);
const RUNS = Math.max(1, Number(opts.runs) || 5);

const PAGES = [
  { name: 'login', path: '/login', signedIn: false, selector: '[data-testid="login-submit"]' },
  { name: 'dashboard', path: '/dashboard', signedIn: true, selector: '[data-testid="dashboard-welcome"]' },
];

// Runs in the page before any of its scripts: notes when the element first has a box, and the
// largest contentful paint.
function instrument(selector) {
  const state = (window.__bench = { visibleAt: null, lcp: null });
  const check = () => {
    const el = document.querySelector(selector);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    state.visibleAt = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  try {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      state.lcp = entries[entries.length - 1].startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    /* not supported */
  }
}

async function signInState(baseUrl, user) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 200) throw new Error(`signing in as ${user.email}: ${res.status} ${await res.text()}`);
  const { token, user: profile, customer } = await res.json();
  // What the app keeps after a sign-in with Remember me (web/src/lib/session-store.ts).
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseUrl).origin,
        localStorage: [
          { name: 'token', value: token },
          { name: 'user', value: JSON.stringify(profile) },
          { name: 'customer', value: JSON.stringify(customer) },
        ],
      },
    ],
  };
}

async function measure(browser, baseUrl, page, storageState) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(instrument, page.selector);
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'load', timeout: 30_000 });
    await tab.waitForFunction(() => window.__bench?.visibleAt !== null, undefined, {
      polling: 50,
      timeout: 30_000,
    });
    await tab.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      {
        polling: 50,
        timeout: 10_000,
      },
    );
    // Largest-contentful-paint entries arrive after the paint they describe: give them a moment.
    await tab.waitForTimeout(500);
    const at = new URL(tab.url()).pathname;
    if (at !== page.path) throw new Error(`${page.path} ended at ${at}`);
    return await tab.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        elementVisible: window.__bench.visibleAt,
        lcp: window.__bench.lcp,
        domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
        load: nav?.loadEventEnd ?? null,
        ttfb: nav?.responseStart ?? null,
      };
    });
  } finally {
    await context.close();
  }
}

await withSystem(opts.url, async ({ baseUrl, demo }) => {
  const user = {
    email: opts.email ?? demo?.email ?? 'demo@planted.test',
    password: opts.password ?? demo?.password ?? 'demo-password',
  };
  const browser = await launchChromium();
  const results = [];
  try {
    log(`headless Chromium ${browser.version()}, ${RUNS} cold-cache runs per page after a warm-up`);
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i <= RUNS; i++) {
        // A fresh sign-in per run, as a returning user would have.
        const state = page.signedIn ? await signInState(baseUrl, user) : undefined;
        const run = await measure(browser, baseUrl, page, state);
        if (i === 0) continue; // warm-up
        runs.push(run);
        log(`${page.path} run ${i}: FCP ${ms(run.fcp)}, element ${ms(run.elementVisible)}`);
      }
      const pick = (key) => runs.map((r) => r[key]).filter((v) => typeof v === 'number');
      const summary = Object.fromEntries(
        ['fcp', 'elementVisible', 'lcp', 'domContentLoaded', 'load', 'ttfb'].map((key) => {
          const values = pick(key);
          return [
            key,
            values.length
              ? { median: median(values), min: Math.min(...values), max: Math.max(...values) }
              : null,
          ];
        }),
      );
      results.push({ page: page.path, signedIn: page.signedIn, element: page.selector, runs, summary });
    }
  } finally {
    await browser.close();
  }

  console.log(
    `\nFirst render in headless Chromium on localhost, median of ${RUNS} cold-cache runs (min–max):`,
  );
  console.log(
    `${'page'.padEnd(22)}${'FCP'.padStart(20)}${'element visible'.padStart(24)}${'LCP'.padStart(20)}${'load'.padStart(20)}`,
  );
  const cell = (s) => (s ? `${ms(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})` : '—');
  for (const r of results) {
    const label = `${r.page}${r.signedIn ? ' (signed in)' : ''}`;
    console.log(
      `${label.padEnd(22)}${cell(r.summary.fcp).padStart(20)}${cell(r.summary.elementVisible).padStart(24)}${cell(r.summary.lcp).padStart(20)}${cell(r.summary.load).padStart(20)}`,
    );
  }
  console.log('');
  const file = writeResults('web-render', {
    benchmark: 'web-render',
    date: new Date().toISOString(),
    baseUrl,
    runsPerPage: RUNS,
    warmupRunsPerPage: 1,
    notes: 'times in ms from navigation start; new browser context (cold cache) per run; no throttling',
    results,
  });
  log(`results written to ${file}`);
});
