/* global __ENV, __VU, __ITER */
// k6: the suite's writes through the gateway, each a scenario with its own thresholds.
//   k6 run -e BASE_URL=… -e EMAIL=… -e PASSWORD=… -e SITE_ID=… -e EQUIPMENT_ID=… -e SUPPLIER_ID=… bench/k6/writes.js
// SITE_ID is a site of the signed-in company; EQUIPMENT_ID and SUPPLIER_ID entries it may hire.
// Every hire it creates is active, so use a company on a plan without a limit.
import { fail } from 'k6';
import { post, sequential, signIn, thresholdsFor } from './lib.js';

const LIMITS = {
  'hires-create': { p99: 1500, p50: 700 },
  // The issue's rate, offered at an even pace whatever the answers' times (open loop).
  'hires-create-paced': { p99: 100, p50: 50 },
  'suppliers-create': { p99: 1500, p50: 700 },
};
const CREATE_RATE = Number(__ENV.CREATE_RATE || 500);

function scenarios() {
  const all = sequential(Object.keys(LIMITS));
  const { vus: _vus, ...paced } = all['hires-create-paced'];
  all['hires-create-paced'] = {
    ...paced,
    executor: 'constant-arrival-rate',
    rate: CREATE_RATE,
    timeUnit: '1s',
    preAllocatedVUs: 50,
    maxVUs: 50,
  };
  return all;
}

export const options = {
  scenarios: scenarios(),
  thresholds: thresholdsFor(LIMITS),
};

export function setup() {
  for (const name of ['SITE_ID', 'EQUIPMENT_ID', 'SUPPLIER_ID'])
    if (!__ENV[name]) fail(`${name} is required (see the comment at the top)`);
  return { headers: signIn() };
}

const TERMS = ['day', 'week', 'month'];

export function hires_create({ headers }) {
  post(
    '/api/hires',
    {
      equipment_id: __ENV.EQUIPMENT_ID,
      supplier_id: __ENV.SUPPLIER_ID,
      site_id: __ENV.SITE_ID,
      price: 45 + (__ITER % 200),
      pricing_term: TERMS[__ITER % 3],
      delivery_charge: 35,
      operator_cost: '',
      hire_start_date: '2026-11-02',
      hire_end_date: '2026-11-20',
    },
    headers,
    'hires-create',
  );
}

/** The same creation, at CREATE_RATE per second (the scenario's executor paces it). */
export function hires_create_paced(data) {
  hires_create(data);
}

export function suppliers_create({ headers }) {
  post(
    '/api/suppliers',
    {
      name: `k6 Supplier ${__VU}-${__ITER}-${Date.now()}`,
      contact_email: `k6-${__VU}-${__ITER}@example.test`,
      contact_phone: '0113 496 0000',
      address: '1 Bench Street, Leeds LS1 1AA',
    },
    headers,
    'suppliers-create',
  );
}
