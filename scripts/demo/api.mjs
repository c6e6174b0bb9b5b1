// The gateway's REST API as the demo seeds call it: a small JSON/multipart client, sign-in,
// paging through a list, and a bounded number of requests in flight.

/** Requests in flight at once: enough to hide round trips, few enough not to crowd a 2-core machine. */
export const CONCURRENCY = 6;
const PAGE = 1000;

export class ApiError extends Error {}

export function client(baseUrl) {
  async function call(method, url, { token, json, form, key } = {}) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (key) headers['idempotency-key'] = key;
    let body;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (form) {
      body = form;
    }
    const res = await fetch(baseUrl + url, { method, headers, body });
    const text = await res.text();
    let data;
    try {
      data = text ? JSON.parse(text) : {};
    } catch {
      data = { error: text };
    }
    return { status: res.status, body: data };
  }
  async function ok(method, url, options, expected = [200, 201]) {
    const res = await call(method, url, options);
    if (!expected.includes(res.status))
      throw new ApiError(`${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }
  return { call, ok };
}

/** Runs `fn` over `items`, at most `limit` at a time; the first failure fails the whole. */
export async function inParallel(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export const slug = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Every page of a list route, as the signed-in company sees it (`query`: more of the query
 * string). The catalogue's lists count pages in `pagination.pages`, hires' in `totalPages`.
 */
export async function listAll(api, token, route, field, query = '') {
  const all = [];
  for (let page = 1; ; page++) {
    const body = await api.ok('GET', `${route}?page=${page}&limit=${PAGE}${query}`, { token });
    all.push(...body[field]);
    if (page >= (body.pagination?.pages ?? body.pagination?.totalPages ?? 1)) return all;
  }
}

export async function signIn(api, email, password) {
  const res = await api.call('POST', '/api/auth/login', { json: { email, password } });
  return res.status === 200 ? res.body : undefined;
}
