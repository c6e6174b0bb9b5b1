import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE, ZaharaApiError, invalidRequest } from './api-error';
import { IdSequences, MonotonicClock } from './clock';
import { handleControl } from './control';
import { createTenant } from './create-tenant';
import { FailureSwitchboard, type ZaharaFailures } from './failures';
import type { PurchaseOrderStatus, ZaharaErrorBody } from './models';
import { RateLimiter } from './rate-limiter';
import { lookupRoutesAll } from './resources/lookups';
import { projectRoutes } from './resources/projects';
import { purchaseOrderRoutes } from './resources/purchase-orders';
import { supplierRoutes } from './resources/suppliers';
import { matchRoute, type Route } from './router';
import { snapshotOf, type Tenant, type TenantSnapshot } from './tenant';

export interface ZaharaSimulatorOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  /** 127.0.0.1 by default. */
  host?: string;
  /** Business-unit API keys that exist from the start, each its own tenant with the seed data. */
  keys?: string[];
  /** Any key matching `keyPattern` becomes a new tenant on its first call (false by default). */
  acceptAnyKey?: boolean;
  /** What an accepted key must look like; 16 to 128 letters, digits, '-' or '_' by default (a GUID fits). */
  keyPattern?: RegExp;
  /** Calls a key may make per window; 100 by default, Zahara's documented limit. */
  ratePerMinute?: number;
  /** The rate limit's window; 60 000 ms by default. Tests shorten it. */
  rateWindowMs?: number;
}

export interface ZaharaSimulatorSettings {
  acceptAnyKey: boolean;
  keyPattern: string;
  ratePerMinute: number;
  rateWindowMs: number;
}

/** One call to the API as the simulator received it, for tests to assert on. */
export interface ZaharaCall {
  seq: number;
  at: string;
  key: string;
  method: string;
  /** The path after the key, as sent: `PurchaseOrder/Add`, `Supplier/Search/Northern%20Plant`. */
  path: string;
  /** The body: parsed JSON, the raw text when it was not JSON, undefined when empty. */
  body: unknown;
  /** The status answered; null when the connection was dropped or the client went away first. */
  status: number | null;
  outcome: 'pending' | 'answered' | 'dropped' | 'client-closed';
}

export interface ZaharaCallFilter {
  key?: string;
  method?: string;
  /** Exact path (case-insensitive) or a pattern. */
  path?: string | RegExp;
}

export interface ZaharaSimulator {
  /** The base URL a client takes in place of https://api.myzahara.net (e.g. ZAHARA_BASE_URL). */
  readonly url: string;
  readonly port: number;
  /** The keys that have a tenant now. */
  readonly keys: string[];
  readonly fail: ZaharaFailures;
  calls(filter?: ZaharaCallFilter): ZaharaCall[];
  clearCalls(): void;
  /** Makes a tenant with the seed data for `key` (nothing when it has one). */
  addKey(key: string): void;
  /** A copy of everything a tenant holds, without calling (or counting against) the API. */
  tenant(key: string): TenantSnapshot | undefined;
  setRateLimit(ratePerMinute: number, windowMs?: number): void;
  /**
   * What an approver does in Zahara's own screens (the API has no call for it): moves a
   * purchase order to 2 Approved, 3 Rejected or 4 Completed (which refuses any update), or
   * back to 1. Throws RangeError for an unknown key or order.
   */
  setPurchaseOrderStatus(key: string, documentId: number, status: PurchaseOrderStatus): void;
  /** How keys are accepted and the rate limit now. */
  settings(): ZaharaSimulatorSettings;
  /** Back to the start: the configured keys' seed data only, no failures, no calls, rate limit as started. */
  reset(): void;
  close(): Promise<void>;
}

const ROUTES: readonly Route[] = [
  ...supplierRoutes,
  ...purchaseOrderRoutes,
  ...projectRoutes,
  ...lookupRoutesAll,
];
const DEFAULT_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const MAX_BODY_BYTES = 1_000_000;
const MAX_LOGGED_CALLS = 10_000;

interface RequestBody {
  raw: string;
  parsed: unknown;
  invalidJson: boolean;
}

async function readBody(req: IncomingMessage): Promise<RequestBody | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw.trim()) return { raw, parsed: undefined, invalidJson: false };
  try {
    return { raw, parsed: JSON.parse(raw) as unknown, invalidJson: false };
  } catch {
    return { raw, parsed: raw, invalidJson: true };
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

function decodeSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

function checkKey(key: string): string {
  if (!key || key.includes('/')) throw new Error(`Zahara simulator: '${key}' cannot be an API key`);
  return key;
}

class LocalZahara implements ZaharaSimulator {
  readonly fail = new FailureSwitchboard();
  url = '';
  port = 0;
  private readonly server: Server;
  private readonly clock = new MonotonicClock();
  private ids = new IdSequences();
  private readonly tenants = new Map<string, Tenant>();
  private readonly limiter: RateLimiter;
  private readonly configuredKeys: string[];
  private readonly acceptAnyKey: boolean;
  private readonly keyPattern: RegExp;
  private log: ZaharaCall[] = [];
  private seq = 0;
  /** Releases every answer held back by `slow`, so close() does not wait for them. */
  private readonly held = new Set<() => void>();

  constructor(private readonly options: ZaharaSimulatorOptions) {
    this.configuredKeys = [...new Set(options.keys ?? [])].map(checkKey);
    this.acceptAnyKey = options.acceptAnyKey ?? false;
    this.keyPattern = options.keyPattern ?? DEFAULT_KEY_PATTERN;
    this.limiter = new RateLimiter(options.ratePerMinute ?? 100, options.rateWindowMs ?? 60_000);
    this.configuredKeys.forEach((key) => this.addKey(key));
    this.server = createServer((req, res) => {
      this.onRequest(req, res).catch(() => sendJson(res, 500, { Message: SERVER_ERROR_MESSAGE }));
    });
  }

  async listen(): Promise<void> {
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    const urlHost =
      host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    this.url = `http://${urlHost}:${this.port}`;
  }

  get keys(): string[] {
    return [...this.tenants.keys()];
  }

  addKey(key: string): void {
    if (!this.tenants.has(checkKey(key))) this.tenants.set(key, createTenant(key, this.ids, this.clock));
  }

  tenant(key: string): TenantSnapshot | undefined {
    const tenant = this.tenants.get(key);
    return tenant && snapshotOf(tenant);
  }

  setPurchaseOrderStatus(key: string, documentId: number, status: PurchaseOrderStatus): void {
    const order = this.tenants.get(key)?.purchaseOrders.get(documentId);
    if (!order) throw new RangeError(`No purchase order ${documentId} for the key '${key}'.`);
    order.Status = status;
    order.LastUpdated = this.clock.iso();
  }

  calls(filter: ZaharaCallFilter = {}): ZaharaCall[] {
    const { key, method, path } = filter;
    return structuredClone(
      this.log.filter(
        (call) =>
          (key === undefined || call.key === key) &&
          (method === undefined || call.method === method.toUpperCase()) &&
          (path === undefined ||
            (typeof path === 'string'
              ? call.path.toLowerCase() === path.toLowerCase()
              : path.test(call.path))),
      ),
    );
  }

  clearCalls(): void {
    this.log = [];
  }

  setRateLimit(ratePerMinute: number, windowMs = this.limiter.windowMs): void {
    if (!Number.isInteger(ratePerMinute) || ratePerMinute < 1)
      throw new RangeError('ratePerMinute must be a whole number, 1 or more');
    if (!Number.isInteger(windowMs) || windowMs < 1)
      throw new RangeError('windowMs must be a whole number, 1 or more');
    this.limiter.limit = ratePerMinute;
    this.limiter.windowMs = windowMs;
  }

  settings(): ZaharaSimulatorSettings {
    return {
      acceptAnyKey: this.acceptAnyKey,
      keyPattern: this.keyPattern.source,
      ratePerMinute: this.limiter.limit,
      rateWindowMs: this.limiter.windowMs,
    };
  }

  reset(): void {
    this.tenants.clear();
    this.ids = new IdSequences();
    this.configuredKeys.forEach((key) => this.addKey(key));
    this.fail.clear();
    this.limiter.reset();
    this.setRateLimit(this.options.ratePerMinute ?? 100, this.options.rateWindowMs ?? 60_000);
    this.log = [];
  }

  async close(): Promise<void> {
    for (const release of [...this.held]) release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private tenantFor(key: string): Tenant | undefined {
    if (!this.tenants.has(key) && this.acceptAnyKey && this.keyPattern.test(key)) this.addKey(key);
    return this.tenants.get(key);
  }

  private hold(ms: number, res: ServerResponse): Promise<void> {
    return new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.held.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      this.held.add(release);
      res.once('close', release);
    });
  }

  private record(call: Omit<ZaharaCall, 'seq' | 'at' | 'status' | 'outcome'>): ZaharaCall {
    const entry: ZaharaCall = {
      seq: ++this.seq,
      at: new Date().toISOString(),
      ...call,
      status: null,
      outcome: 'pending',
    };
    this.log.push(entry);
    if (this.log.length > MAX_LOGGED_CALLS) this.log = this.log.slice(-MAX_LOGGED_CALLS);
    return entry;
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '/').split('?')[0];
    const segments = decodeSegments(pathname);
    if (!segments) return sendJson(res, 400, { Message: 'The request URI is not valid.' });
    if (pathname === '/healthz' || pathname === '/readyz') return sendJson(res, 200, { status: 'ok' });
    if (segments[0] === '_sim') return handleControl(req, res, segments.slice(1), this, sendJson);
    if (segments[0]?.toLowerCase() === 'api' && segments.length >= 3 && segments[1]) {
      const rawPath = pathname.split('/').slice(3).join('/');
      return this.handleApi(req, res, segments[1], segments.slice(2), rawPath);
    }
    return sendJson(res, 404, {
      Message: `No HTTP resource was found that matches the request URI '${pathname}'.`,
    });
  }

  /**
   * One API call: unauthorized (unknown key, or the failure), the rate limit, injected
   * server errors, the route, its work, then the slow hold and the dropped connection.
   */
  private async handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    segments: string[],
    rawPath: string,
  ): Promise<void> {
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    const call = this.record({
      key,
      method,
      path: rawPath,
      body: body === 'too-large' ? '(too large)' : body.parsed,
    });
    res.once('close', () => {
      if (call.outcome === 'pending') call.outcome = 'client-closed';
    });
    const delayMs = this.fail.takeDelay(key);
    const answer = async (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      if (delayMs > 0) await this.hold(delayMs, res);
      if (res.destroyed) return;
      call.status = status;
      call.outcome = 'answered';
      sendJson(res, status, payload, headers);
    };
    const error = (status: number, payload: ZaharaErrorBody, headers?: Record<string, string>) =>
      answer(status, payload, headers);

    const tenant = this.tenantFor(key);
    if (!tenant || this.fail.isUnauthorized(key)) return error(401, { Message: UNAUTHORIZED_MESSAGE });
    const limited = this.limiter.admit(key);
    const rateHeaders = {
      'X-RateLimit-Limit': String(this.limiter.limit),
      'X-RateLimit-Remaining': String(this.limiter.remaining(key)),
    };
    if (limited)
      return error(
        429,
        {
          Message: `API calls quota exceeded! Maximum admitted ${this.limiter.limit} per ${this.limiter.windowMs / 1000}s.`,
        },
        { ...rateHeaders, 'Retry-After': String(limited.retryAfterSeconds) },
      );
    const failWith = this.fail.takeServerError(key);
    if (failWith !== undefined) return error(failWith, { Message: SERVER_ERROR_MESSAGE }, rateHeaders);

    const match = matchRoute(ROUTES, method, segments);
    if (match.kind === 'none')
      return error(
        404,
        { Message: `No HTTP resource was found that matches the request URI '${rawPath}'.` },
        rateHeaders,
      );
    if (match.kind === 'wrong-method')
      return error(
        405,
        { Message: `The requested resource does not support http method '${method}'.` },
        { ...rateHeaders, Allow: match.allowed.join(', ') },
      );
    if (body === 'too-large') return error(413, { Message: 'The request body is too large.' }, rateHeaders);
    try {
      if (body.invalidJson) throw invalidRequest(['The request body is not valid JSON.']);
      const result = match.route.handle({ tenant, params: match.params, body: body.parsed });
      if (match.route.creates && this.fail.takeDropAfterCreate(key, match.route.creates)) {
        if (delayMs > 0) await this.hold(delayMs, res);
        call.outcome = 'dropped';
        req.socket.destroy();
        return;
      }
      return answer(200, result, rateHeaders);
    } catch (err) {
      if (err instanceof ZaharaApiError)
        return error(err.status, err.body, { ...rateHeaders, ...err.headers });
      // A fault of the simulator itself, not a failure a test asked for: say so loudly.
      process.stderr.write(
        `zahara-local: ${method} ${rawPath} failed: ${(err as Error).stack ?? String(err)}\n`,
      );
      return error(500, { Message: SERVER_ERROR_MESSAGE }, rateHeaders);
    }
  }
}

/** Starts a local Zahara; resolve it, point the client at `url`, close it when done. */
export async function startZaharaSimulator(options: ZaharaSimulatorOptions = {}): Promise<ZaharaSimulator> {
  const simulator = new LocalZahara(options);
  await simulator.listen();
  return simulator;
}
