import type { CreatableResource } from './router';

/** Which calls a failure applies to: one API key's, or every key's when none is named. */
export interface FailureScope {
  key?: string;
}

export interface ServerErrorsFailure extends FailureScope {
  /** How many calls in a row fail; 1 when not given. */
  times?: number;
  /** 500 when not given; 502, 503 or 504 to look like a proxy in front of Zahara. */
  status?: number;
}

export interface SlowFailure extends FailureScope {
  /** How long each answer is held back, after the work is done. */
  delayMs: number;
  /** How many calls are slow; every call until cleared when not given. */
  times?: number;
}

export interface DropAfterCreateFailure extends FailureScope {
  /** Whose `Add` is cut off; PurchaseOrder when not given. */
  resource?: CreatableResource;
  /** How many such `Add` calls are cut off; 1 when not given. */
  times?: number;
}

/** The failures switched on now, as `GET /_sim` shows them. */
export type ActiveFailure =
  | ({ kind: 'unauthorized' } & FailureScope)
  | { kind: 'server-errors'; key?: string; remaining: number; status: number }
  | { kind: 'slow'; key?: string; delayMs: number; remaining: number | null }
  | { kind: 'drop-after-create'; key?: string; resource: CreatableResource; remaining: number };

/**
 * The switchable failures. Each applies to the calls of its key (or all), in the order the
 * pipeline meets them: unauthorized, then (after the rate limit) server errors, then the
 * call is handled, then slow, then drop-after-create.
 */
export interface ZaharaFailures {
  /** Every call answers 401, as when the key was revoked in Zahara, until cleared. */
  unauthorized(scope?: FailureScope): void;
  /** The next calls answer 500 (or `status`) without doing anything. */
  serverErrors(options?: ServerErrorsFailure): void;
  /** Answers come late; the call's work is already done when the client gives up waiting. */
  slow(options: SlowFailure): void;
  /**
   * The next `Add` of the resource creates the record and then closes the connection
   * without an answer: the client sees a socket hang-up, the record exists.
   */
  dropAfterCreate(options?: DropAfterCreateFailure): void;
  /** Switches every failure off. */
  clear(): void;
  /** What is switched on now. */
  active(): ActiveFailure[];
}

export class FailureSwitchboard implements ZaharaFailures {
  private rules: ActiveFailure[] = [];

  unauthorized(scope: FailureScope = {}): void {
    this.rules.push({ kind: 'unauthorized', key: scope.key });
  }

  serverErrors(options: ServerErrorsFailure = {}): void {
    const status = options.status ?? 500;
    if (status < 500 || status > 599) throw new RangeError('serverErrors: status must be 5xx');
    this.rules.push({
      kind: 'server-errors',
      key: options.key,
      remaining: positive(options.times ?? 1),
      status,
    });
  }

  slow(options: SlowFailure): void {
    if (!(options.delayMs >= 0)) throw new RangeError('slow: delayMs must be 0 or more');
    this.rules.push({
      kind: 'slow',
      key: options.key,
      delayMs: options.delayMs,
      remaining: options.times === undefined ? null : positive(options.times),
    });
  }

  dropAfterCreate(options: DropAfterCreateFailure = {}): void {
    this.rules.push({
      kind: 'drop-after-create',
      key: options.key,
      resource: options.resource ?? 'PurchaseOrder',
      remaining: positive(options.times ?? 1),
    });
  }

  clear(): void {
    this.rules = [];
  }

  active(): ActiveFailure[] {
    return structuredClone(this.rules);
  }

  isUnauthorized(key: string): boolean {
    return this.rules.some((rule) => rule.kind === 'unauthorized' && applies(rule, key));
  }

  /** The status to fail this call with, using up one of the rule's calls. */
  takeServerError(key: string): number | undefined {
    const rule = this.rules.find((r) => r.kind === 'server-errors' && applies(r, key));
    if (rule?.kind !== 'server-errors') return undefined;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.remove(rule);
    return rule.status;
  }

  takeDelay(key: string): number {
    const rule = this.rules.find((r) => r.kind === 'slow' && applies(r, key));
    if (rule?.kind !== 'slow') return 0;
    if (rule.remaining !== null) {
      rule.remaining -= 1;
      if (rule.remaining <= 0) this.remove(rule);
    }
    return rule.delayMs;
  }

  takeDropAfterCreate(key: string, resource: CreatableResource): boolean {
    const rule = this.rules.find(
      (r) => r.kind === 'drop-after-create' && r.resource === resource && applies(r, key),
    );
    if (rule?.kind !== 'drop-after-create') return false;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.remove(rule);
    return true;
  }

  private remove(rule: ActiveFailure): void {
    this.rules = this.rules.filter((r) => r !== rule);
  }
}

function applies(rule: ActiveFailure, key: string): boolean {
  return rule.key === undefined || rule.key === key;
}

function positive(times: number): number {
  if (!Number.isInteger(times) || times < 1) throw new RangeError('times must be a whole number, 1 or more');
  return times;
}
