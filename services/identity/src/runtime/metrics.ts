import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { ServiceError, ERROR_CODES } from '@planted/contracts';
import { catchError, finalize, tap, throwError, type Observable } from 'rxjs';
import { withoutQueryParameters } from '../db/db-errors';

/** Counters served on /metrics in the Prometheus text format. */
export class Metrics {
  private readonly handled = new Map<string, number>();
  private active = 0;

  get inFlight(): number {
    return this.active;
  }

  started(): void {
    this.active++;
  }

  finished(subject: string, outcome: string): void {
    this.active--;
    const key = `${subject}\u0000${outcome}`;
    this.handled.set(key, (this.handled.get(key) ?? 0) + 1);
  }

  render(): string {
    const lines = [
      '# HELP identity_requests_total Requests handled, by subject and outcome (ok or the error code).',
      '# TYPE identity_requests_total counter',
    ];
    for (const [key, value] of [...this.handled.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const [subject, outcome] = key.split('\u0000');
      lines.push(
        `identity_requests_total{subject="${label(subject!)}",outcome="${label(outcome!)}"} ${value}`,
      );
    }
    lines.push(
      '# HELP identity_requests_in_flight Requests being handled now.',
      '# TYPE identity_requests_in_flight gauge',
      `identity_requests_in_flight ${this.active}`,
    );
    return `${lines.join('\n')}\n`;
  }
}

const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/**
 * Counts every request by subject (without the run's prefix) and outcome, and keeps
 * query parameters out of the logged form of database errors.
 */
@Injectable()
export class MetricsInterceptor implements NestInterceptor {
  constructor(
    private readonly metrics: Metrics,
    private readonly subjectPrefix: string,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = context.switchToRpc().getContext<NatsContext>()?.getSubject?.() ?? 'unknown';
    const subject =
      this.subjectPrefix && raw.startsWith(`${this.subjectPrefix}.`)
        ? raw.slice(this.subjectPrefix.length + 1)
        : raw;
    let outcome = 'ok';
    this.metrics.started();
    return next.handle().pipe(
      tap({
        error: (err: unknown) =>
          (outcome = err instanceof ServiceError && KNOWN_CODES.has(err.code) ? err.code : 'INTERNAL'),
      }),
      catchError((err: unknown) => throwError(() => withoutQueryParameters(err))),
      finalize(() => this.metrics.finished(subject, outcome)),
    );
  }
}
