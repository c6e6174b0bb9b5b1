import { request } from 'node:http';
import { request as requestTls } from 'node:https';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';

const EXPORT_TIMEOUT_MS = 10_000;

/**
 * Sends spans to an OTLP/HTTP collector as JSON (POST <endpoint>/v1/traces), with
 * OpenTelemetry's own serializer. OpenTelemetry's exporter package does the same, but loads
 * node:http through a dynamic import(), which Jest's module sandbox refuses: the traces a
 * test asserts on would never leave.
 */
export class OtlpJsonExporter implements SpanExporter {
  private readonly url: URL;
  private readonly pending = new Set<Promise<void>>();

  constructor(tracesUrl: string) {
    this.url = new URL(tracesUrl);
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    const body = JsonTraceSerializer.serializeRequest(spans);
    if (!body) return done({ code: ExportResultCode.FAILED, error: new Error('spans not serializable') });
    const sending = this.post(body).then(
      () => done({ code: ExportResultCode.SUCCESS }),
      (error: Error) => done({ code: ExportResultCode.FAILED, error }),
    );
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.pending);
  }

  shutdown(): Promise<void> {
    return this.forceFlush();
  }

  private post(body: Uint8Array): Promise<void> {
    const send = this.url.protocol === 'https:' ? requestTls : request;
    return new Promise((resolve, reject) => {
      const req = send(
        this.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.byteLength },
          timeout: EXPORT_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            (res.statusCode ?? 0) < 300
              ? resolve()
              : reject(new Error(`OTLP collector answered ${res.statusCode} at ${this.url.href}`)),
          );
        },
      );
      req.on('timeout', () =>
        req.destroy(new Error(`OTLP collector did not answer within ${EXPORT_TIMEOUT_MS} ms`)),
      );
      req.on('error', reject);
      req.end(body);
    });
  }
}
