import { collectDefaultMetrics, Gauge, Registry, type Metric } from 'prom-client';

/** Seconds: 1 ms to 10 s, enough resolution around the few milliseconds most requests take. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What /metrics reads of a pg Pool (its own counters). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const NO_POOL: PoolStats = { totalCount: 0, idleCount: 0, waitingCount: 0 };

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
 *   outbox_pending, outbox_lag_seconds               events not yet published, age of the oldest (with an outbox)
 *   db_pool_total, db_pool_idle, db_pool_waiting     PostgreSQL connections open, idle, and callers waiting for one
 *                                                    (with a database: the gateway has neither family)
 *
 * The per-request families are kept here (a map lookup and an increment per request) and
 * handed to prom-client's registry only when scraped: prom-client's own counters validate
 * and hash their labels on every increment, which cost a few percent of a busy gateway.
 */
type MetricValue = { value: number; labels: Record<string, string>; metricName?: string };

/** A counter family whose series are found by one string key (the label values joined). */
class FastCounter {
  private readonly series = new Map<string, { labels: Record<string, string>; value: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
  ) {}

  inc(key: string, labelValues: () => string[]): void {
    let series = this.series.get(key);
    if (!series)
      this.series.set(key, (series = { labels: labelsOf(this.labelNames, labelValues()), value: 0 }));
    series.value++;
  }

  get() {
    const values: MetricValue[] = [];
    for (const { labels, value } of this.series.values()) values.push({ labels, value });
    return { name: this.name, help: this.help, type: 'counter', values, aggregator: 'sum' };
  }

  reset(): void {
    this.series.clear();
  }
}

/** A histogram family (seconds) kept the same way; buckets are counted apart and summed when scraped. */
class FastHistogram {
  private readonly series = new Map<
    string,
    { labels: Record<string, string>; counts: number[]; sum: number; count: number }
  >();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    private readonly bounds: readonly number[] = LATENCY_BUCKETS,
  ) {}

  observe(key: string, labelValues: () => string[], seconds: number): void {
    let series = this.series.get(key);
    if (!series)
      this.series.set(
        key,
        (series = {
          labels: labelsOf(this.labelNames, labelValues()),
          counts: new Array<number>(this.bounds.length).fill(0),
          sum: 0,
          count: 0,
        }),
      );
    series.sum += seconds;
    series.count++;
    const { bounds } = this;
    for (let i = 0; i < bounds.length; i++)
      if (seconds <= bounds[i]!) {
        series.counts[i]!++;
        break;
      }
  }

  get() {
    const values: MetricValue[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += counts[i]!;
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { le: String(bound), ...labels },
          value: cumulative,
        });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }

  reset(): void {
    this.series.clear();
  }
}

function labelsOf(names: readonly string[], values: string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  names.forEach((name, i) => (labels[name] = values[i]!));
  return labels;
}

export class Metrics {
  readonly registry = new Registry();
  private active = 0;
  private readonly handledTotal = new FastCounter(
    'nats_requests_total',
    'NATS requests handled, by subject and outcome (ok or the error code).',
    ['subject', 'outcome'],
  );
  private readonly handledSeconds = new FastHistogram(
    'nats_request_duration_seconds',
    'Time to handle a NATS request, by subject.',
    ['subject'],
  );
  private readonly clientTotal = new FastCounter(
    'nats_client_requests_total',
    'NATS requests sent, by subject and outcome (ok or the error code).',
    ['subject', 'outcome'],
  );
  private readonly clientSeconds = new FastHistogram(
    'nats_client_request_duration_seconds',
    'Time from sending a NATS request to its answer, by subject.',
    ['subject'],
  );
  private readonly httpTotal = new FastCounter(
    'http_requests_total',
    'HTTP requests answered, by method, route and status.',
    ['method', 'route', 'status'],
  );
  private readonly httpSeconds = new FastHistogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by method and route.',
    ['method', 'route'],
  );
  private readonly redeliveries = new FastCounter(
    'consumer_redeliveries_total',
    'JetStream events delivered to a consumer again (not acknowledged in time, or failed before).',
    ['consumer', 'subject'],
  );
  private readonly pools: (() => PoolStats | undefined)[] = [];
  private outbox: (() => Promise<OutboxBacklog>) | undefined;

  constructor(
    readonly service: string,
    options: MetricsOptions = {},
  ) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ service });
    const register = (metric: FastCounter | FastHistogram) =>
      this.registry.registerMetric(metric as unknown as Metric);
    register(this.handledTotal);
    register(this.handledSeconds);
    const inFlight = () => this.active;
    new Gauge({
      name: 'nats_requests_in_flight',
      help: 'NATS requests being handled now.',
      registers,
      collect() {
        this.set(inFlight());
      },
    });
    register(this.clientTotal);
    register(this.clientSeconds);
    register(this.httpTotal);
    register(this.httpSeconds);
    register(this.redeliveries);
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
    this.handledTotal.inc(`${subject}\u0000${outcome}`, () => [subject, outcome]);
    if (ms !== undefined) this.handledSeconds.observe(subject, () => [subject], ms / 1000);
  }

  /** A NATS request this process sent was answered (or failed: outcome is then the error code). */
  requested(subject: string, outcome: string, ms: number): void {
    this.clientTotal.inc(`${subject}\u0000${outcome}`, () => [subject, outcome]);
    this.clientSeconds.observe(subject, () => [subject], ms / 1000);
  }

  /** An HTTP request was answered; route is the route's pattern (not the path: ids would make a series each). */
  httpRequest(method: string, route: string, status: number, ms: number): void {
    const key = `${method} ${route}`;
    this.httpTotal.inc(`${key} ${status}`, () => [method, route, String(status)]);
    this.httpSeconds.observe(key, () => [method, route], ms / 1000);
  }

  /** A consumer was handed an event it had been handed before. */
  redelivered(consumer: string, subject: string): void {
    this.redeliveries.inc(`${consumer}\u0000${subject}`, () => [consumer, subject]);
  }

  /**
   * db_pool_* read a pool's counters with `read` at each scrape (summed over every pool
   * watched; undefined, a pool not open yet, counts nothing). They exist from the first pool
   * on: a process without one (the gateway) has none.
   */
  watchPool(read: () => PoolStats | undefined): void {
    if (this.pools.length === 0) this.registerPoolGauges();
    this.pools.push(read);
  }

  /** outbox_* read the backlog with `read` at each scrape; they exist from the first call on. */
  watchOutbox(read: () => Promise<OutboxBacklog>): void {
    if (!this.outbox) this.registerOutboxGauges();
    this.outbox = read;
  }

  private registerPoolGauges(): void {
    const pools = this.pools;
    const poolGauge = (name: string, help: string, read: (pool: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(pools.reduce((sum, pool) => sum + read(pool() ?? NO_POOL), 0));
        },
      });
    poolGauge('db_pool_total', 'PostgreSQL connections open in the pool.', (p) => p.totalCount);
    poolGauge('db_pool_idle', 'PostgreSQL connections open and idle.', (p) => p.idleCount);
    poolGauge('db_pool_waiting', 'Callers waiting for a PostgreSQL connection.', (p) => p.waitingCount);
  }

  private registerOutboxGauges(): void {
    const backlog = () => this.outbox?.();
    let last: Promise<OutboxBacklog | undefined> | undefined;
    // One outbox query per scrape, shared by both gauges (read by the first, reused by the second).
    const readBacklog = (first: boolean) => {
      if (first || !last) last = Promise.resolve(backlog()).catch(() => undefined);
      return last;
    };
    const outboxGauge = (name: string, help: string, first: boolean, read: (b: OutboxBacklog) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          const value = await readBacklog(first);
          if (value) this.set(read(value));
        },
      });
    outboxGauge(
      'outbox_pending',
      'Events written to the outbox and not yet published to JetStream.',
      true,
      (b) => b.pending,
    );
    outboxGauge(
      'outbox_lag_seconds',
      'Age of the oldest event not yet published (0 when none is waiting).',
      false,
      (b) => b.oldestSeconds,
    );
  }

  /** The Prometheus text exposition of every metric. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
