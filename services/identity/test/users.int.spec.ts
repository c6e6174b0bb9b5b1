import { randomUUID } from 'node:crypto';
import { headers as natsHeaders } from 'nats';
import { Pool } from 'pg';
import {
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityLogin,
  IdentityUserRemove,
  IdentityUserRoleSet,
  IdentityUsersList,
  MESSAGES,
  type Actor,
} from '@planted/contracts';
import { prefixed, SESSION_TOKEN_HEADER } from '@planted/messaging';
import { testDatabaseUrl, waitFor } from '@planted/testing';
import {
  addUser as addUserAs,
  errorOf,
  invite,
  PASSWORD,
  registerCompany,
  startIdentity,
  type IdentityHarness,
} from './support/identity-harness';

// Spec §6 (roles admin, user, viewer) and issue 8 (sessions end when they should): an
// administrator changes a user's role or removes the user, and that user's sessions end,
// on the bus as at the gateway; a company always keeps an administrator.

let h: IdentityHarness;
let pool: Pool;

beforeAll(async () => {
  h = await startIdentity();
  pool = new Pool({ connectionString: testDatabaseUrl(), max: 1 });
});

afterAll(async () => {
  await pool?.end();
  await h?.close();
});

const addUser = (actor: Actor, role?: 'admin' | 'user' | 'viewer') => addUserAs(h, actor, role);
const signIn = async (email: string) =>
  (await h.client.send(IdentityLogin, { email, password: PASSWORD })).token;
const team = async (actor: Actor) => (await h.client.send(IdentityUsersList, { actor })).users;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** identity.users.list.v1 as a process on the bus holding `token` sends it. */
async function listWith(token: string, actor: Actor) {
  const headers = natsHeaders();
  headers.set(SESSION_TOKEN_HEADER, token);
  const packet = { pattern: IdentityUsersList.name, data: { actor }, id: randomUUID() };
  const reply = await h.nc.request(
    prefixed(h.prefix, IdentityUsersList.name),
    encoder.encode(JSON.stringify(packet)),
    { timeout: 5000, headers },
  );
  return JSON.parse(decoder.decode(reply.data)) as { err?: { code: string; message: string } };
}

async function endedSoon(token: string, actor: Actor) {
  await waitFor(async () => ((await listWith(token, actor)).err ? true : undefined), 10_000);
  expect((await listWith(token, actor)).err?.code).toBe('UNAUTHENTICATED');
}

describe('role change (identity.users.role.set.v1)', () => {
  it("an admin changes a user's role: the list shows it and the user's old sessions end", async () => {
    const { actor: admin } = await registerCompany(h.client, { customerName: 'Roles Co' });
    const member = await addUser(admin, 'user');
    const token = await signIn(member.email);
    expect((await listWith(token, member.actor)).err).toBeUndefined();

    const reply = await h.client.send(IdentityUserRoleSet, {
      actor: admin,
      id: member.user.id,
      role: 'viewer',
    });
    expect(reply).toMatchObject({
      message: MESSAGES.ROLE_CHANGED,
      user: { id: member.user.id, role: 'viewer' },
    });
    expect((await team(admin)).find((u) => u.id === member.user.id)?.role).toBe('viewer');

    // The old token carries the old role: it ends, and a new sign-in carries the new one.
    await endedSoon(token, member.actor);
    const again = await signIn(member.email);
    expect((await listWith(again, { ...member.actor, role: 'viewer' })).err).toBeUndefined();
    expect(JSON.parse(Buffer.from(again.split('.')[1]!, 'base64url').toString())).toMatchObject({
      role: 'viewer',
    });
  });

  it('a token issued after a revocation ends with the next one, even within the same second', async () => {
    const { actor: admin } = await registerCompany(h.client, { customerName: 'Same Second Co' });
    const member = await addUser(admin, 'user');
    // As a revocation leaves it: its instant (the iat of every token issued after it) ahead of
    // the clock. A second revocation made before that instant must still end those tokens.
    await pool.query(
      "update identity.users set sessions_valid_after = date_trunc('second', now()) + interval '2 seconds' where id = $1",
      [member.user.id],
    );
    const token = await signIn(member.email);
    expect((await listWith(token, member.actor)).err).toBeUndefined();
    await h.client.send(IdentityUserRoleSet, { actor: admin, id: member.user.id, role: 'viewer' });
    await endedSoon(token, member.actor);
    const again = await signIn(member.email);
    expect((await listWith(again, { ...member.actor, role: 'viewer' })).err).toBeUndefined();
  });

  it('setting the role a user already has changes nothing and ends no session', async () => {
    const { actor: admin } = await registerCompany(h.client, { customerName: 'Same Role Co' });
    const member = await addUser(admin, 'viewer');
    const token = await signIn(member.email);
    await h.client.send(IdentityUserRoleSet, { actor: admin, id: member.user.id, role: 'viewer' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await listWith(token, member.actor)).err).toBeUndefined();
  });

  it('the last administrator cannot change their own role; with a second admin they can', async () => {
    const { actor: admin } = await registerCompany(h.client, { customerName: 'Last Admin Co' });
    expect(
      await errorOf(h.client.send(IdentityUserRoleSet, { actor: admin, id: admin.userId, role: 'user' })),
    ).toEqual({ code: 'CONFLICT', message: MESSAGES.LAST_ADMIN_ROLE });
    const second = await addUser(admin, 'admin');
    const reply = await h.client.send(IdentityUserRoleSet, { actor: admin, id: admin.userId, role: 'user' });
    expect(reply.user.role).toBe('user');
    // Now the second is the last one.
    expect(
      await errorOf(
        h.client.send(IdentityUserRoleSet, { actor: second.actor, id: second.user.id, role: 'viewer' }),
      ),
    ).toEqual({ code: 'CONFLICT', message: MESSAGES.LAST_ADMIN_ROLE });
  });

  it('two admins demoting each other at once leave exactly one administrator', async () => {
    const { actor: first } = await registerCompany(h.client, { customerName: 'Race Co' });
    const second = await addUser(first, 'admin');
    const results = await Promise.allSettled([
      h.client.send(IdentityUserRoleSet, { actor: first, id: second.user.id, role: 'user' }),
      h.client.send(IdentityUserRoleSet, { actor: second.actor, id: first.userId, role: 'user' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const winner = results[0]!.status === 'fulfilled' ? first : second.actor;
    const admins = (await team(winner)).filter((u) => u.role === 'admin');
    expect(admins.map((u) => u.id)).toEqual([winner.userId]);
  });

  it('only administrators change roles; another company’s user is not found', async () => {
    const { actor: admin } = await registerCompany(h.client, { customerName: 'Gate Co' });
    const member = await addUser(admin, 'user');
    expect(
      await errorOf(
        h.client.send(IdentityUserRoleSet, { actor: member.actor, id: member.user.id, role: 'admin' }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: MESSAGES.ONLY_ADMINS_MANAGE_USERS });
    const { actor: otherAdmin } = await registerCompany(h.client, { customerName: 'Other Co' });
    expect(
      await errorOf(
        h.client.send(IdentityUserRoleSet, { actor: otherAdmin, id: member.user.id, role: 'viewer' }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: MESSAGES.USER_NOT_FOUND });
    expect((await team(admin)).find((u) => u.id === member.user.id)?.role).toBe('user');
  });
});

describe('removal (identity.users.remove.v1)', () => {
  it('the removed user leaves the team, cannot sign in, their sessions end and their seat is free', async () => {
    const { actor: admin } = await registerCompany(h.client, { customerName: 'Removal Co' });
    const member = await addUser(admin, 'user'); // the free plan's second and last seat
    const token = await signIn(member.email);

    expect(await h.client.send(IdentityUserRemove, { actor: admin, id: member.user.id })).toEqual({
      message: MESSAGES.USER_REMOVED,
    });
    expect((await team(admin)).map((u) => u.id)).toEqual([admin.userId]);
    await endedSoon(token, member.actor);
    expect(
      await errorOf(h.client.send(IdentityLogin, { email: member.email, password: PASSWORD })),
    ).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    // Removed again: not found. And the seat it held takes a new member.
    expect(await errorOf(h.client.send(IdentityUserRemove, { actor: admin, id: member.user.id }))).toEqual({
      code: 'NOT_FOUND',
      message: MESSAGES.USER_NOT_FOUND,
    });
    await expect(addUser(admin, 'viewer')).resolves.toMatchObject({ user: { role: 'viewer' } });
  });

  it('frees the removed user’s email: they may sign up again, or join another company, and log in there', async () => {
    const { actor: admin } = await registerCompany(h.client, { customerName: 'Left Co' });
    const member = await addUser(admin, 'user');
    await pool.query('update identity.users set google_id = $2 where id = $1', [
      member.user.id,
      `google-${member.user.id}`,
    ]);
    await h.client.send(IdentityUserRemove, { actor: admin, id: member.user.id });
    const { rows } = await pool.query('select is_active, google_id from identity.users where id = $1', [
      member.user.id,
    ]);
    expect(rows).toEqual([{ is_active: false, google_id: null }]); // kept, for the records naming them

    // Another company invites the address: it is not 'taken' by the removed account.
    const { actor: other } = await registerCompany(h.client, { customerName: 'Next Co' });
    const { token } = await invite(h, other, member.email, 'user');
    const { user: joined } = await h.client.send(IdentityInvitationAccept, {
      token,
      name: 'Moved Member',
      password: 'another-password',
    });
    expect(joined).toMatchObject({ email: member.email, customer_id: other.customerId, role: 'user' });
    expect(joined.id).not.toBe(member.user.id);
    const session = await h.client.send(IdentityLogin, { email: member.email, password: 'another-password' });
    expect(session.user.id).toBe(joined.id);
    // Now it is taken again: the first company cannot invite it back while it is active elsewhere.
    expect(
      await errorOf(
        h.client.send(IdentityInvitationCreate, { actor: admin, email: member.email, role: 'user' }),
      ),
    ).toMatchObject({ code: 'CONFLICT', message: MESSAGES.USER_ALREADY_EXISTS });

    // Removed from that one too, the address may found a company of its own.
    await h.client.send(IdentityUserRemove, { actor: other, id: joined.id });
    const own = await registerCompany(h.client, { customerName: 'Own Co', email: member.email });
    expect(own.session.user.email).toBe(member.email);
    expect((await h.client.send(IdentityLogin, { email: member.email, password: PASSWORD })).user.id).toBe(
      own.session.user.id,
    );
  });

  it('the last administrator cannot remove themselves; non-admins remove no one', async () => {
    const { actor: admin } = await registerCompany(h.client, { customerName: 'Keep Admin Co' });
    expect(await errorOf(h.client.send(IdentityUserRemove, { actor: admin, id: admin.userId }))).toEqual({
      code: 'CONFLICT',
      message: MESSAGES.LAST_ADMIN_REMOVE,
    });
    const viewer = await addUser(admin, 'viewer');
    expect(
      await errorOf(h.client.send(IdentityUserRemove, { actor: viewer.actor, id: admin.userId })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.ONLY_ADMINS_MANAGE_USERS,
    });
    expect((await team(admin)).map((u) => u.id).sort()).toEqual([admin.userId, viewer.user.id].sort());
  });
});
