// Fails when src/db/schema.ts and migrations/ disagree: drizzle-kit generates into a copy
// of the migrations, and any new migration there is a schema change nobody generated.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'identity-db-check-'));
const copy = join(scratch, 'migrations');
cpSync(join(root, 'migrations'), copy, { recursive: true });

const sqlFiles = () => readdirSync(copy).filter((f) => f.endsWith('.sql'));
const before = sqlFiles();
// drizzle-kit prefixes --out with './', so it has to be relative to the service folder.
const run = spawnSync(
  'npx',
  [
    'drizzle-kit',
    'generate',
    '--dialect=postgresql',
    '--schema=./src/db/schema.ts',
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
    'identity: src/db/schema.ts has changes without a migration. Run `npm run db:generate` in services/identity.\n',
  );
  process.exit(1);
}
// drizzle-kit exits 0 even when it fails, so success is recognised by its message.
if (run.status !== 0 || !/No schema changes/i.test(output)) {
  process.stderr.write(`identity: drizzle-kit generate failed:\n${output}`);
  process.exit(1);
}
process.stdout.write('identity: schema and migrations agree\n');
