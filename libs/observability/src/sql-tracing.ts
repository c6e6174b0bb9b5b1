import { SpanKind, trace } from '@opentelemetry/api';
import { endSpan, startSpan, tracingEnabled } from './tracing';

const MAX_STATEMENT_CHARS = 2000;

/** The statement with every quoted literal replaced by '?': parameters inlined as literals (readAsTenant) stay out of traces. */
export function sanitizeStatement(text: string): string {
  const masked = text.replace(/'(?:[^']|'')*'/g, "'?'");
  return masked.length > MAX_STATEMENT_CHARS ? `${masked.slice(0, MAX_STATEMENT_CHARS)}…` : masked;
}

/** 'SELECT', 'INSERT', … of the statement a message ends with (those before it set the tenant). */
function operationOf(masked: string): string {
  const last = masked.slice(masked.lastIndexOf(';', masked.trimEnd().length - 2) + 1).trimStart();
  const word = /^[A-Za-z]+/.exec(last)?.[0];
  return word ? word.toUpperCase() : 'QUERY';
}

type Queryable = { query: (...args: unknown[]) => unknown };

const traced = new WeakSet<object>();

/**
 * Makes each query on this pg client a child span of the span active when it is sent
 * ('pg SELECT', …, with the statement, literals masked, as db.query.text). Queries sent
 * outside any trace (the outbox relay's polling) make no span. Call it for every new
 * connection (the pool's 'connect' event); while tracing is off it costs one check per query.
 */
export function traceQueries(client: Queryable, attributes: Record<string, string> = {}): void {
  if (traced.has(client)) return;
  traced.add(client);
  const query = client.query;
  client.query = function tracedQuery(this: unknown, ...args: unknown[]) {
    if (!tracingEnabled() || typeof args[args.length - 1] === 'function' || !trace.getActiveSpan())
      return query.apply(this, args);
    const config = args[0] as string | { text?: unknown } | undefined;
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text !== 'string') return query.apply(this, args);
    const statement = sanitizeStatement(text);
    const span = startSpan('@planted/db', `pg ${operationOf(statement)}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.query.text': statement, ...attributes },
    });
    let result: unknown;
    try {
      result = query.apply(this, args);
    } catch (err) {
      endSpan(span, err);
      throw err;
    }
    if (result && typeof (result as PromiseLike<unknown>).then === 'function')
      (result as PromiseLike<unknown>).then(
        () => endSpan(span),
        (err: unknown) => endSpan(span, err),
      );
    else endSpan(span);
    return result;
  };
}
