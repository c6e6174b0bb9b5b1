#!/usr/bin/env node
// Summarises a V8 .cpuprofile (as written by `node --cpu-prof`): the functions with the most
// self time, and self time grouped by where the code lives (a package, node core, product code).
//
//   node bench/cpu-profile-summary.mjs FILE.cpuprofile [--top 25] [--from US --to US]
//
// --from/--to restrict the summary to samples taken in that window, in microseconds of the
// monotonic clock (process.hrtime.bigint() / 1000n: on Linux V8 stamps profiles with the same
// clock), so start-up and shutdown can be left out.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where a frame's code lives: a package, node core, a part of this repo, or a V8 pseudo-frame. */
export function placeOf(url, functionName) {
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (garbage collector), (program), (idle)
    return '(native)';
  }
  if (url.startsWith('node:')) return 'node core';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = file.slice(nm + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  // This repository or another checkout of it (bench --root).
  const own = /\/(libs\/[^/]+|services\/[^/]+|gateway)\/(dist|src)\//.exec(file);
  if (own) return own[1].startsWith('libs/') ? `@planted/${own[1].slice(5)}` : own[1];
  const rel = path.relative(root, file);
  return rel.startsWith('..') ? file : rel.split(path.sep)[0];
}

function shortFile(url) {
  if (!url) return '';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = file.lastIndexOf('/node_modules/');
  if (nm >= 0) return file.slice(nm + '/node_modules/'.length);
  const own = /\/((?:libs\/[^/]+|services\/[^/]+|gateway)\/(?:dist|src)\/.*)$/.exec(file);
  if (own) return own[1];
  const rel = path.relative(root, file);
  return rel.startsWith('..') ? file : rel;
}

/**
 * Self time per function and per place. Times are in milliseconds; `busyMs` leaves out
 * (idle), and shares are of busy time.
 */
export function summarizeProfile(profile, { top = 25, fromUs, toUs, windows } = {}) {
  // Several windows (a scenario measured in turns with its baseline), or one, or the whole profile.
  const spans = windows ?? (fromUs !== undefined || toUs !== undefined ? [{ fromUs, toUs }] : undefined);
  const inSpans = (t) =>
    !spans ||
    spans.some((w) => (w.fromUs === undefined || t >= w.fromUs) && (w.toUs === undefined || t <= w.toUs));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map(); // node id -> µs
  let t = profile.startTime;
  let first = Infinity;
  let last = -Infinity;
  let inWindow = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    // A sample stands for the time until the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (!inSpans(t)) continue;
    inWindow++;
    first = Math.min(first, t);
    last = Math.max(last, t);
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + dt);
  }
  const functions = new Map();
  const places = new Map();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    totalUs += us;
    if (name === '(idle)') {
      idleUs += us;
      continue;
    }
    const where = callFrame.url ? `${shortFile(callFrame.url)}:${callFrame.lineNumber + 1}` : '';
    const key = `${name}\u0000${where}`;
    const f = functions.get(key) ?? { name, where, place: placeOf(callFrame.url, name), selfUs: 0 };
    f.selfUs += us;
    functions.set(key, f);
    const place = placeOf(callFrame.url, name);
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const busyUs = totalUs - idleUs;
  const pct = (us) => (busyUs > 0 ? Math.round((1000 * us) / busyUs) / 10 : 0);
  const ms = (us) => Math.round(us / 100) / 10;
  return {
    samples: inWindow,
    windowMs: inWindow ? ms(last - first) : 0,
    totalMs: ms(totalUs),
    idleMs: ms(idleUs),
    busyMs: ms(busyUs),
    topFunctions: [...functions.values()]
      .sort((a, b) => b.selfUs - a.selfUs)
      .slice(0, top)
      .map((f) => ({
        selfMs: ms(f.selfUs),
        busyPct: pct(f.selfUs),
        name: f.name,
        place: f.place,
        where: f.where,
      })),
    byPlace: [...places.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([place, us]) => ({ place, selfMs: ms(us), busyPct: pct(us) })),
  };
}

export function summarizeFile(file, options) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  let summary = summarizeProfile(profile, options);
  if (
    summary.samples === 0 &&
    (options?.fromUs !== undefined || options?.toUs !== undefined || options?.windows !== undefined)
  ) {
    // The clocks did not line up (not Linux?): the whole profile is better than nothing.
    summary = {
      ...summarizeProfile(profile, { top: options.top }),
      note: 'window not found in profile; whole profile summarised',
    };
  }
  return summary;
}

export function formatSummary(title, s, { places = 15 } = {}) {
  const lines = [];
  lines.push(
    `${title}: ${s.busyMs} ms busy of ${s.totalMs} ms sampled (${s.samples} samples${s.note ? `; ${s.note}` : ''})`,
  );
  lines.push('  self ms   busy%  function  (place, file:line)');
  for (const f of s.topFunctions) {
    lines.push(
      `  ${String(f.selfMs).padStart(7)}  ${String(f.busyPct).padStart(5)}%  ${f.name}  (${f.place}${f.where ? `, ${f.where}` : ''})`,
    );
  }
  lines.push('  by place:');
  for (const p of s.byPlace.slice(0, places)) {
    lines.push(`  ${String(p.selfMs).padStart(7)}  ${String(p.busyPct).padStart(5)}%  ${p.place}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '25' },
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length === 0) {
    console.error(
      'usage: node bench/cpu-profile-summary.mjs FILE.cpuprofile… [--top N] [--from US --to US] [--json]',
    );
    process.exit(2);
  }
  for (const file of positionals) {
    const summary = summarizeFile(file, {
      top: Number(values.top),
      fromUs: values.from !== undefined ? Number(values.from) : undefined,
      toUs: values.to !== undefined ? Number(values.to) : undefined,
    });
    console.log(values.json ? JSON.stringify(summary, null, 2) : formatSummary(path.basename(file), summary));
  }
}
