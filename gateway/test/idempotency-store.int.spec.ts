import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { IDEMPOTENCY, ServiceError } from '@planted/contracts';
import { uniqueName } from '@planted/testing';
import { IdempotencyStore } from '../src/idempotency/idempotency-store';

// A key stays in flight while its request runs, however long, and is let go within seconds
// when the gateway holding it dies (design.md, Contracts: a retry with the key is safe).
describe('IdempotencyStore in-flight holds, against real Redis', () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redis = new Redis(url);
  afterAll(() => redis.quit());

  const TTL_MS = 600;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const secret = randomBytes(32);
  const fingerprint = new IdempotencyStore(redis, 'unused:', secret).fingerprint('POST', '/api/hires', {
    a: 1,
  });
  const store = (client: Redis = redis, prefix = `${uniqueName('idem')}:`, key: Uint8Array = secret) =>
    new IdempotencyStore(client, prefix, key, { inFlightTtlMs: TTL_MS });
  const codeOf = (err: unknown) => (err instanceof ServiceError ? `${err.code}: ${err.message}` : err);

  it('keeps a running request’s key in flight past its time to live, and answers its result after', async () => {
    const s = store();
    const first = await s.begin('user:u1', 'key-1', fingerprint);
    expect(first.kind).toBe('new');
    await sleep(TTL_MS * 3);
    await expect(s.begin('user:u1', 'key-1', fingerprint).catch(codeOf)).resolves.toBe(
      `CONFLICT: ${IDEMPOTENCY.IN_FLIGHT}`,
    );
    if (first.kind !== 'new') throw new Error('unreachable');
    await first.hold.finish(201, { id: 'h1' });
    await sleep(TTL_MS * 2);
    expect(await s.begin('user:u1', 'key-1', fingerprint)).toEqual({
      kind: 'replay',
      answer: { status: 201, body: { id: 'h1' } },
    });
  });

  it('lets the key go soon after the gateway holding it dies, so the client’s retry runs', async () => {
    const dying = new Redis(url);
    const prefix = `${uniqueName('idem')}:`;
    const held = await store(dying, prefix).begin('user:u2', 'key-2', fingerprint);
    expect(held.kind).toBe('new');
    // The gateway's process ends: its connection goes, and nothing renews the hold.
    dying.disconnect();
    const other = store(redis, prefix);
    await expect(other.begin('user:u2', 'key-2', fingerprint).catch(codeOf)).resolves.toBe(
      `CONFLICT: ${IDEMPOTENCY.IN_FLIGHT}`,
    );
    await sleep(TTL_MS + 200);
    const retry = await other.begin('user:u2', 'key-2', fingerprint);
    expect(retry.kind).toBe('new');
    if (retry.kind === 'new') await retry.hold.finish(201, { id: 'h2' });
  });

  it('does not renew a hold once its request finished, nor one another request took over', async () => {
    const s = store();
    const first = await s.begin('user:u3', 'key-3', fingerprint);
    if (first.kind !== 'new') throw new Error('expected a new hold');
    // A 5xx lets the key go at once: the retry really runs, and the first hold's timer is gone.
    await first.hold.finish(503, { error: 'later' });
    const second = await s.begin('user:u3', 'key-3', fingerprint);
    expect(second.kind).toBe('new');
    if (second.kind === 'new') await second.hold.finish(201, { id: 'h3' });
    expect(await s.begin('user:u3', 'key-3', fingerprint)).toMatchObject({ kind: 'replay' });
  });

  it('keeps in Redis neither the answer nor what the request held, and answers them again (audit AJ-1)', async () => {
    const prefix = `${uniqueName('idem')}:`;
    const s = store(redis, prefix);
    const token = 'eyJhbGciOiJFZERTQSJ9.session-token-of-the-new-admin';
    const print = s.fingerprint('POST', '/api/auth/register', { email: 'a@b.test', password: 'hunter22' });
    const first = await s.begin('route:register', 'key-4', print);
    if (first.kind !== 'new') throw new Error('expected a new hold');
    await first.hold.finish(201, { token, user: { email: 'a@b.test' } });
    const raw = (await redis.get(s.redisKey('route:register', 'key-4')))!;
    expect(raw).not.toContain('session-token');
    expect(raw).not.toContain('a@b.test');
    expect(Object.keys(JSON.parse(raw) as object).sort()).toEqual(['fingerprint', 'sealed', 'status']);
    // Neither the client's key nor a plain digest of the body: an HMAC under the gateway's secret.
    expect((await redis.keys(`${prefix}*`)).join()).not.toContain('key-4');
    expect(store(redis, prefix, randomBytes(32)).fingerprint('POST', '/api/auth/register', {})).not.toBe(
      s.fingerprint('POST', '/api/auth/register', {}),
    );
    expect(await s.begin('route:register', 'key-4', print)).toEqual({
      kind: 'replay',
      answer: { status: 201, body: { token, user: { email: 'a@b.test' } } },
    });
  });

  it('drops an answer that does not open (moved under another key, or sealed by a key since changed) and runs the request again', async () => {
    const prefix = `${uniqueName('idem')}:`;
    const s = store(redis, prefix);
    const first = await s.begin('user:u5', 'key-5', fingerprint);
    if (first.kind !== 'new') throw new Error('expected a new hold');
    await first.hold.finish(201, { id: 'h5' });
    // Copied under another user's key by whoever can write to Redis: it does not open there.
    const raw = (await redis.get(s.redisKey('user:u5', 'key-5')))!;
    await redis.set(s.redisKey('user:u6', 'key-5'), raw, 'EX', 60);
    expect((await s.begin('user:u6', 'key-5', fingerprint)).kind).toBe('new');
    // The gateway's key changed: the answer kept under the old one is not given.
    const rotated = store(redis, prefix, randomBytes(32));
    const print = rotated.fingerprint('POST', '/api/hires', { a: 1 });
    await redis.set(
      rotated.redisKey('user:u5', 'key-5'),
      JSON.stringify({ ...(JSON.parse(raw) as object), fingerprint: print }),
      'EX',
      60,
    );
    expect((await rotated.begin('user:u5', 'key-5', print)).kind).toBe('new');
  });

  it('deletes at start the answers an earlier version kept in clear, and nothing else (audit AL-1)', async () => {
    const prefix = `${uniqueName('idem')}:`;
    const s = store(redis, prefix);
    const clear = `${prefix}idem:route:register:0123abcd`;
    await redis.set(
      clear,
      JSON.stringify({ fingerprint: 'f', status: 201, body: { token: 'eyJ.x.y' } }),
      'EX',
      60,
    );
    const inFlight = `${prefix}idem:user:u7:4567cdef`;
    await redis.set(inFlight, JSON.stringify({ fingerprint: 'f', holder: 'h' }), 'EX', 60);
    const first = await s.begin('user:u7', 'key-7', fingerprint);
    if (first.kind !== 'new') throw new Error('expected a new hold');
    await first.hold.finish(201, { id: 'h7' });
    await redis.set(`${prefix}other:key`, JSON.stringify({ status: 1 }), 'EX', 60);

    expect(await s.dropUnsealed()).toBe(1);
    expect(await redis.get(clear)).toBeNull();
    expect(await redis.get(inFlight)).not.toBeNull();
    expect(await redis.get(`${prefix}other:key`)).not.toBeNull();
    expect(await s.begin('user:u7', 'key-7', fingerprint)).toMatchObject({ kind: 'replay' });
    expect(await s.dropUnsealed()).toBe(0);
  });
});
