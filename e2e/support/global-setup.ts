import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as StartSystemModule from './start-system.mjs';
import { FakeSmtp } from '@planted/testing';
import { E2E_ENV, type E2eState } from './state';

/** Keeps the newest `keep` system logs of earlier runs (e2e/test-results/ is gitignored). */
async function pruneLogs(dir: string, keep: number): Promise<void> {
  const logs = (await readdir(dir)).filter((name) => /^system_.*\.log$/.test(name));
  const dated = await Promise.all(
    logs.map(async (name) => ({ name, mtime: (await stat(path.join(dir, name))).mtimeMs })),
  );
  dated.sort((a, b) => b.mtime - a.mtime);
  await Promise.all(dated.slice(keep).map(({ name }) => rm(path.join(dir, name), { force: true })));
}

type Hook = (globalConfig: unknown, projectConfig: unknown) => Promise<void>;

/** Runs the shared preset's hook (creates the run's database when scripts/test.mjs has not). */
export async function presetHook(
  name: 'globalSetup' | 'globalTeardown',
  ...args: Parameters<Hook>
): Promise<void> {
  const presetPath = path.join(__dirname, '../../jest.preset.js');
  const preset = (await import(presetPath)) as Record<string, string>;
  const hook = (await import(preset[name]!)) as { default: Hook };
  await hook.default(...args);
}

// start-system.mjs is an ES module shared with the benchmarks; a real import() (which SWC
// would otherwise turn into require) loads it.
const importEsm = new Function('url', 'return import(url)') as (
  url: string,
) => Promise<typeof StartSystemModule>;

/**
 * Starts the system once for the whole run, as `npm start` starts it (scripts/start.mjs with
 * PLANTED_SKIP_BUILD=1: the builds come from the Nx dependsOn), with a fake SMTP server
 * catching the invitation emails. The tests find it through E2E_* environment variables.
 */
export default async function globalSetup(globalConfig: unknown, projectConfig: unknown): Promise<void> {
  await presetHook('globalSetup', globalConfig, projectConfig);
  const databaseUrl = process.env.PLANTED_TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('PLANTED_TEST_DATABASE_URL is not set after the preset setup');

  const mailboxDir = await mkdtemp(path.join(os.tmpdir(), 'planted-e2e-mail-'));
  const smtp = new FakeSmtp({ mailboxDir });
  const smtpUrl = await smtp.start();

  const { startSystem, uniqueId } = await importEsm(
    pathToFileURL(path.join(__dirname, 'start-system.mjs')).href,
  );
  const resultsDir = path.join(__dirname, '..', 'test-results');
  await mkdir(resultsDir, { recursive: true });
  await pruneLogs(resultsDir, 10);
  const logFile = path.join(resultsDir, `${uniqueId('system')}.log`);
  let system;
  try {
    system = await startSystem({ databaseUrl, smtpUrl, logFile });
  } catch (error) {
    await smtp.stop();
    throw error;
  }

  process.env[E2E_ENV.baseUrl] = system.baseUrl;
  process.env[E2E_ENV.mailboxDir] = mailboxDir;
  process.env[E2E_ENV.demoEmail] = system.demo.email;
  process.env[E2E_ENV.demoPassword] = system.demo.password;
  process.env[E2E_ENV.runId] = system.id;
  process.env[E2E_ENV.stripeUrl] = system.stripeUrl;
  const state: E2eState = { system, smtp, mailboxDir };
  (globalThis as { __plantedE2e?: E2eState }).__plantedE2e = state;
  console.log(
    `\n[e2e] system ${system.id} at ${system.baseUrl} (log: ${path.relative(process.cwd(), logFile)})`,
  );
}
