// What the web benchmarks (web-bundle.mjs, web-render.mjs) share: options, the system under
// test (started the way the e2e tests start it, through e2e/support/start-system.mjs, or one
// already running given with --url), headless Chromium, and writing results.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSystem } from '../e2e/support/start-system.mjs';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, '..');
const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const chromiumSettings = JSON.parse(readFileSync(path.join(repoRoot, 'e2e/support/chromium.json'), 'utf8'));

export function log(message) {
  console.error(`\x1b[36m[bench]\x1b[0m ${message}`);
}

/** parseArgs with --url and --help shared by both scripts; prints `usage` for --help. */
export function options(extra, usage) {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false }, ...extra },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/**
 * The system to measure: `--url` as given, else one started now like `npm start` starts it
 * (its own database, ports, NATS/Redis prefixes and temp dir; all removed by stop()).
 */
export async function systemUnderTest(url) {
  if (url) {
    const baseUrl = url.replace(/\/+$/, '');
    const ready = await fetch(`${baseUrl}/readyz`).catch(() => null);
    if (!ready?.ok) throw new Error(`${baseUrl}/readyz does not answer 200: is the system running?`);
    return { baseUrl, demo: null, started: false, stop: async () => undefined };
  }
  log('starting the system as `npm start` does (scripts/start.mjs, PLANTED_SKIP_BUILD=1)…');
  const system = await startSystem();
  log(`system ${system.id} running at ${system.baseUrl}`);
  let stopping;
  const stop = () => (stopping ??= system.stop());
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      void stop().finally(() => process.exit(130));
    });
  }
  return { baseUrl: system.baseUrl, demo: system.demo, started: true, stop };
}

export async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? chromiumSettings.executablePath,
    headless: true,
    args: chromiumSettings.args,
  });
}

export function chromiumVersion(browser) {
  return browser.version();
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value) => (value === null || value === undefined ? '—' : `${Math.round(value)} ms`);

/** Writes bench/results/<name>-<timestamp>.json and returns its path relative to the repo. */
export function writeResults(name, report) {
  const dir = path.join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  return path.relative(repoRoot, file);
}

/** Runs `main(system)` against the system under test and always stops what was started. */
export async function withSystem(url, main) {
  let system;
  try {
    system = await systemUnderTest(url);
    await main(system);
  } catch (error) {
    console.error(`\x1b[31m✖ ${error?.stack ?? error}\x1b[0m`);
    process.exitCode = 1;
  } finally {
    await system?.stop();
  }
}
