#!/usr/bin/env node
// Fails when a service's Drizzle schema and its migrations disagree: drizzle-kit generates
// into a copy of the migrations, and any new migration there is a schema change nobody
// generated. Run from the service's folder (its `npm run db:check`), or name the folder:
//   node scripts/db-check.mjs services/identity
// Reads the schema file and the migrations folder from the service's drizzle.config.ts
// (defaults: ./src/db/schema.ts and ./migrations).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? process.cwd());
const name = basename(root);
const configFile = join(root, 'drizzle.config.ts');
const config = existsSync(configFile) ? readFileSync(configFile, 'utf8') : '';
const setting = (key, fallback) => new RegExp(`${key}:\\s*'([^']+)'`).exec(config)?.[1] ?? fallback;
const schemaFile = setting('schema', './src/db/schema.ts');
const migrations = setting('out', './migrations');

if (!existsSync(join(root, migrations))) {
  process.stderr.write(`${name}: no ${migrations} folder in ${root}\n`);
  process.exit(1);
}
const scratch = mkdtempSync(join(tmpdir(), `${name}-db-check-`));
const copy = join(scratch, 'migrations');
cpSync(join(root, migrations), copy, { recursive: true });

const sqlFiles = () => readdirSync(copy).filter((f) => f.endsWith('.sql'));
const before = sqlFiles();
// drizzle-kit prefixes --out with './', so it has to be relative to the service folder.
const run = spawnSync(
  'npx',
  [
    'drizzle-kit',
    'generate',
    '--dialect=postgresql',
    `--schema=${schemaFile}`,
    `--out=${relative(root, copy)}`,
    '--name=db_check',
  ],
  { cwd: root, encoding: 'utf8' },
);
const added = sqlFiles().filter((f) => !before.includes(f));
rmSync(scratch, { recursive: true, force: true });
const output = `${run.stdout}${run.stderr}`;

if (added.length > 0) {
  process.stderr.write(
    `${name}: ${schemaFile} has changes without a migration. Run \`npm run db:generate\` in ${relative(process.cwd(), root) || '.'}.\n`,
  );
  process.exit(1);
}
// drizzle-kit exits 0 even when it fails, so success is recognised by its message.
if (run.status !== 0 || !/No schema changes/i.test(output)) {
  process.stderr.write(`${name}: drizzle-kit generate failed:\n${output}`);
  process.exit(1);
}
process.stdout.write(`${name}: schema and migrations agree\n`);
