import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: 1 ms to 10 s, enough resolution around the few milliseconds most requests take. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What /metrics reads of a pg Pool (its own counters). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The outbox's rows not yet published, and the age of the oldest of them. */
export interface OutboxBacklog {
  pending: number;
  oldestSeconds: number;
}

export interface MetricsOptions {
  /** Node's process metrics (CPU, memory, event loop lag, GC). Default true. */
  processMetrics?: boolean;
}

/**
 * The Prometheus metrics of one deployable (a service or the gateway), in a registry of its
 * own whose every series carries service="<name>": one dashboard query covers them all, and
 * several deployables can run in one process (tests) without mixing their figures.
 *
 *   nats_requests_total{subject,outcome}             requests this service handled
 *   nats_request_duration_seconds{subject}           and how long they took
 *   nats_requests_in_flight                          being handled now
 *   nats_client_requests_total{subject,outcome}      requests this process sent over NATS
 *   nats_client_request_duration_seconds{subject}    and how long their answers took
 *   http_requests_total{method,route,status}         HTTP requests answered (the gateway)
 *   http_request_duration_seconds{method,route}      and how long they took
 *   consumer_redeliveries_total{consumer,subject}    events delivered again (not acknowledged in time, or failed)
 *   outbox_pending, outbox_lag_seconds               events not yet published, age of the oldest
 *   db_pool_total, db_pool_idle, db_pool_waiting     PostgreSQL connections open, idle, and callers waiting for one
 *
 * The hot-path methods cache each label combination's child, so a request costs a map
 * lookup and an increment, not prom-client's label hashing.
 */
export class Metrics {
  readonly registry = new Registry();
  private active = 0;
  private readonly handledTotal: Counter<'subject' | 'outcome'>;
  private readonly handledSeconds: Histogram<'subject'>;
  private readonly clientTotal: Counter<'subject' | 'outcome'>;
  private readonly clientSeconds: Histogram<'subject'>;
  private readonly httpTotal: Counter<'method' | 'route' | 'status'>;
  private readonly httpSeconds: Histogram<'method' | 'route'>;
  private readonly redeliveries: Counter<'consumer' | 'subject'>;
  private readonly children = new Map<string, { inc(): void } | { observe(v: number): void }>();
  private readonly pools: PoolStats[] = [];
  private outbox: (() => Promise<OutboxBacklog>) | undefined;

  constructor(
    readonly service: string,
    options: MetricsOptions = {},
  ) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ service });
    this.handledTotal = new Counter({
      name: 'nats_requests_total',
      help: 'NATS requests handled, by subject and outcome (ok or the error code).',
      labelNames: ['subject', 'outcome'],
      registers,
    });
    this.handledSeconds = new Histogram({
      name: 'nats_request_duration_seconds',
      help: 'Time to handle a NATS request, by subject.',
      labelNames: ['subject'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const inFlight = () => this.active;
    new Gauge({
      name: 'nats_requests_in_flight',
      help: 'NATS requests being handled now.',
      registers,
      collect() {
        this.set(inFlight());
      },
    });
    this.clientTotal = new Counter({
      name: 'nats_client_requests_total',
      help: 'NATS requests sent, by subject and outcome (ok or the error code).',
      labelNames: ['subject', 'outcome'],
      registers,
    });
    this.clientSeconds = new Histogram({
      name: 'nats_client_request_duration_seconds',
      help: 'Time from sending a NATS request to its answer, by subject.',
      labelNames: ['subject'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.httpTotal = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route.',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.redeliveries = new Counter({
      name: 'consumer_redeliveries_total',
      help: 'JetStream events delivered to a consumer again (not acknowledged in time, or failed before).',
      labelNames: ['consumer', 'subject'],
      registers,
    });
    const pools = this.pools;
    const poolGauge = (name: string, help: string, read: (pool: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          if (pools.length) this.set(pools.reduce((sum, pool) => sum + read(pool), 0));
        },
      });
    poolGauge('db_pool_total', 'PostgreSQL connections open in the pool.', (p) => p.totalCount);
    poolGauge('db_pool_idle', 'PostgreSQL connections open and idle.', (p) => p.idleCount);
    poolGauge('db_pool_waiting', 'Callers waiting for a PostgreSQL connection.', (p) => p.waitingCount);
    const backlog = () => this.outbox?.();
    let last: Promise<OutboxBacklog | undefined> | undefined;
    // One outbox query per scrape, shared by both gauges (read by the first, reused by the second).
    const readBacklog = (first: boolean) => {
      if (first || !last) last = Promise.resolve(backlog()).catch(() => undefined);
      return last;
    };
    new Gauge({
      name: 'outbox_pending',
      help: 'Events written to the outbox and not yet published to JetStream.',
      registers,
      async collect() {
        const value = await readBacklog(true);
        if (value) this.set(value.pending);
      },
    });
    new Gauge({
      name: 'outbox_lag_seconds',
      help: 'Age of the oldest event not yet published (0 when none is waiting).',
      registers,
      async collect() {
        const value = await readBacklog(false);
        if (value) this.set(value.oldestSeconds);
      },
    });
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** Requests being handled now (graceful shutdown waits for none). */
  get inFlight(): number {
    return this.active;
  }

  /** A NATS request has reached a handler. */
  started(): void {
    this.active++;
  }

  /** A NATS request was answered: outcome 'ok' or an error code; ms its handling time. */
  finished(subject: string, outcome: string, ms?: number): void {
    this.active--;
    this.count(this.handledTotal, 'h', subject, outcome);
    if (ms !== undefined) this.time(this.handledSeconds, 'hs', [subject], ms);
  }

  /** A NATS request this process sent was answered (or failed: outcome is then the error code). */
  requested(subject: string, outcome: string, ms: number): void {
    this.count(this.clientTotal, 'c', subject, outcome);
    this.time(this.clientSeconds, 'cs', [subject], ms);
  }

  /** An HTTP request was answered; route is the route's pattern (not the path: ids would make a series each). */
  httpRequest(method: string, route: string, status: number, ms: number): void {
    const key = `r\u0000${method}\u0000${route}\u0000${status}`;
    let child = this.children.get(key) as { inc(): void } | undefined;
    if (!child) this.children.set(key, (child = this.httpTotal.labels(method, route, String(status))));
    child.inc();
    this.time(this.httpSeconds, 'rs', [method, route], ms);
  }

  /** A consumer was handed an event it had been handed before. */
  redelivered(consumer: string, subject: string): void {
    this.count(this.redeliveries, 'd', consumer, subject);
  }

  /** db_pool_* read this pool's counters at each scrape (summed over every pool watched). */
  watchPool(pool: PoolStats): void {
    this.pools.push(pool);
  }

  /** outbox_* read the backlog with `read` at each scrape. */
  watchOutbox(read: () => Promise<OutboxBacklog>): void {
    this.outbox = read;
  }

  /** The Prometheus text exposition of every metric. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private count(counter: Counter<string>, kind: string, a: string, b: string): void {
    const key = `${kind}\u0000${a}\u0000${b}`;
    let child = this.children.get(key) as { inc(): void } | undefined;
    if (!child) this.children.set(key, (child = counter.labels(a, b)));
    child.inc();
  }

  private time(histogram: Histogram<string>, kind: string, labels: string[], ms: number): void {
    const key = `${kind}\u0000${labels.join('\u0000')}`;
    let child = this.children.get(key) as { observe(v: number): void } | undefined;
    if (!child) this.children.set(key, (child = histogram.labels(...labels)));
    child.observe(ms / 1000);
  }
}
