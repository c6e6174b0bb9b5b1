import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY } from '@planted/contracts';
import { uniqueName } from '@planted/testing';
import { hashInvitationToken } from '@planted/identity/src/invitations/invitation-token';
import { customers, invitations, users } from '@planted/identity/src/db/schema';
import {
  company,
  email,
  inviteTokenFrom,
  PASSWORD,
  startSystem,
  type Answer,
  type Json,
  type System,
} from './system';

// Issue 8, item 5 (design.md, Contracts): creating routes take an Idempotency-Key; the same
// key and body answers the first result, and when the gateway never heard the service's
// reply the outcome is unknown, and a retry with the key is safe.

const REGISTER = '/api/auth/register';
const ACCEPT = '/api/invitations/accept';

async function post(
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<Json>> {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** A registration whose company name no other test (or run) uses, to count its companies. */
const fresh = (label: string) => company(label, { customerName: `${uniqueName(label)} Ltd` });

const keyed = (key: string) => ({ [IDEMPOTENCY.HEADER]: key });

async function companiesNamed(sys: System, name: string): Promise<number> {
  const rows = await sys.identity.database.withSystem((tx) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.name, name)),
  );
  return rows[0].n;
}

async function userByEmail(sys: System, address: string) {
  const [row] = await sys.identity.database.withSystem((tx) =>
    tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, address.toLowerCase())),
  );
  return row;
}

async function eventually<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Holds an open transaction that makes the service's write wait (a row lock), so the gateway
 * gives up on the reply while the service still carries the request out once released.
 */
async function holding(sys: System, lock: (tx: Json) => Promise<unknown>): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const lockTaken = new Promise<void>((r) => (locked = r));
  const done = sys.identity.database
    .withSystem(async (tx) => {
      await lock(tx);
      locked();
      await released;
      throw new Error('rollback');
    })
    .catch(() => undefined);
  await lockTaken;
  return async () => {
    release();
    await done;
  };
}

describe('creating routes answer once per Idempotency-Key (issue 8, item 5)', () => {
  let sys: System;
  beforeAll(async () => {
    // Short enough that a held row lock outlasts it; long enough for an unhindered registration.
    sys = await startSystem({ NATS_REQUEST_TIMEOUT_MS: '3000' });
  }, 60_000);
  afterAll(() => sys?.close());

  it('the same key and body answers the first answer again, and creates one company', async () => {
    const input = fresh('Replay');
    const key = randomUUID();
    const first = await post(sys.url, REGISTER, input, keyed(key));
    expect(first.status).toBe(201);
    expect(first.headers.get(IDEMPOTENCY.REPLAYED_HEADER)).toBeNull();
    const again = await post(sys.url, REGISTER, input, keyed(key));
    expect(again.status).toBe(201);
    expect(again.headers.get(IDEMPOTENCY.REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await companiesNamed(sys, input.customerName)).toBe(1);
    // Without a key, the same registration is a new request: the email is taken.
    expect((await post(sys.url, REGISTER, input)).status).toBe(409);
  });

  it('the same key with another body is a 409 that says so', async () => {
    const key = randomUUID();
    const input = fresh('Reused');
    expect((await post(sys.url, REGISTER, input, keyed(key))).status).toBe(201);
    const other = await post(sys.url, REGISTER, fresh('Other'), keyed(key));
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: IDEMPOTENCY.KEY_REUSED });
  });

  it('a second request while the first is in flight is a 409 that says so (or the replay)', async () => {
    const input = fresh('Concurrent');
    const key = randomUUID();
    const answers = await Promise.all([
      post(sys.url, REGISTER, input, keyed(key)),
      post(sys.url, REGISTER, input, keyed(key)),
    ]);
    const created = answers.filter((a) => a.status === 201 && !a.headers.get(IDEMPOTENCY.REPLAYED_HEADER));
    expect(created).toHaveLength(1);
    const other = answers.find((a) => a !== created[0])!;
    if (other.status === 409) expect(other.body.error).toBe(IDEMPOTENCY.IN_FLIGHT);
    else expect([other.status, other.headers.get(IDEMPOTENCY.REPLAYED_HEADER)]).toEqual([201, 'true']);
    expect(await companiesNamed(sys, input.customerName)).toBe(1);
  });

  it('refuses a malformed key with a 400 that says what a key is', async () => {
    for (const bad of ['x'.repeat(256), 'tab\there', '']) {
      const answer = await post(sys.url, REGISTER, company('BadKey'), keyed(bad));
      expect([bad.length, answer.status, answer.body.error]).toEqual([
        bad.length,
        400,
        IDEMPOTENCY.KEY_INVALID,
      ]);
    }
  });

  it('a registration whose reply is lost answers "outcome unknown", and its retry answers the company created', async () => {
    const input = fresh('Lost');
    const key = randomUUID();
    // An uncommitted user with the same email makes the service's insert wait on the unique index.
    const release = await holding(sys, async (tx) => {
      const [blocker] = await tx
        .insert(customers)
        .values({ name: 'Blocker Ltd', address: 'Nowhere' })
        .returning();
      await tx.insert(users).values({
        customerId: blocker.id,
        name: 'Blocker',
        email: input.email,
        role: 'admin',
      });
    });
    let lost: Answer<Json>;
    try {
      lost = await post(sys.url, REGISTER, input, keyed(key));
    } finally {
      await release();
    }
    expect(lost.status).toBe(503);
    expect(lost.body.error).toBe(IDEMPOTENCY.OUTCOME_UNKNOWN);
    // The service went on once the lock was gone.
    const created = await eventually(() => userByEmail(sys, input.email));

    const retry = await post(sys.url, REGISTER, input, keyed(key));
    expect(retry.status).toBe(201);
    expect(retry.body.user).toMatchObject({ id: created.id, email: input.email, role: 'admin' });
    expect(retry.body.token).toEqual(expect.any(String));
    expect(await companiesNamed(sys, input.customerName)).toBe(1);
    // And the answer is kept now: a third try is a replay.
    const third = await post(sys.url, REGISTER, input, keyed(key));
    expect(third.headers.get(IDEMPOTENCY.REPLAYED_HEADER)).toBe('true');
  }, 30_000);

  it('an invitation acceptance whose reply is lost is answered on retry, not refused as a used invitation', async () => {
    const admin = await post(sys.url, REGISTER, company('Inviter'));
    expect(admin.status).toBe(201);
    const invitee = email('lostaccept');
    const invited = await fetch(`${sys.url}/api/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.body.token}` },
      body: JSON.stringify({ email: invitee, name: 'Lou Lost', role: 'user' }),
    });
    expect(invited.status).toBe(201);
    const token = inviteTokenFrom(await sys.smtp.waitForMailTo(invitee));
    const accept = { token, name: 'Lou Lost', password: PASSWORD };
    const key = randomUUID();

    const release = await holding(sys, (tx) =>
      tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.tokenHash, hashInvitationToken(token))))
        .for('update'),
    );
    let lost: Answer<Json>;
    try {
      lost = await post(sys.url, ACCEPT, accept, keyed(key));
    } finally {
      await release();
    }
    expect(lost.status).toBe(503);
    expect(lost.body.error).toBe(IDEMPOTENCY.OUTCOME_UNKNOWN);
    const created = await eventually(() => userByEmail(sys, invitee));

    const retry = await post(sys.url, ACCEPT, accept, keyed(key));
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual({
      user: expect.objectContaining({ id: created.id }),
      message: 'Invitation accepted',
    });
    // Another key is another request: the invitation is used.
    expect((await post(sys.url, ACCEPT, accept, keyed(randomUUID()))).body.error).toBe(
      'Invalid or expired invitation',
    );
  }, 30_000);

  it('the OpenAPI document lists the optional header on every creating route', async () => {
    const doc = (await (await fetch(`${sys.url}/api/docs/openapi.json`)).json()) as Json;
    const creating = ['/api/auth/register', '/api/invitations', '/api/invitations/accept'];
    for (const path of creating) {
      expect(doc.paths[path].post.parameters).toContainEqual({
        $ref: '#/components/parameters/IdempotencyKey',
      });
    }
    expect(doc.paths['/api/auth/login'].post.parameters ?? []).not.toContainEqual(
      expect.objectContaining({ $ref: '#/components/parameters/IdempotencyKey' }),
    );
    expect(doc.components.parameters.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
    });
  });
});
