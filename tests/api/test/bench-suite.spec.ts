import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// The benchmark suite's pieces that can be checked without a load run: the data generator
// (bench/data.mjs), the k6 scripts (bench/k6) and the line prefixer `npm start` and the
// benchmark forward their children's logs with (scripts/prefix-lines.mjs). They are ES
// modules run by plain node; Jest compiles to CommonJS, so they run in a node process.
const root = path.resolve(__dirname, '../../..');

function node(args: string[], input?: string): string {
  const res = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 2 ** 20,
  });
  if (res.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${res.stderr}`);
  return res.stdout;
}

describe('bench/data.mjs', () => {
  const small = ['bench/data.mjs', '--hires', '6000', '--equipment', '300', '--suppliers', '40', '--digest'];

  it('gives the same rows for the same options, with hires in every state', () => {
    const first = JSON.parse(node(small));
    const second = JSON.parse(node(small));
    expect(second.digest).toBe(first.digest);
    expect(first.counts.hires.hires).toBe(6000);
    // 100 hires a company by default, 10 sites each.
    expect(first.counts.hires.sites).toBe(600);
    expect(first.counts.catalogue.equipment).toBe(300);
    for (const state of ['active', 'collection_booked', 'completed', 'overdue', 'endingSoon', 'past'])
      expect(first.states[state]).toBeGreaterThan(0);
    const other = JSON.parse(node([...small.slice(0, 2), '6001', ...small.slice(3)]));
    expect(other.digest).not.toBe(first.digest);
  });

  it('scales the companies with the hires: 2,000 at 200,000 and 10,000 at 1,000,000', () => {
    const out = node([
      '--input-type=module',
      '-e',
      "import { companiesFor } from './bench/data.mjs'; console.log(JSON.stringify([companiesFor(200000), companiesFor(1000000), companiesFor(10)]))",
    ]);
    expect(JSON.parse(out)).toEqual([2000, 10000, 50]);
  });
});

describe('bench/k6', () => {
  const dir = path.join(root, 'bench/k6');
  const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'));

  it.each(scripts)('%s is valid JavaScript (an ES module)', (file) => {
    node(['--check', path.join(dir, file)]);
  });

  it('has thresholds for every scenario it runs', () => {
    // k6's modules are not there under node: stub them and read the options.
    const out = node([
      '--input-type=module',
      '-e',
      `
      import { register } from 'node:module';
      register('data:text/javascript,' + encodeURIComponent(\`
        export async function resolve(spec, ctx, next) {
          if (spec === 'k6' || spec === 'k6/http') return { url: 'data:text/javascript,export default {};export const check=()=>true,fail=()=>{};', shortCircuit: true };
          return next(spec, ctx);
        }\`));
      globalThis.__ENV = {};
      const out = {};
      for (const f of ['reads.js', 'writes.js']) {
        const m = await import('./bench/k6/' + f);
        out[f] = { scenarios: Object.keys(m.options.scenarios), thresholds: Object.keys(m.options.thresholds),
                   exports: Object.keys(m) };
      }
      console.log(JSON.stringify(out));`,
    ]);
    const parsed = JSON.parse(out) as Record<
      string,
      { scenarios: string[]; thresholds: string[]; exports: string[] }
    >;
    expect(parsed['reads.js'].scenarios).toEqual(
      expect.arrayContaining([
        'profile',
        'equipment',
        'suppliers',
        'hires-list',
        'hires-search',
        'sites',
        'stats',
      ]),
    );
    expect(parsed['writes.js'].scenarios).toEqual(['hires-create', 'hires-create-paced', 'suppliers-create']);
    for (const { scenarios, thresholds, exports } of Object.values(parsed)) {
      for (const s of scenarios) {
        expect(thresholds).toContain(`http_req_duration{scenario:${s}}`);
        expect(thresholds).toContain(`http_req_failed{scenario:${s}}`);
        expect(exports).toContain(s.replace(/-/g, '_'));
      }
    }
  });
});

describe('scripts/prefix-lines.mjs', () => {
  it('prefixes every line, across chunks that end inside a line or a character, with one write per chunk', () => {
    const out = node([
      '--input-type=module',
      '-e',
      `
      import { PassThrough } from 'node:stream';
      import { forwardLines } from './scripts/prefix-lines.mjs';
      const stream = new PassThrough();
      const writes = [];
      forwardLines(stream, { write: (s) => writes.push(s) }, '[x] ');
      const text = Buffer.from('one\\ntwo £3\\nthree\\nfour\\nlast');
      const cut = text.indexOf(0xa3); // inside the two bytes of the pound sign
      stream.write(text.subarray(0, 2));
      stream.write(text.subarray(2, cut));
      stream.write(text.subarray(cut, cut + 1));
      stream.write(text.subarray(cut + 1));
      stream.end();
      stream.on('end', () => setImmediate(() => console.log(JSON.stringify(writes))));`,
    ]);
    const writes = JSON.parse(out) as string[];
    expect(writes.join('')).toBe('[x] one\n[x] two £3\n[x] three\n[x] four\n[x] last\n');
    expect(writes).toEqual(['[x] one\n', '[x] two £3\n[x] three\n[x] four\n', '[x] last\n']);
  });
});

describe('bench/cpu-profile-summary.mjs', () => {
  it('counts only the samples inside the windows it is given (a read measured in turns)', () => {
    // Three functions, each sampled ten times in its own stretch: at 1–10 ms, 11–20 ms, 21–30 ms
    // (a sample stands for the time until the next one: the last one for none).
    const out = node([
      '--input-type=module',
      '-e',
      `
      import { summarizeProfile } from './bench/cpu-profile-summary.mjs';
      const frame = (id, functionName) => ({ id, callFrame: { functionName, url: '', lineNumber: 0 } });
      const profile = { nodes: [frame(1, 'first'), frame(2, 'second'), frame(3, 'third')], startTime: 0,
        samples: [], timeDeltas: [] };
      for (let i = 0; i < 30; i++) { profile.samples.push(1 + Math.floor(i / 10)); profile.timeDeltas.push(1000); }
      const names = (s) => s.topFunctions.map((f) => f.name + ':' + f.selfMs).sort();
      console.log(JSON.stringify({
        whole: names(summarizeProfile(profile)),
        one: names(summarizeProfile(profile, { fromUs: 11000, toUs: 20000 })),
        two: names(summarizeProfile(profile, { windows: [{ fromUs: 1000, toUs: 9000 }, { fromUs: 21000, toUs: 29000 }] })),
      }));`,
    ]);
    expect(JSON.parse(out)).toEqual({
      whole: ['first:10', 'second:10', 'third:9'],
      one: ['second:10'],
      two: ['first:9', 'third:9'],
    });
  });
});
