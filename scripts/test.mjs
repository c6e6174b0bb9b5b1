#!/usr/bin/env node
// `npm test`: lint, typecheck and every project's unit, integration and browser tests,
// against the real PostgreSQL, NATS and Redis, in a database created for this run and
// dropped after, as are the JetStream streams the run's tests made. Safe to run twice at once:
// the database name, NATS subject prefixes and Redis key prefixes are unique to the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from 'nats';
import pg from 'pg';
import { DEFAULTS, HINTS, postgresAnswers, requireService } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.PLANTED_TEST_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const runId = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
const dbName = `planted_test_${runId}`;
const resultsDir = mkdtempSync(path.join(os.tmpdir(), 'planted-test-'));
// Each pass of a run (below) is stopped after this long: about twice what it takes on a busy
// 2-core machine, and both together within CI's 90 minutes.
const passMinutes = Number(process.env.PLANTED_TEST_PASS_MINUTES ?? 40);
let interrupted = false;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Deletes the JetStream streams this run's tests left on the NATS server: their names carry
 * the run's id (uniqueName in libs/testing, uniqueId in e2e), so another run's are untouched.
 */
async function deleteRunStreams() {
  const nc = await connect({
    servers: (process.env.NATS_URL ?? DEFAULTS.NATS_URL).split(','),
    timeout: 3000,
  });
  try {
    const jsm = await nc.jetstreamManager();
    const mine = [];
    for await (const info of jsm.streams.list())
      if (info.config.name.includes(`_${runId}_`)) mine.push(info.config.name);
    for (const name of mine) await jsm.streams.delete(name).catch(() => undefined);
    if (mine.length) console.log(`[test] deleted the ${mine.length} JetStream streams the run left`);
  } finally {
    await nc.close();
  }
}

/** The browser tests' project (see main: a whole run takes it on its own, last). */
const E2E_PROJECT = '@planted/e2e';

async function main() {
  if (!(await postgresAnswers(adminUrl))) {
    console.error(
      `✖ PostgreSQL does not answer at ${adminUrl}. ${HINTS.postgres} (tests need a real server; set PLANTED_TEST_ADMIN_URL)`,
    );
    process.exit(1);
  }
  await requireService('NATS', process.env.NATS_URL ?? DEFAULTS.NATS_URL, 4222, HINTS.nats);
  await requireService('Redis', process.env.REDIS_URL ?? DEFAULTS.REDIS_URL, 6379, HINTS.redis);

  await admin(`create database "${dbName}"`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const env = {
    ...process.env,
    PLANTED_TEST_ADMIN_URL: adminUrl,
    PLANTED_TEST_DATABASE_URL: dbUrl.toString(),
    PLANTED_TEST_RUN_ID: runId,
    PLANTED_TEST_RESULTS_DIR: resultsDir,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
  };
  // `npm test -- build` picks targets; options such as `--exclude=@planted/e2e` go to nx.
  const args = process.argv.slice(2);
  const named = args.filter((a) => !a.startsWith('-'));
  const targets = named.length ? named : ['lint', 'typecheck', 'test'];
  const nxOptions = args.filter((a) => a.startsWith('-'));
  console.log(`[test] run ${runId}: database ${dbName}; targets ${targets.join(', ')}`);
  let status = 1;
  const format = spawnSync('npx', ['prettier', '--check', '.', '--log-level=warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (format.status !== 0) console.error('[test] formatting: run `npm run format` to fix the files above');
  // Each pass runs in a process group of its own, with a deadline: a test process that never
  // ends (a child left running, a handle never closed) stops the run with a message saying
  // which pass hung, instead of running into CI's own limit with nothing said.
  const runMany = (extra, label, minutes) =>
    new Promise((resolve) => {
      const child = spawn(
        'npx',
        ['nx', 'run-many', '-t', ...targets, '--outputStyle=stream', '--skip-nx-cache', ...extra],
        { cwd: root, env, stdio: 'inherit', detached: true },
      );
      const killGroup = (signal) => {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // the group has already gone
        }
      };
      const stopGroup = () => killGroup('SIGKILL');
      // The group does not get the terminal's Ctrl-C: pass it on (the run then ends, below).
      const forward = (signal) => {
        interrupted = true;
        killGroup(signal);
      };
      process.once('exit', stopGroup);
      process.on('SIGINT', forward);
      process.on('SIGTERM', forward);
      const timer = setTimeout(() => {
        console.error(
          `\n[test] ${label} did not finish within ${minutes} minutes (PLANTED_TEST_PASS_MINUTES): stopping it`,
        );
        killGroup('SIGTERM');
        setTimeout(stopGroup, 10_000).unref();
      }, minutes * 60_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        process.removeListener('exit', stopGroup);
        process.removeListener('SIGINT', forward);
        process.removeListener('SIGTERM', forward);
        killGroup('SIGKILL'); // anything the pass left running in its group
        resolve(code ?? 1);
      });
    });
  // The browser tests wait for screens with timeouts, and share two cores with everything else:
  // a whole run takes them last, on their own, so other test runs' load cannot make them time
  // out (one unexplained failure ran beside them); a run narrowed with nx options is one pass.
  const whole = targets.includes('test') && nxOptions.length === 0;
  try {
    if (whole) {
      const rest = await runMany([`--exclude=${E2E_PROJECT}`], 'the tests', passMinutes);
      const browser = interrupted
        ? 1
        : await runMany([`--projects=${E2E_PROJECT}`], 'the browser tests', passMinutes);
      status = rest || browser;
    } else status = await runMany(nxOptions, 'the run', passMinutes);
  } finally {
    await admin(`drop database if exists "${dbName}" with (force)`).catch((err) =>
      console.error(`[test] could not drop ${dbName}: ${err.message}`),
    );
    await deleteRunStreams().catch((err) =>
      console.error(`[test] could not delete the run's JetStream streams: ${err.message}`),
    );
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  const file = path.join(resultsDir, 'jest-results.jsonl');
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const r = JSON.parse(line);
      passed += r.passed;
      failed += r.failed;
      skipped += r.skipped;
      for (const f of r.failures ?? []) failures.push({ ...f, cwd: path.relative(root, r.cwd) });
    }
  }
  rmSync(resultsDir, { recursive: true, force: true });
  if (format.status !== 0) status = status || 1;
  if (status !== 0 && failed === 0) {
    failed = 1; // formatting, lint, typecheck or a crashed runner failed
    console.log(
      '\n[test] no test failed: a format, lint, typecheck or build step did (see "Failed tasks" above)',
    );
  }
  // What failed, last, where the tail of a long log shows it.
  for (const f of failures) {
    console.log(`\n[test] FAILED ${path.join(f.cwd, f.file)}: ${f.test}\n${f.message}`);
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(status);
}

main().catch(async (err) => {
  console.error(err);
  await admin(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
  await deleteRunStreams().catch(() => undefined);
  process.exit(1);
});
