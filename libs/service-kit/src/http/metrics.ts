import { ERROR_CODES } from '@planted/contracts';
import type { HandlerObserver } from '@planted/messaging';

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/**
 * Counters served on /metrics in the Prometheus text format, fed by the NATS server for
 * every request. The names are the same in every service and the service is a label, so
 * one dashboard query covers them all: planted_requests_total{service="identity",...}.
 */
export class Metrics implements HandlerObserver {
  private readonly handled = new Map<string, number>();
  private active = 0;
  private readonly service: string;

  constructor(service: string) {
    this.service = label(service);
  }

  get inFlight(): number {
    return this.active;
  }

  started(): void {
    this.active++;
  }

  /** outcome: 'ok' or an error code; anything else is counted as INTERNAL. */
  finished(subject: string, outcome: string): void {
    this.active--;
    if (outcome !== 'ok' && !KNOWN_CODES.has(outcome)) outcome = 'INTERNAL';
    const key = `${subject}\u0000${outcome}`;
    this.handled.set(key, (this.handled.get(key) ?? 0) + 1);
  }

  render(): string {
    const lines = [
      '# HELP planted_requests_total Requests handled, by service, subject and outcome (ok or the error code).',
      '# TYPE planted_requests_total counter',
    ];
    for (const [key, value] of [...this.handled.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const [subject, outcome] = key.split('\u0000');
      lines.push(
        `planted_requests_total{service="${this.service}",subject="${label(subject!)}",outcome="${label(outcome!)}"} ${value}`,
      );
    }
    lines.push(
      '# HELP planted_requests_in_flight Requests being handled now, by service.',
      '# TYPE planted_requests_in_flight gauge',
      `planted_requests_in_flight{service="${this.service}"} ${this.active}`,
    );
    return `${lines.join('\n')}\n`;
  }
}

const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
