import { AsyncLocalStorage } from 'node:async_hooks';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type ContextManager,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { OtlpJsonExporter } from './otlp-json-exporter';

export { SpanKind, type Span } from '@opentelemetry/api';

/** The W3C Trace Context header, on HTTP and on NATS messages (requests and JetStream events). */
export const TRACEPARENT_HEADER = 'traceparent';
export const TRACESTATE_HEADER = 'tracestate';

/**
 * OpenTelemetry's context held in an AsyncLocalStorage of our own, so that a framework hook
 * that cannot wrap the rest of the request in a callback (Fastify's onRequest) can still
 * enter a span's context for it (`enterSpan`), as logging's enterRequestContext does.
 */
class LocalContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();

  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.storage.run(ctx, () => fn.apply(thisArg, args));
  }

  bind<T>(ctx: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const storage = this.storage;
    return function (this: unknown, ...args: unknown[]) {
      return storage.run(ctx, () => (target as (...a: unknown[]) => unknown).apply(this, args));
    } as T;
  }

  enter(ctx: Context): void {
    this.storage.enterWith(ctx);
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.storage.disable();
    return this;
  }
}

interface TracingState {
  provider: TracerProvider;
  contexts: LocalContextManager;
  endpoint: string;
}

/** Set while tracing runs; every helper below does nothing (one property read) without it. */
let state: TracingState | undefined;

export interface TracingOptions {
  /** service.name of the spans' resource (OTEL_SERVICE_NAME wins when set). */
  serviceName: string;
  /** OTLP/HTTP base URL; spans go to <endpoint>/v1/traces as JSON. Unset: no tracing at all. */
  endpoint?: string;
  /** Longest wait before a finished span is sent (ms). Default 1000. */
  exportDelayMs?: number;
  /**
   * The share of new traces kept, 0 to 1 (OTEL_TRACES_SAMPLER_ARG; default 1, every one).
   * Decided where a trace starts (the gateway): a span continuing a remote parent follows
   * the parent's sampled flag, so a trace is kept or dropped whole across the services.
   */
  sampleRatio?: number;
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured
 * (OTEL_EXPORTER_OTLP_ENDPOINT), else leaves it off: spans are then never made, and the
 * hooks in the gateway, the bus, the service kit and the database cost a property read.
 * Once per process: a second call (another service started in the same test process)
 * shares the first one's exporter. Returns whether tracing is on.
 */
export function startTracing(options: TracingOptions): boolean {
  const endpoint = options.endpoint?.trim();
  if (state || !endpoint) return state !== undefined;
  const exporter = new OtlpJsonExporter(`${endpoint.replace(/\/+$/, '')}/v1/traces`);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': process.env.OTEL_SERVICE_NAME || options.serviceName,
    }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio ?? 1) }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter, scheduledDelayMillis: options.exportDelayMs ?? 1000 }),
    ],
  });
  const contexts = new LocalContextManager();
  context.setGlobalContextManager(contexts);
  trace.setGlobalTracerProvider(provider);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  state = { provider, contexts, endpoint };
  return true;
}

export function tracingEnabled(): boolean {
  return state !== undefined;
}

/** Sends every finished span now (at shutdown, and in tests). */
export async function flushTracing(): Promise<void> {
  await state?.provider.forceFlush();
}

/** Flushes and turns tracing off for the process (tests; a process that exits needs only flushTracing). */
export async function stopTracing(): Promise<void> {
  const current = state;
  if (!current) return;
  state = undefined;
  await current.provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent: a remote traceparent header, or a context; default the active context. */
  parent?: string | Context;
  links?: Link[];
}

/**
 * Starts a span (not yet active: see runInSpan / enterSpan), or answers undefined when
 * tracing is off. `scope` is the instrumentation scope: the deployable ('gateway',
 * 'identity', …) or the library ('@planted/db').
 */
export function startSpan(scope: string, name: string, options: SpanOptions = {}): Span | undefined {
  if (!state) return undefined;
  const parent =
    typeof options.parent === 'string'
      ? remoteContext(options.parent)
      : (options.parent ?? state.contexts.active());
  return trace
    .getTracer(scope)
    .startSpan(
      name,
      { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links },
      parent,
    );
}

/** The context a traceparent (and tracestate) header describes; the root context for none or a malformed one. */
export function remoteContext(traceparent: string | undefined, tracestate?: string): Context {
  if (!traceparent) return ROOT_CONTEXT;
  const carrier: Record<string, string> = { [TRACEPARENT_HEADER]: traceparent };
  if (tracestate) carrier[TRACESTATE_HEADER] = tracestate;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** A link to the span a traceparent names (an event's consumer to the request that produced it). */
export function linkTo(traceparent: string | undefined): Link[] | undefined {
  if (!state || !traceparent) return undefined;
  const spanContext = trace.getSpanContext(remoteContext(traceparent));
  return spanContext ? [{ context: spanContext }] : undefined;
}

/** Runs fn with span as the active span (fn alone when there is none). */
export function runInSpan<T>(span: Span | undefined, fn: () => T): T {
  if (!span || !state) return fn();
  return state.contexts.with(trace.setSpan(state.contexts.active(), span), fn);
}

/** Makes span the active span for the rest of the current asynchronous flow (Fastify's onRequest). */
export function enterSpan(span: Span | undefined): void {
  if (!span || !state) return;
  state.contexts.enter(trace.setSpan(state.contexts.active(), span));
}

/**
 * Ends a span; with an error, marks it failed. `error` is an Error, a {code, message}
 * body, or a string (an error code).
 */
export function endSpan(span: Span | undefined, error?: unknown, attributes?: Attributes): void {
  if (!span) return;
  if (attributes) span.setAttributes(attributes);
  if (error !== undefined) {
    const code =
      typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : undefined;
    const message =
      typeof error === 'string'
        ? error
        : typeof (error as { message?: unknown })?.message === 'string'
          ? (error as { message: string }).message
          : undefined;
    if (code) span.setAttribute('error.type', code);
    if (error instanceof Error) span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message });
  }
  span.end();
}

/** Runs fn (sync or async) in a new child span of the active one, ended when fn settles. */
export function withSpan<T>(
  scope: string,
  name: string,
  options: SpanOptions,
  fn: () => Promise<T>,
): Promise<T> {
  const span = startSpan(scope, name, options);
  if (!span) return fn();
  return runInSpan(span, fn).then(
    (value) => {
      endSpan(span);
      return value;
    },
    (err: unknown) => {
      endSpan(span, err);
      throw err;
    },
  );
}

/**
 * The traceparent header of the active span (or of `span`), to send on a NATS message;
 * undefined when tracing is off or nothing is being traced.
 */
export function currentTraceparent(span?: Span): string | undefined {
  if (!state) return undefined;
  const spanContext = span ? span.spanContext() : trace.getSpanContext(state.contexts.active());
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  const flags = (spanContext.traceFlags & 0xff).toString(16).padStart(2, '0');
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/** trace_id and span_id of the active span, for log lines; undefined when there is none. */
export function currentTraceIds(): { trace_id: string; span_id: string } | undefined {
  if (!state) return undefined;
  const spanContext = trace.getSpanContext(state.contexts.active());
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}
