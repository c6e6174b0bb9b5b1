import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DOCUMENT = path.join(__dirname, '../openapi.json');

function redoclyProblems(file: string): { severity: string; rule: string; message: string; at?: string }[] {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'redocly-lint.mjs'), file], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`redocly lint failed to run: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** The committed document (kept in step with the code by http-contract.int.spec.ts) passes a standard linter. */
describe('the published OpenAPI document', () => {
  it('has no error and no warning under Redocly’s recommended rules', () => {
    expect(redoclyProblems(DOCUMENT)).toEqual([]);
  });

  it('would be caught by the linter if an operation lost its summary and error answers', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'planted-openapi-'));
    try {
      const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
      const login = doc.paths['/api/auth/login'].post;
      delete login.summary;
      login.responses = { 200: login.responses['200'] };
      const broken = path.join(dir, 'openapi.json');
      writeFileSync(broken, JSON.stringify(doc));
      const rules = redoclyProblems(broken).map((p) => `${p.severity} ${p.rule}`);
      expect(rules).toEqual(
        expect.arrayContaining(['error operation-summary', 'warn operation-4xx-response']),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
