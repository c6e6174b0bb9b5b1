import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformFileSync } from '@swc/core';

// Jest sandboxes process.env, so TZ cannot be changed inside a test. Each zone therefore
// runs the compiled rules in its own Node process started with that TZ.

interface ZoneResult {
  offsets: number[];
  counts: number[];
  total: number;
}

const CASES = `[
  ['2024-03-30', '2024-04-01'],
  ['2024-10-26', '2024-10-28'],
  ['2024-03-09', '2024-03-11'],
  ['2024-11-02', '2024-11-04'],
  ['2024-04-06', '2024-04-08'],
  ['2024-10-05', '2024-10-07'],
  [new Date('2024-03-30'), new Date('2024-04-01')],
  [new Date('2024-10-26'), '2024-10-28'],
  ['2024-03-01', '2024-04-30'],
]`;

const SCRIPT = `
const d = require(process.argv[1]);
const counts = ${CASES}.map(([start, end]) => d.hireDurationDays(start, end));
const offsets = ['2024-01-15T12:00:00Z', '2024-07-15T12:00:00Z'].map((t) => new Date(t).getTimezoneOffset());
const total = d.computeHireTotals({
  price: 10, pricing_term: 'day', hire_start_date: '2024-03-30', hire_end_date: '2024-04-01',
}).total_cost;
process.stdout.write(JSON.stringify({ offsets, counts, total }));
`;

describe('spec §9 day count is not shifted by daylight saving, in any server time zone', () => {
  let outDir: string;

  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'planted-domain-'));
    for (const file of readdirSync(__dirname)) {
      if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
      const { code } = transformFileSync(join(__dirname, file), {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
        swcrc: false,
        configFile: false,
      });
      writeFileSync(join(outDir, file.replace(/\.ts$/, '.js')), code);
    }
  });

  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
  });

  function runIn(timeZone: string): ZoneResult {
    const output = execFileSync(process.execPath, ['-e', SCRIPT, join(outDir, 'index.js')], {
      env: { ...process.env, TZ: timeZone },
      encoding: 'utf8',
    });
    return JSON.parse(output) as ZoneResult;
  }

  it.each([
    // zone, winter and summer UTC offsets in minutes as getTimezoneOffset reports them
    ['UTC', [0, 0]],
    ['Europe/London', [0, -60]],
    ['America/New_York', [300, 240]],
    ['Australia/Sydney', [-660, -600]],
    ['Pacific/Kiritimati', [-840, -840]],
    ['Pacific/Pago_Pago', [660, 660]],
  ])('%s', (timeZone, offsets) => {
    const result = runIn(timeZone);
    // Proves the child really ran in that zone, clock changes included.
    expect(result.offsets).toEqual(offsets);
    expect(result.counts).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 61]);
    expect(result.total).toBe(36);
  });
});
