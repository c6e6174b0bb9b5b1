import { z } from 'zod';
import { defineRequest, IDEMPOTENCY, ServiceError } from '@planted/contracts';
import { createLogger } from '@planted/logging';
import { OutcomeUnknownError } from '@planted/messaging';
import { toErrorAnswer } from '../errors/http-exception.filter';
import { route } from '../routes/route-kit';
import { idempotencyKeyOf } from './idempotency-key';
import { isKept } from './idempotency-store';

const logger = createLogger('test', { level: 'silent' });

const ThingCreate = defineRequest('test.thing.create.v1', z.object({ name: z.string() }), z.object({}), {
  caller: 'user',
});
const declare = (method: 'POST' | 'PUT', extra: { status?: 200 | 201; idempotent?: boolean } = {}) =>
  route(ThingCreate, {
    method,
    path: '/api/things',
    operationId: 'thing',
    summary: 'A thing',
    tag: 'customers',
    access: 'public',
    ...extra,
  });

describe('Idempotency-Key on creating routes (design.md, Contracts)', () => {
  it('is on by default for a POST answering 201, and a declaration may say otherwise', () => {
    expect(declare('POST').idempotent).toBe(true);
    expect(declare('POST', { status: 200 }).idempotent).toBe(false);
    expect(declare('PUT').idempotent).toBe(false);
    expect(declare('POST', { idempotent: false }).idempotent).toBe(false);
    expect(declare('PUT', { idempotent: true }).idempotent).toBe(true);
  });

  it('takes 1 to 255 printable ASCII characters, and refuses anything else with a 400 that says so', () => {
    expect(idempotencyKeyOf({})).toBeUndefined();
    expect(idempotencyKeyOf({ 'idempotency-key': 'a' })).toBe('a');
    expect(idempotencyKeyOf({ 'idempotency-key': '~'.repeat(255) })).toBe('~'.repeat(255));
    for (const bad of ['', 'x'.repeat(256), 'tab\there', 'caf\u00e9', 'new\nline']) {
      let thrown: unknown;
      try {
        idempotencyKeyOf({ 'idempotency-key': bad });
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(ServiceError);
      expect(toErrorAnswer(thrown, 'r1', logger)).toMatchObject({
        status: 400,
        body: { error: IDEMPOTENCY.KEY_INVALID },
      });
    }
  });

  it('keeps answers that are the truth (2xx, 4xx) but not 429 nor 5xx, so a retry really retries', () => {
    expect([201, 200, 400, 403, 409].every(isKept)).toBe(true);
    expect([429, 500, 503].some(isKept)).toBe(false);
  });

  it('answers a lost reply with "outcome unknown, retry with the key", and a refused request as before', () => {
    expect(
      toErrorAnswer(new OutcomeUnknownError('identity.auth.register.v1 timed out'), 'r2', logger),
    ).toEqual({
      status: 503,
      body: { error: IDEMPOTENCY.OUTCOME_UNKNOWN, requestId: 'r2' },
    });
    expect(toErrorAnswer(new ServiceError('UNAVAILABLE', 'No service answers x'), 'r3', logger)).toEqual({
      status: 503,
      body: { error: 'Service temporarily unavailable. Please try again shortly.', requestId: 'r3' },
    });
  });
});
