import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { CREATABLE_RESOURCES } from './router';
import type { ZaharaSimulator } from './simulator';

type SendJson = (res: ServerResponse, status: number, body: unknown) => void;

const scope = { key: z.string().min(1).optional() };
const times = z.number().int().min(1).optional();
const schemas = {
  key: z.object({ key: z.string().min(1) }),
  unauthorized: z.object(scope),
  serverErrors: z.object({ ...scope, times, status: z.number().int().min(500).max(599).optional() }),
  slow: z.object({ ...scope, times, delayMs: z.number().int().min(0) }),
  dropAfterCreate: z.object({ ...scope, times, resource: z.enum(CREATABLE_RESOURCES).optional() }),
  orderStatus: z.object({ status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]) }),
  rateLimit: z.object({
    ratePerMinute: z.number().int().min(1),
    windowMs: z.number().int().min(1).optional(),
  }),
};

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8').trim();
  if (!raw) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ControlError(400, 'The body is not valid JSON.');
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new ControlError(
      400,
      result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
    );
  return result.data;
}

function state(sim: ZaharaSimulator) {
  return { url: sim.url, keys: sim.keys, ...sim.settings(), failures: sim.fail.active() };
}

/**
 * The simulator's own JSON endpoints under /_sim (camelCase, unlike Zahara's): switch
 * failures, read the call log, look into a tenant, reset. What the programmatic handle
 * does, for a simulator running in another process (`npm start`).
 */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  segments: string[],
  sim: ZaharaSimulator,
  sendJson: SendJson,
): Promise<void> {
  const method = req.method ?? 'GET';
  const route = `${method} ${segments.filter(Boolean).join('/')}`;
  const query = new URL(req.url ?? '/', 'http://local').searchParams;
  try {
    const body = method === 'POST' || method === 'PUT' ? await readJson(req) : undefined;
    switch (route) {
      case 'GET ':
        return sendJson(res, 200, state(sim));
      case 'POST reset':
        sim.reset();
        return sendJson(res, 200, state(sim));
      case 'POST keys': {
        const { key } = parse(schemas.key, body);
        sim.addKey(key);
        return sendJson(res, 201, { key, businessUnitId: sim.tenant(key)?.businessUnitId });
      }
      case 'GET calls': {
        const path = query.get('path') ?? undefined;
        return sendJson(res, 200, {
          calls: sim.calls({
            key: query.get('key') ?? undefined,
            method: query.get('method') ?? undefined,
            path,
          }),
        });
      }
      case 'DELETE calls':
        sim.clearCalls();
        return sendJson(res, 200, { calls: [] });
      case 'POST fail/unauthorized':
        sim.fail.unauthorized(parse(schemas.unauthorized, body));
        return sendJson(res, 200, state(sim));
      case 'POST fail/server-errors':
        sim.fail.serverErrors(parse(schemas.serverErrors, body));
        return sendJson(res, 200, state(sim));
      case 'POST fail/slow':
        sim.fail.slow(parse(schemas.slow, body));
        return sendJson(res, 200, state(sim));
      case 'POST fail/drop-after-create':
        sim.fail.dropAfterCreate(parse(schemas.dropAfterCreate, body));
        return sendJson(res, 200, state(sim));
      case 'DELETE fail':
        sim.fail.clear();
        return sendJson(res, 200, state(sim));
      case 'PUT rate-limit': {
        const { ratePerMinute, windowMs } = parse(schemas.rateLimit, body);
        sim.setRateLimit(ratePerMinute, windowMs);
        return sendJson(res, 200, state(sim));
      }
    }
    if (method === 'GET' && segments[0] === 'tenants' && segments.length === 2) {
      const snapshot = sim.tenant(segments[1]);
      if (!snapshot) throw new ControlError(404, `No tenant has the key '${segments[1]}'.`);
      return sendJson(res, 200, snapshot);
    }
    // PUT /_sim/tenants/{key}/purchase-orders/{documentId}/status {status}: an approver's decision.
    if (
      method === 'PUT' &&
      segments[0] === 'tenants' &&
      segments[2] === 'purchase-orders' &&
      segments[4] === 'status' &&
      segments.length === 5
    ) {
      const { status } = parse(schemas.orderStatus, body);
      const documentId = Number(segments[3]);
      try {
        sim.setPurchaseOrderStatus(segments[1], documentId, status);
      } catch (err) {
        if (err instanceof RangeError) throw new ControlError(404, err.message);
        throw err;
      }
      return sendJson(res, 200, { documentId, status });
    }
    throw new ControlError(404, `No control endpoint ${method} /_sim/${segments.join('/')}.`);
  } catch (err) {
    if (err instanceof ControlError) return sendJson(res, err.status, { error: err.message });
    if (err instanceof RangeError || err instanceof Error) return sendJson(res, 400, { error: err.message });
    throw err;
  }
}
