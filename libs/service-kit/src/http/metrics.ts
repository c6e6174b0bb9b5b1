import { ERROR_CODES } from '@planted/contracts';
import type { HandlerObserver, RequestObserver } from '@planted/messaging';
import { Metrics as DeployableMetrics } from '@planted/observability';

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** outcome: 'ok' or an error code; anything else is counted as INTERNAL (a bounded label). */
const outcomeLabel = (outcome: string) =>
  outcome === 'ok' || KNOWN_CODES.has(outcome) ? outcome : 'INTERNAL';

/**
 * A service's Prometheus metrics (see @planted/observability's Metrics for every family),
 * served on /metrics, fed by the NATS server for every request handled, by the typed
 * client for every request sent, by the consumers, the pool and the outbox. The service
 * is a label: nats_requests_total{service="identity",subject=...,outcome=...}.
 */
export class Metrics extends DeployableMetrics implements HandlerObserver, RequestObserver {
  override finished(subject: string, outcome: string, ms?: number): void {
    super.finished(subject, outcomeLabel(outcome), ms);
  }

  override requested(subject: string, outcome: string, ms: number): void {
    super.requested(subject, outcomeLabel(outcome), ms);
  }
}
