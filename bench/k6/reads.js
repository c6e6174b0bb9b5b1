// k6: the suite's reads through the gateway, each a scenario with its own thresholds.
//   k6 run -e BASE_URL=… -e EMAIL=… -e PASSWORD=… [-e VUS=50 -e DURATION=20] bench/k6/reads.js
// The thresholds are the p99 and p50 the autocannon suite measured for the gateway on a 2-core
// machine with 200,000 hires (bench/README.md), rounded up: a run over them fails.
import { get, sequential, signIn, thresholdsFor } from './lib.js';

const EQUIPMENT_TERMS = ['breaker', 'excavator', 'generator', 'Hilti', 'pump', 'scissor'];
const SUPPLIER_TERMS = ['Access', 'Plant', 'Hire', 'Tools', 'Leeds'];
const HIRES_TERMS = ['breaker', 'excavator', 'JCB', 'Access', 'Plant', 'JOB-1'];

const LIMITS = {
  profile: { p99: 100, p50: 40 },
  equipment: { p99: 300, p50: 120 },
  suppliers: { p99: 300, p50: 120 },
  'hires-list': { p99: 200, p50: 80 },
  'hires-search': { p99: 400, p50: 150 },
  sites: { p99: 200, p50: 80 },
  stats: { p99: 200, p50: 80 },
};

export const options = {
  scenarios: sequential(Object.keys(LIMITS)),
  thresholds: thresholdsFor(LIMITS),
};

export function setup() {
  return { headers: signIn() };
}

const pick = (terms) => encodeURIComponent(terms[Math.floor(Math.random() * terms.length)]);

export function profile({ headers }) {
  get('/api/auth/profile', headers, 'profile');
}
export function equipment({ headers }) {
  get(`/api/equipment?search=${pick(EQUIPMENT_TERMS)}&page=1&limit=12`, headers, 'equipment');
}
export function suppliers({ headers }) {
  get(`/api/suppliers?search=${pick(SUPPLIER_TERMS)}`, headers, 'suppliers');
}
export function hires_list({ headers }) {
  get('/api/hires?page=1&limit=12', headers, 'hires-list');
}
export function hires_search({ headers }) {
  get(`/api/hires?search=${pick(HIRES_TERMS)}&page=1&limit=12`, headers, 'hires-search');
}
export function sites({ headers }) {
  get('/api/sites?page=1&limit=12', headers, 'sites');
}
export function stats({ headers }) {
  get('/api/customers/stats', headers, 'stats');
}
