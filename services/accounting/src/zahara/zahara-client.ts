import { backoffDelay } from '@planted/messaging';
import type { Logger } from '@planted/logging';
import { ZaharaError } from './zahara-error';
import type {
  ZaharaCostCode,
  ZaharaDivision,
  ZaharaNominalCode,
  ZaharaProject,
  ZaharaProjectWrite,
  ZaharaPurchaseOrder,
  ZaharaPurchaseOrderAdd,
  ZaharaSupplierAdd,
  ZaharaSupplierRecord,
  ZaharaTaxCode,
} from './zahara.models';
import { KeyRateLimiter } from './rate-limiter';

export interface ZaharaClientOptions {
  baseUrl: string;
  /** One HTTP call. */
  timeoutMs: number;
  /** One operation, its retries and rate-limit waits included. */
  deadlineMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  ratePerWindow: number;
  rateWindowMs: number;
  logger?: Logger;
}

type Method = 'GET' | 'POST' | 'PUT';

interface CallOptions {
  /**
   * Whether a 5xx or a lost answer may be retried blindly: reads and updates, yes; a create
   * may have been made, so it is not (its caller looks it up first). A 429 is always
   * retried: Zahara counts it before doing anything.
   */
  idempotent: boolean;
}

const TAX_RATE_TTL_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seg = (value: string | number) => encodeURIComponent(String(value));

/** The first line of Zahara's answer to a failed call: its `Message`, and its `Errors` if any. */
async function failureBody(res: Response): Promise<{ message: string; errors: string[] }> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { Message?: unknown; Errors?: unknown };
    const errors = Array.isArray(body.Errors) ? body.Errors.map(String) : [];
    return { message: typeof body.Message === 'string' ? body.Message : `HTTP ${res.status}`, errors };
  } catch {
    return { message: `HTTP ${res.status}`, errors: [] };
  }
}

/**
 * Zahara's public API over fetch: the business unit's key in the path, JSON both ways, a
 * timeout on every call, retries with backoff on 429 (after its Retry-After) and on 5xx and
 * network failures (for idempotent calls), none on other 4xx, and each key kept under its
 * rate limit before Zahara has to say so. One instance per process: the limit is per key.
 */
export class ZaharaClient {
  private readonly limiter: KeyRateLimiter;
  /** Tax rates by key and tax code id: every order line needs its code's rate, and rates seldom change. */
  private readonly taxRates = new Map<string, { rate: number; at: number }>();

  constructor(private readonly options: ZaharaClientOptions) {
    this.limiter = new KeyRateLimiter(options.ratePerWindow, options.rateWindowMs);
  }

  /** The calls of one business unit. */
  forKey(key: string): ZaharaApi {
    return new ZaharaApi(
      (method, path, body, options) => this.call(key, method, path, body, options),
      (id, load) => this.cachedRate(`${key}\u0000${id}`, load),
    );
  }

  private async cachedRate(cacheKey: string, load: () => Promise<number>): Promise<number> {
    const cached = this.taxRates.get(cacheKey);
    if (cached && Date.now() - cached.at < TAX_RATE_TTL_MS) return cached.rate;
    const rate = await load();
    this.taxRates.set(cacheKey, { rate, at: Date.now() });
    return rate;
  }

  private async call<T>(
    key: string,
    method: Method,
    path: string,
    body: unknown,
    { idempotent }: CallOptions,
  ): Promise<T> {
    const { deadlineMs, maxAttempts, retryBaseMs, logger } = this.options;
    const deadline = Date.now() + deadlineMs;
    for (let attempt = 1; ; attempt++) {
      await this.waitForSlot(key, deadline, path);
      const outcome = await this.attempt<T>(key, method, path, body, deadline);
      if ('value' in outcome) return outcome.value;
      const { failure } = outcome;
      // A create that may have been made is the caller's to look up, never to repeat here.
      if (failure.mayHaveWorked && !idempotent) throw failure;
      const wait = failure.failure === 'rate_limited' ? 0 : backoffDelay(attempt, retryBaseMs, 10_000);
      if (attempt >= maxAttempts || Date.now() + wait >= deadline) throw failure;
      // The path without its parameters: they may be a customer's supplier name.
      logger?.warn(
        { call: path.split('/').slice(0, 2).join('/'), attempt, failure: failure.message },
        'Zahara call failed; retrying',
      );
      await sleep(wait);
    }
  }

  /** One HTTP call: its value, a failure worth retrying, or a thrown ZaharaError that is not. */
  private async attempt<T>(
    key: string,
    method: Method,
    path: string,
    body: unknown,
    deadline: number,
  ): Promise<{ value: T } | { failure: ZaharaError }> {
    const call = path.split('/').slice(0, 2).join('/');
    let res: Response;
    try {
      res = await fetch(`${this.options.baseUrl}/api/${seg(key)}/${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(Math.max(1, Math.min(this.options.timeoutMs, deadline - Date.now()))),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return {
        failure: new ZaharaError(
          'unavailable',
          `Zahara ${call}: ${timedOut ? 'timed out' : 'connection failed'}`,
          {
            mayHaveWorked: method !== 'GET',
          },
        ),
      };
    }
    if (res.ok) {
      try {
        return { value: (await res.json()) as T };
      } catch {
        // The body was cut off: as good as no answer.
        return {
          failure: new ZaharaError('unavailable', `Zahara ${call}: the answer was cut off`, {
            mayHaveWorked: method !== 'GET',
          }),
        };
      }
    }
    const { message, errors } = await failureBody(res);
    const status = res.status;
    if (status === 429) {
      const seconds = Number(res.headers.get('retry-after'));
      this.limiter.pause(key, (Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000);
      return { failure: new ZaharaError('rate_limited', `Zahara ${call}: ${message}`, { status }) };
    }
    if (status >= 500)
      return {
        failure: new ZaharaError('unavailable', `Zahara ${call}: ${message}`, {
          status,
          mayHaveWorked: method !== 'GET',
        }),
      };
    if (status === 401) throw new ZaharaError('unauthorized', message, { status });
    if (status === 404) throw new ZaharaError('not_found', message, { status });
    throw new ZaharaError('rejected', errors.length > 0 ? errors.join(' ') : message, { status, errors });
  }

  /** Waits for the key's rate limit; past the deadline it gives up as Zahara would answer (429). */
  private async waitForSlot(key: string, deadline: number, path: string): Promise<void> {
    for (;;) {
      const wait = this.limiter.reserve(key);
      if (wait === 0) return;
      if (Date.now() + wait >= deadline)
        throw new ZaharaError('rate_limited', `Zahara ${path}: the key's call limit is reached`, {
          status: 429,
        });
      await sleep(wait);
    }
  }
}

type Caller = <T>(method: Method, path: string, body: unknown, options: CallOptions) => Promise<T>;

const read = { idempotent: true };

/** Zahara's resources for one business unit (paths as libs/zahara-local/README.md documents them). */
export class ZaharaApi {
  constructor(
    private readonly call: Caller,
    private readonly cachedRate: (taxCodeId: number, load: () => Promise<number>) => Promise<number>,
  ) {}

  /** A tax code's rate (what each order line must carry), kept ten minutes per key. */
  taxRate(id: number): Promise<number> {
    return this.cachedRate(id, async () => (await this.taxCode(id)).TaxPercentage);
  }

  nominalCodeByCode(code: string): Promise<ZaharaNominalCode> {
    return this.call('GET', `NominalCode/GetByCode/${seg(code)}`, undefined, read);
  }

  taxCodeByCode(code: string): Promise<ZaharaTaxCode> {
    return this.call('GET', `TaxCode/GetByCode/${seg(code)}`, undefined, read);
  }

  taxCode(id: number): Promise<ZaharaTaxCode> {
    return this.call('GET', `TaxCode/Get/${seg(id)}`, undefined, read);
  }

  nominalCode(id: number): Promise<ZaharaNominalCode> {
    return this.call('GET', `NominalCode/Get/${seg(id)}`, undefined, read);
  }

  costCode(id: number): Promise<ZaharaCostCode> {
    return this.call('GET', `CostCode/Get/${seg(id)}`, undefined, read);
  }

  division(id: number): Promise<ZaharaDivision> {
    return this.call('GET', `Division/Get/${seg(id)}`, undefined, read);
  }

  costCodeByCode(code: string): Promise<ZaharaCostCode> {
    return this.call('GET', `CostCode/GetByCode/${seg(code)}`, undefined, read);
  }

  divisionByName(name: string): Promise<ZaharaDivision> {
    return this.call('GET', `Division/GetByName/${seg(name)}`, undefined, read);
  }

  divisions(): Promise<ZaharaDivision[]> {
    return this.call('GET', 'Division/GetAll', undefined, read);
  }

  /** Every supplier: Zahara has no list call, and `After/2000-01-01` lists them all. */
  allSuppliers(): Promise<ZaharaSupplierRecord[]> {
    return this.call('GET', 'Supplier/After/2000-01-01', undefined, read);
  }

  supplier(id: number): Promise<ZaharaSupplierRecord> {
    return this.call('GET', `Supplier/Get/${seg(id)}`, undefined, read);
  }

  searchSuppliers(term: string): Promise<ZaharaSupplierRecord[]> {
    return this.call('GET', `Supplier/Search/${seg(term)}`, undefined, read);
  }

  /** Not retried on a lost answer: the caller searches by its reference number first. */
  addSupplier(supplier: ZaharaSupplierAdd): Promise<ZaharaSupplierRecord> {
    return this.call('POST', 'Supplier/Add', supplier, { idempotent: false });
  }

  /** Not retried on a lost answer: the caller looks the ExternalId up first. */
  addPurchaseOrder(order: ZaharaPurchaseOrderAdd): Promise<ZaharaPurchaseOrder> {
    return this.call('POST', 'PurchaseOrder/Add', order, { idempotent: false });
  }

  purchaseOrder(documentId: number): Promise<ZaharaPurchaseOrder> {
    return this.call('GET', `PurchaseOrder/Get/${seg(documentId)}`, undefined, read);
  }

  /** Replaces the order's lines (and supplier); sent again as it is when no answer came. */
  updatePurchaseOrder(documentId: number, order: ZaharaPurchaseOrderAdd): Promise<ZaharaPurchaseOrder> {
    return this.call(
      'PUT',
      `PurchaseOrder/Update/${seg(documentId)}`,
      { ...order, DocumentId: documentId },
      read,
    );
  }

  purchaseOrdersByExternalId(externalId: string): Promise<ZaharaPurchaseOrder[]> {
    return this.call('GET', `PurchaseOrder/GetByExternalId/${seg(externalId)}`, undefined, read);
  }

  projects(): Promise<ZaharaProject[]> {
    return this.call('GET', 'Project/GetAll', undefined, read);
  }

  /** Not retried on a lost answer: the caller finds it by its ProjectCode first. */
  addProject(project: ZaharaProjectWrite): Promise<ZaharaProject> {
    return this.call('POST', 'Project/Add', project, { idempotent: false });
  }

  updateProject(id: number, project: Partial<ZaharaProjectWrite>): Promise<ZaharaProject> {
    return this.call('PUT', `Project/Update/${seg(id)}`, project, read);
  }
}
