/* global __ENV */
// Shared by the k6 scripts of the benchmark (for operators who run k6: https://k6.io).
// Not run by `npm run bench` (which uses autocannon); a test parses these files.
//
//   k6 run -e BASE_URL=https://planted.example -e EMAIL=… -e PASSWORD=… bench/k6/reads.js
import http from 'k6/http';
import { check, fail } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
/** Virtual users per scenario (autocannon's connections). */
export const VUS = Number(__ENV.VUS || 50);
/** Seconds each scenario runs. */
export const DURATION = `${Number(__ENV.DURATION || 20)}s`;

/** One scenario per name, one after the other (each starts when the last has ended). */
export function sequential(names, extra = {}) {
  const seconds = Number(__ENV.DURATION || 20);
  const scenarios = {};
  names.forEach((name, i) => {
    scenarios[name] = {
      executor: 'constant-vus',
      vus: VUS,
      duration: DURATION,
      startTime: `${i * (seconds + 2)}s`,
      exec: name.replace(/-/g, '_'),
      tags: { scenario: name },
      ...(extra[name] || {}),
    };
  });
  return scenarios;
}

/** Thresholds of one scenario: its p99 and p50, and (nearly) no failures. */
export function thresholdsFor(limits) {
  const out = {};
  for (const [name, { p99, p50 }] of Object.entries(limits)) {
    out[`http_req_duration{scenario:${name}}`] = [`p(99)<${p99}`, `p(50)<${p50}`];
    out[`http_req_failed{scenario:${name}}`] = ['rate<0.01'];
    out[`checks{scenario:${name}}`] = ['rate>0.99'];
  }
  return out;
}

/** Signs in with EMAIL and PASSWORD and returns the bearer headers (setup()). */
export function signIn() {
  const res = http.post(
    `${BASE_URL}/api/auth/login`,
    JSON.stringify({ email: __ENV.EMAIL, password: __ENV.PASSWORD }),
    { headers: { 'content-type': 'application/json' } },
  );
  if (res.status !== 200) fail(`login failed: ${res.status} ${res.body}`);
  const token = res.json('token');
  return { authorization: `Bearer ${token}` };
}

export function get(path, headers, name) {
  const res = http.get(`${BASE_URL}${path}`, { headers, tags: { name } });
  check(res, { 'status is 200': (r) => r.status === 200 });
  return res;
}

export function post(path, body, headers, name) {
  const res = http.post(`${BASE_URL}${path}`, JSON.stringify(body), {
    headers: { ...headers, 'content-type': 'application/json' },
    tags: { name },
  });
  check(res, { 'status is 201': (r) => r.status === 201 });
  return res;
}
