import { createHmac } from 'node:crypto';
import type { StripeEvent } from './model';

/**
 * Stripe's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`
 * keyed with the endpoint's secret (the whole `whsec_...` string), which is what
 * `stripe.webhooks.constructEvent` checks.
 */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Whether an endpoint's enabled_events take this event type (`*` takes all). */
export function eventEnabled(enabledEvents: readonly string[], type: string): boolean {
  return enabledEvents.some((pattern) =>
    pattern === '*'
      ? true
      : pattern.endsWith('.*')
        ? type.startsWith(pattern.slice(0, -1))
        : pattern === type,
  );
}

export interface WebhookTarget {
  /** The webhook endpoint's id, or `start` for the webhookUrl given at start. */
  id: string;
  url: string;
  secret: string;
}

/** One attempt at delivering one event to one target, for tests and for the log. */
export interface DeliveryAttempt {
  eventId: string;
  eventType: string;
  target: string;
  url: string;
  attempt: number;
  /** The target's HTTP status, or null when it could not be reached. */
  status: number | null;
  error: string | null;
  ok: boolean;
}

export interface DeliveryOptions {
  /** Waits before each retry of a failed delivery, in milliseconds; one retry per entry. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  log: (attempt: DeliveryAttempt) => void;
}

/**
 * Posts events to their targets as Stripe does: JSON pretty-printed with two spaces, a
 * fresh signature on every attempt, retries with growing waits after a non-2xx answer or
 * a failed connection. First attempts reach each target in the order the events happened;
 * a retry does not hold back later events (Stripe promises no order either).
 */
export class WebhookDispatcher {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly attempts: DeliveryAttempt[] = [];
  private pending = 0;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: DeliveryOptions) {}

  deliver(event: StripeEvent, targets: readonly WebhookTarget[]): void {
    for (const target of targets) {
      this.pending += 1;
      const queue = this.queues.get(target.id) ?? Promise.resolve();
      this.queues.set(
        target.id,
        queue.then(() => this.attempt(event, target, 1)),
      );
    }
  }

  /** Every attempt so far, oldest first. */
  history(): DeliveryAttempt[] {
    return [...this.attempts];
  }

  /** Resolves once no delivery is under way or waiting for a retry. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending = 0;
    this.settle();
  }

  private async attempt(event: StripeEvent, target: WebhookTarget, attempt: number): Promise<void> {
    if (this.closed) return;
    const payload = JSON.stringify(event, null, 2);
    // The signature's time is the wall clock's even when the local clock was moved on:
    // constructEvent refuses signatures older than five minutes by the receiver's clock.
    const header = signatureHeader(payload, target.secret, Math.floor(Date.now() / 1000));
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error =
        err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    }
    if (this.closed) return;
    const ok = status !== null && status >= 200 && status < 300;
    const record: DeliveryAttempt = {
      eventId: event.id,
      eventType: event.type,
      target: target.id,
      url: target.url,
      attempt,
      status,
      error,
      ok,
    };
    this.attempts.push(record);
    this.options.log(record);
    const delay = this.options.retryDelaysMs[attempt - 1];
    if (ok || delay === undefined) {
      this.done();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, target, attempt + 1);
    }, delay);
    this.timers.add(timer);
  }

  private done(): void {
    this.pending -= 1;
    this.settle();
  }

  private settle(): void {
    if (this.pending > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
