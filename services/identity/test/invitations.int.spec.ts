import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import {
  IdentityInvitationAccept,
  IdentityInvitationCreate,
  IdentityInvitationResend,
  IdentityInvitationRevoke,
  IdentityInvitationsList,
  IdentityInvitationValidate,
  IdentityLogin,
  IdentityUserRemove,
  IdentityUsersList,
  MESSAGES,
  type Actor,
  type Role,
} from '@planted/contracts';
import { decodeQuotedPrintable, inviteTokenFrom, testDatabaseUrl, waitFor } from '@planted/testing';
import {
  addUser as addUserAs,
  errorOf,
  invite as inviteAs,
  PASSWORD,
  registerCompany,
  startIdentity,
  uniqueEmail,
  type IdentityHarness,
} from './support/identity-harness';

let h: IdentityHarness;
let pool: Pool;

beforeAll(async () => {
  h = await startIdentity({ env: { APP_URL: 'https://app.planted.test/' } });
  pool = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await h?.close();
});

const INVALID = { code: 'INVITATION_INVALID', message: 'Invalid or expired invitation' };
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

const invite = (actor: Actor, email: string, role?: Role, name?: string | null) =>
  inviteAs(h, actor, email, role, name);
const addUser = (actor: Actor, role?: Role) => addUserAs(h, actor, role);

describe('invitation create (spec §7 POST /invitations, §5 Invite)', () => {
  it('sends the accept link by email and stores only the sha-256 of the token', async () => {
    const { actor, session } = await registerCompany(h.client, {
      customerName: 'Inviting Co',
      userName: 'Ada Admin',
    });
    const email = uniqueEmail('invitee');
    const started = Date.now();
    const { reply, mail, token } = await invite(actor, email.toUpperCase(), 'viewer', 'Ivy Invitee');

    expect(reply.message).toBe('Invitation sent');
    expect(reply.invitation).toMatchObject({ email, name: 'Ivy Invitee', role: 'viewer' });
    const expiresInHours = (Date.parse(reply.invitation.expires_at) - started) / 3_600_000;
    expect(expiresInHours).toBeGreaterThan(167.9);
    expect(expiresInHours).toBeLessThan(168.1);

    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain(`https://app.planted.test/accept-invite?token=${token}`);
    expect(body).toMatch(/Subject: You have been invited to join Inviting Co on Planted/);
    expect(body).toContain('Ada Admin has invited you to join Inviting Co');
    expect(mail.to).toEqual([email]);

    const { rows } = await pool.query(
      'select token_hash, invited_by, customer_id from identity.invitations where id = $1',
      [reply.invitation.id],
    );
    expect(rows).toEqual([
      { token_hash: sha256(token), invited_by: session.user.id, customer_id: session.customer.id },
    ]);
    const outbox = await pool.query(
      "select payload from identity.outbox where subject = 'identity.invitation.created.v1' and customer_id = $1",
      [session.customer.id],
    );
    expect(outbox.rows[0].payload).toEqual({ invitation_id: reply.invitation.id, email, role: 'viewer' });
  });

  it('is for administrators only (FORBIDDEN)', async () => {
    const { actor } = await registerCompany(h.client);
    const member = await addUser(actor, 'user');
    const err = await errorOf(
      h.client.send(IdentityInvitationCreate, { actor: member.actor, email: uniqueEmail(), role: 'user' }),
    );
    expect(err).toEqual({ code: 'FORBIDDEN', message: 'Only administrators can invite users' });
    // The role in the database decides, not the role the token claims.
    const claimsAdmin = { ...member.actor, role: 'admin' as const };
    expect(
      (
        await errorOf(
          h.client.send(IdentityInvitationCreate, { actor: claimsAdmin, email: uniqueEmail(), role: 'user' }),
        )
      ).code,
    ).toBe('FORBIDDEN');
  });

  it('refuses an email that already belongs to a user, in any company (CONFLICT)', async () => {
    const { actor } = await registerCompany(h.client);
    const elsewhere = await registerCompany(h.client);
    for (const email of [elsewhere.email, elsewhere.email.toUpperCase()]) {
      const err = await errorOf(h.client.send(IdentityInvitationCreate, { actor, email, role: 'user' }));
      expect(err).toEqual({ code: 'CONFLICT', message: 'A user with this email already exists' });
    }
  });

  it('replaces a pending invitation to the same email: the old link stops working', async () => {
    const { actor } = await registerCompany(h.client);
    const email = uniqueEmail('twice');
    const first = await invite(actor, email, 'user');
    const second = await invite(actor, email, 'admin');
    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token: first.token }))).toEqual(INVALID);
    expect((await h.client.send(IdentityInvitationValidate, { token: second.token })).invitation.role).toBe(
      'admin',
    );
    const { rows } = await pool.query(
      'select count(*)::int as pending from identity.invitations where lower(email) = $1 and accepted_at is null and revoked_at is null',
      [email],
    );
    expect(rows[0].pending).toBe(1);
  });

  it('validates the payload with the spec §5 messages', async () => {
    const { actor } = await registerCompany(h.client);
    expect(
      await errorOf(h.client.send(IdentityInvitationCreate, { actor, email: '', role: 'user' })),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Email is required',
    });
    expect(
      await errorOf(
        h.client.send(IdentityInvitationCreate, { actor, email: 'x@y.z', role: 'owner' as 'user' }),
      ),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.ROLE_INVALID,
    });
  });
});

describe('invitation validate and accept (spec §7 GET /invitations/validate, POST /invitations/accept)', () => {
  it('shows the invitation, then creates the user with its email and role, once', async () => {
    const { actor, session } = await registerCompany(h.client, { customerName: 'Welcoming Ltd' });
    const email = uniqueEmail('joiner');
    const { token } = await invite(actor, email, 'admin', 'Jo Joiner');

    expect(await h.client.send(IdentityInvitationValidate, { token })).toEqual({
      invitation: { email, name: 'Jo Joiner', role: 'admin', customer_name: 'Welcoming Ltd' },
    });

    const accepted = await h.client.send(IdentityInvitationAccept, {
      token,
      name: 'Joanna Joiner',
      password: 'her own password',
    });
    expect(accepted.message).toBe('Invitation accepted');
    expect(accepted.user).toMatchObject({
      email,
      name: 'Joanna Joiner',
      role: 'admin',
      customer_id: session.customer.id,
      is_active: true,
    });

    const login = await h.client.send(IdentityLogin, { email, password: 'her own password' });
    expect(login.customer.id).toBe(session.customer.id);

    // Single use.
    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token }))).toEqual(INVALID);
    expect(
      await errorOf(h.client.send(IdentityInvitationAccept, { token, name: 'Again', password: PASSWORD })),
    ).toEqual(INVALID);

    const events = await pool.query(
      "select payload from identity.outbox where subject = 'identity.user.created.v1' and customer_id = $1 and payload->'user'->>'id' = $2",
      [session.customer.id, accepted.user.id],
    );
    expect(events.rows).toHaveLength(1);
  });

  it('refuses an expired invitation', async () => {
    const { actor } = await registerCompany(h.client);
    const { token } = await invite(actor, uniqueEmail('late'));
    await pool.query(
      "update identity.invitations set expires_at = now() - interval '1 minute' where token_hash = $1",
      [sha256(token)],
    );
    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token }))).toEqual(INVALID);
    expect(
      await errorOf(
        h.client.send(IdentityInvitationAccept, { token, name: 'Late Larry', password: PASSWORD }),
      ),
    ).toEqual(INVALID);
  });

  it('refuses unknown tokens alike, and a missing token with the spec §8 message', async () => {
    const unknown = 'A'.repeat(43);
    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token: unknown }))).toEqual(INVALID);
    expect(
      await errorOf(
        h.client.send(IdentityInvitationAccept, { token: unknown, name: 'Nobody', password: PASSWORD }),
      ),
    ).toEqual(INVALID);
    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token: '' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Invalid invitation link',
    });
  });

  it('answers CONFLICT when the email got an account after the invitation went out', async () => {
    const { actor } = await registerCompany(h.client);
    const email = uniqueEmail('quick');
    const { token } = await invite(actor, email);
    await registerCompany(h.client, { email });
    // Already when the link is opened, before the form is filled in.
    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token }))).toEqual({
      code: 'CONFLICT',
      message: 'A user with this email already exists',
    });
    expect(
      await errorOf(
        h.client.send(IdentityInvitationAccept, { token, name: 'Quick Quinn', password: PASSWORD }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'A user with this email already exists',
    });
  });
});

describe('a removed user invited back', () => {
  it('gets the same account again, active, with the new name, role and password', async () => {
    const { actor } = await registerCompany(h.client, { customerName: 'Returning Ltd' });
    const member = await addUser(actor, 'user');
    // The one who held the account had linked a Google sign-in and a picture.
    await pool.query(
      "update identity.users set google_id = $2, profile_picture_url = '/uploads/profile-pictures/old.png' where id = $1",
      [member.user.id, `google-${member.user.id}`],
    );
    await h.client.send(IdentityUserRemove, { actor, id: member.user.id });
    expect(
      await errorOf(h.client.send(IdentityLogin, { email: member.email, password: PASSWORD })),
    ).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const { token } = await invite(actor, member.email.toUpperCase(), 'viewer', 'Back Again');
    const accepted = await h.client.send(IdentityInvitationAccept, {
      token,
      name: 'Back Again',
      password: 'a new password',
    });
    expect(accepted.user).toMatchObject({
      id: member.user.id,
      email: member.email,
      name: 'Back Again',
      role: 'viewer',
      is_active: true,
    });
    const login = await h.client.send(IdentityLogin, { email: member.email, password: 'a new password' });
    expect(login.user.id).toBe(member.user.id);
    // Whoever reads the mailbox now does not inherit the earlier holder's sign-ins or picture.
    const { rows } = await pool.query(
      'select google_id, microsoft_id, apple_id, profile_picture_url from identity.users where id = $1',
      [member.user.id],
    );
    expect(rows[0]).toEqual({
      google_id: null,
      microsoft_id: null,
      apple_id: null,
      profile_picture_url: null,
    });
    const team = (await h.client.send(IdentityUsersList, { actor })).users;
    expect(team.filter((u) => u.id === member.user.id)).toHaveLength(1);
    // Read models learn it from user.updated (the account already existed).
    const events = await pool.query(
      "select 1 from identity.outbox where subject = 'identity.user.updated.v1' and payload->'user'->>'id' = $1 and (payload->'user'->>'is_active')::boolean",
      [member.user.id],
    );
    expect(events.rows).toHaveLength(1);
  });

  it('may be invited by another company too: a removed account no longer holds its address', async () => {
    const { actor } = await registerCompany(h.client);
    const member = await addUser(actor, 'user');
    const { actor: other } = await registerCompany(h.client);
    // While active, the address is taken.
    expect(
      await errorOf(
        h.client.send(IdentityInvitationCreate, { actor: other, email: member.email, role: 'user' }),
      ),
    ).toEqual({ code: 'CONFLICT', message: 'A user with this email already exists' });
    await h.client.send(IdentityUserRemove, { actor, id: member.user.id });
    await expect(
      h.client.send(IdentityInvitationCreate, { actor: other, email: member.email, role: 'user' }),
    ).resolves.toMatchObject({ invitation: { email: member.email } });
  });
});

/** Sets a company's plan directly (a test's shortcut for billing's event): room to invite, then back. */
const setPlan = (customerId: string, plan: string) =>
  pool.query('update identity.customers set subscription_plan = $2 where id = $1', [customerId, plan]);

describe('plan user limit on accept (spec §9: Free Edition allows 2 users)', () => {
  const LIMIT = {
    code: 'USER_LIMIT_REACHED',
    message: 'Your plan allows up to 2 users. Upgrade your subscription to invite more.',
  };
  const COMPANY_FULL = {
    code: 'USER_LIMIT_REACHED',
    message: "This company's plan allows up to 2 users. Ask its administrator to upgrade the subscription.",
  };

  it('counts open invitations to other addresses as seats when inviting; a new link to the same address replaces its own', async () => {
    const { actor } = await registerCompany(h.client);
    const first = uniqueEmail('seat');
    await invite(actor, first);
    expect(
      await errorOf(
        h.client.send(IdentityInvitationCreate, { actor, email: uniqueEmail('second'), role: 'user' }),
      ),
    ).toEqual({
      code: 'USER_LIMIT_REACHED',
      message:
        'Your plan allows up to 2 users: 1 user and 1 pending invitation take every seat. Revoke an invitation or upgrade your subscription to invite more.',
    });
    // Inviting the same address again replaces its invitation: allowed.
    const again = await invite(actor, first);
    // Revoked (or expired), the invitation frees its seat.
    await h.client.send(IdentityInvitationRevoke, { actor, id: again.reply.invitation.id });
    await expect(invite(actor, uniqueEmail('after-revoke'))).resolves.toBeDefined();
  });

  it("withdraws every company's invitation to an address that takes an account, freeing its seat (audit O)", async () => {
    const a = await registerCompany(h.client);
    const b = await registerCompany(h.client);
    const c = await registerCompany(h.client);
    // One address invited by A and by B, in mixed case by B; another invited by C.
    const joiner = uniqueEmail('joiner');
    const founder = uniqueEmail('founder');
    const fromA = await invite(a.actor, joiner);
    const fromB = await invite(b.actor, joiner.toUpperCase());
    const fromC = await invite(c.actor, founder);

    // Accepting A's invitation withdraws B's; registering a company withdraws C's.
    await h.client.send(IdentityInvitationAccept, {
      token: fromA.token,
      name: 'Jo Joiner',
      password: PASSWORD,
    });
    await registerCompany(h.client, { email: founder });
    for (const { actor } of [b, c])
      expect(await h.client.send(IdentityInvitationsList, { actor })).toMatchObject({
        invitations: [],
        seats: { used: 1, pending: 0, limit: 2 },
      });
    // The seat is free again: each can invite someone else on the free plan.
    await expect(invite(b.actor, uniqueEmail('next-b'))).resolves.toBeDefined();
    await expect(invite(c.actor, uniqueEmail('next-c'))).resolves.toBeDefined();
    // The withdrawn links still say why they cannot be used.
    for (const { token } of [fromB, fromC])
      expect(await errorOf(h.client.send(IdentityInvitationValidate, { token }))).toEqual({
        code: 'CONFLICT',
        message: 'A user with this email already exists',
      });
    const outbox = await pool.query(
      "select customer_id, payload from identity.outbox where subject = 'identity.invitation.revoked.v1' and customer_id = any($1::uuid[])",
      [[a.session.customer.id, b.session.customer.id, c.session.customer.id]],
    );
    expect(outbox.rows.map((r) => [r.customer_id, r.payload.invitation_id]).sort()).toEqual(
      [
        [b.session.customer.id, fromB.reply.invitation.id],
        [c.session.customer.id, fromC.reply.invitation.id],
      ].sort(),
    );
  });

  it('lets only one of ten invitations sent at once take the last seat', async () => {
    for (let round = 0; round < 3; round++) {
      const { actor } = await registerCompany(h.client);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, n) =>
          h.client.send(IdentityInvitationCreate, { actor, email: uniqueEmail(`burst-${n}`), role: 'user' }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
        expect(r.reason.code).toBe('USER_LIMIT_REACHED');
      expect((await h.client.send(IdentityInvitationsList, { actor })).seats).toEqual({
        used: 1,
        pending: 1,
        limit: 2,
        plan: 'free',
      });
    }
  });

  it('renews an expired invitation only while its seat is free', async () => {
    const { actor } = await registerCompany(h.client);
    const first = await invite(actor, uniqueEmail('lapsed'));
    await pool.query("update identity.invitations set expires_at = now() - interval '1 day' where id = $1", [
      first.reply.invitation.id,
    ]);
    // Expired, it holds no seat: another address takes it.
    await invite(actor, uniqueEmail('newer'));
    expect(
      await errorOf(h.client.send(IdentityInvitationResend, { actor, id: first.reply.invitation.id })),
    ).toEqual({
      code: 'USER_LIMIT_REACHED',
      message:
        'Your plan allows up to 2 users: 1 user and 1 pending invitation take every seat. Revoke an invitation or upgrade your subscription to invite more.',
    });
  });

  it('refuses to invite anyone into a free company that has its 2 active users', async () => {
    const { actor } = await registerCompany(h.client);
    await addUser(actor);
    expect(
      await errorOf(
        h.client.send(IdentityInvitationCreate, { actor, email: uniqueEmail('third'), role: 'user' }),
      ),
    ).toEqual(LIMIT);
    expect((await h.client.send(IdentityInvitationsList, { actor })).invitations).toEqual([]);
  });

  it('refuses the third user of a free company, and the invitation stays usable', async () => {
    const { actor } = await registerCompany(h.client);
    // Invited while there was room (a larger plan); the place went to someone else before it was accepted.
    await setPlan(actor.customerId, 'teams');
    const { token } = await invite(actor, uniqueEmail('third'));
    await addUser(actor);
    await setPlan(actor.customerId, 'free');
    expect(
      await errorOf(
        h.client.send(IdentityInvitationAccept, { token, name: 'Third Thea', password: PASSWORD }),
      ),
    ).toEqual(COMPANY_FULL);
    expect((await h.client.send(IdentityUsersList, { actor })).users).toHaveLength(2);
    await expect(h.client.send(IdentityInvitationValidate, { token })).resolves.toBeDefined();
  });

  it('counts active users only', async () => {
    const { actor } = await registerCompany(h.client);
    const second = await addUser(actor);
    await pool.query('update identity.users set is_active = false where id = $1', [second.user.id]);
    const { token } = await invite(actor, uniqueEmail('replacement'));
    const { user } = await h.client.send(IdentityInvitationAccept, {
      token,
      name: 'Replacement Rae',
      password: PASSWORD,
    });
    expect(user.is_active).toBe(true);
  });

  it('lets only one of two concurrent accepts take the last place', async () => {
    for (let round = 0; round < 3; round++) {
      const { actor } = await registerCompany(h.client);
      // Both invited while the company had room (a larger plan), then back on Free: one place left.
      await setPlan(actor.customerId, 'teams');
      const first = await invite(actor, uniqueEmail('racer-a'));
      const second = await invite(actor, uniqueEmail('racer-b'));
      await setPlan(actor.customerId, 'free');
      const results = await Promise.allSettled([
        h.client.send(IdentityInvitationAccept, { token: first.token, name: 'Racer A', password: PASSWORD }),
        h.client.send(IdentityInvitationAccept, { token: second.token, name: 'Racer B', password: PASSWORD }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
      expect({ code: rejected.reason.code, message: rejected.reason.message }).toEqual(COMPANY_FULL);
      expect((await h.client.send(IdentityUsersList, { actor })).users).toHaveLength(2);
    }
  });

  it('lets two concurrent accepts of the same token create one user', async () => {
    const { actor } = await registerCompany(h.client);
    const { token } = await invite(actor, uniqueEmail('double'));
    const results = await Promise.allSettled([
      h.client.send(IdentityInvitationAccept, { token, name: 'Double Dee', password: PASSWORD }),
      h.client.send(IdentityInvitationAccept, { token, name: 'Double Dee', password: PASSWORD }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await h.client.send(IdentityUsersList, { actor })).users).toHaveLength(2);
  });
});

describe('pending invitations: list, resend, revoke (issue 7 item 5)', () => {
  const NOT_FOUND = { code: 'NOT_FOUND', message: 'Invitation not found' };
  const MANAGE_FORBIDDEN = { code: 'FORBIDDEN', message: 'Only administrators can manage invitations' };

  it('lists open invitations newest first with their inviter, and the seats against the plan', async () => {
    const { actor, session } = await registerCompany(h.client, { userName: 'Ada Admin' });
    // Invited while the company had room; the seats below are counted against Free again.
    await setPlan(session.customer.id, 'unlimited');
    const first = await invite(actor, uniqueEmail('first'), 'viewer', 'First Fay');
    const second = await invite(actor, uniqueEmail('second'), 'admin', null);
    const expired = await invite(actor, uniqueEmail('expired'));
    await pool.query(
      "update identity.invitations set expires_at = now() - interval '1 minute' where id = $1",
      [expired.reply.invitation.id],
    );
    const accepted = await invite(actor, uniqueEmail('accepted'));
    await h.client.send(IdentityInvitationAccept, {
      token: accepted.token,
      name: 'Accepted Al',
      password: PASSWORD,
    });
    await setPlan(session.customer.id, 'free');

    const { invitations, seats } = await h.client.send(IdentityInvitationsList, { actor });
    expect(invitations.map((i) => i.id)).toEqual([second.reply.invitation.id, first.reply.invitation.id]);
    expect(invitations[1]).toEqual({
      ...first.reply.invitation,
      created_at: expect.any(String),
      invited_by_name: 'Ada Admin',
    });
    expect(seats).toEqual({ used: 2, pending: 2, limit: 2, plan: 'free' });

    await pool.query("update identity.customers set subscription_plan = 'unlimited' where id = $1", [
      session.customer.id,
    ]);
    expect((await h.client.send(IdentityInvitationsList, { actor })).seats).toEqual({
      used: 2,
      pending: 2,
      limit: null,
      plan: 'unlimited',
    });
  });

  it('resends with a new token: the old link stops working, the new one works, the expiry starts again', async () => {
    const { actor, session } = await registerCompany(h.client, { customerName: 'Resending Ltd' });
    const email = uniqueEmail('again');
    const { reply, token: oldToken } = await invite(actor, email, 'viewer', 'Ann Again');
    await pool.query("update identity.invitations set expires_at = now() - interval '1 hour' where id = $1", [
      reply.invitation.id,
    ]);

    const before = h.smtp!.mailsTo(email).length;
    const started = Date.now();
    const resent = await h.client.send(IdentityInvitationResend, { actor, id: reply.invitation.id });
    const mail = await waitFor(() => h.smtp!.mailsTo(email)[before]);
    const newToken = inviteTokenFrom(mail);

    expect(resent.message).toBe('Invitation sent');
    expect(resent.invitation).toMatchObject({
      id: reply.invitation.id,
      email,
      name: 'Ann Again',
      role: 'viewer',
    });
    expect((Date.parse(resent.invitation.expires_at) - started) / 3_600_000).toBeGreaterThan(167.9);
    expect(newToken).not.toBe(oldToken);
    expect(decodeQuotedPrintable(mail.raw)).toContain(
      `https://app.planted.test/accept-invite?token=${newToken}`,
    );

    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token: oldToken }))).toEqual(INVALID);
    expect((await h.client.send(IdentityInvitationValidate, { token: newToken })).invitation.email).toBe(
      email,
    );
    const outbox = await pool.query(
      "select payload from identity.outbox where subject = 'identity.invitation.resent.v1' and customer_id = $1",
      [session.customer.id],
    );
    expect(outbox.rows.map((r) => r.payload)).toEqual([
      { invitation_id: reply.invitation.id, email, expires_at: resent.invitation.expires_at },
    ]);

    const { user } = await h.client.send(IdentityInvitationAccept, {
      token: newToken,
      name: 'Ann Again',
      password: PASSWORD,
    });
    expect(user).toMatchObject({ email, role: 'viewer', customer_id: session.customer.id });
    // Accepted: nothing left to resend or revoke.
    expect(
      await errorOf(h.client.send(IdentityInvitationResend, { actor, id: reply.invitation.id })),
    ).toEqual(NOT_FOUND);
    expect(
      await errorOf(h.client.send(IdentityInvitationRevoke, { actor, id: reply.invitation.id })),
    ).toEqual(NOT_FOUND);
  });

  it('revokes: the link stops working, the invitation leaves the list, and invitation.revoked is recorded', async () => {
    const { actor, session } = await registerCompany(h.client);
    const email = uniqueEmail('revoked');
    const { reply, token } = await invite(actor, email);

    expect(await h.client.send(IdentityInvitationRevoke, { actor, id: reply.invitation.id })).toEqual({
      message: 'Invitation revoked',
    });
    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token }))).toEqual(INVALID);
    expect(
      await errorOf(h.client.send(IdentityInvitationAccept, { token, name: 'Rev Oked', password: PASSWORD })),
    ).toEqual(INVALID);
    expect((await h.client.send(IdentityInvitationsList, { actor })).invitations).toEqual([]);
    const outbox = await pool.query(
      "select payload from identity.outbox where subject = 'identity.invitation.revoked.v1' and customer_id = $1",
      [session.customer.id],
    );
    expect(outbox.rows.map((r) => r.payload)).toEqual([{ invitation_id: reply.invitation.id, email }]);
    // Twice: it is gone.
    expect(
      await errorOf(h.client.send(IdentityInvitationRevoke, { actor, id: reply.invitation.id })),
    ).toEqual(NOT_FOUND);
    expect(
      await errorOf(h.client.send(IdentityInvitationResend, { actor, id: reply.invitation.id })),
    ).toEqual(NOT_FOUND);
  });

  it("answers NOT_FOUND for another company's invitation, which stays usable, and never lists it", async () => {
    const a = await registerCompany(h.client);
    const b = await registerCompany(h.client);
    const { reply, token } = await invite(a.actor, uniqueEmail('a-only'));

    expect((await h.client.send(IdentityInvitationsList, { actor: b.actor })).invitations).toEqual([]);
    expect(
      await errorOf(h.client.send(IdentityInvitationResend, { actor: b.actor, id: reply.invitation.id })),
    ).toEqual(NOT_FOUND);
    expect(
      await errorOf(h.client.send(IdentityInvitationRevoke, { actor: b.actor, id: reply.invitation.id })),
    ).toEqual(NOT_FOUND);
    await expect(h.client.send(IdentityInvitationValidate, { token })).resolves.toBeDefined();
    expect((await h.client.send(IdentityInvitationsList, { actor: a.actor })).invitations).toHaveLength(1);
  });

  it('is for administrators only; the role in the database decides, not the token', async () => {
    const { actor } = await registerCompany(h.client);
    await setPlan(actor.customerId, 'teams');
    const { reply } = await invite(actor, uniqueEmail('target'));
    const member = await addUser(actor, 'user');
    const claimsAdmin = { ...member.actor, role: 'admin' as const };
    for (const who of [member.actor, claimsAdmin]) {
      expect(await errorOf(h.client.send(IdentityInvitationsList, { actor: who }))).toEqual(MANAGE_FORBIDDEN);
      expect(
        await errorOf(h.client.send(IdentityInvitationResend, { actor: who, id: reply.invitation.id })),
      ).toEqual(MANAGE_FORBIDDEN);
      expect(
        await errorOf(h.client.send(IdentityInvitationRevoke, { actor: who, id: reply.invitation.id })),
      ).toEqual(MANAGE_FORBIDDEN);
    }
  });

  it('cannot resend to an address that meanwhile got an account: that withdrew it (NOT_FOUND), sending nothing', async () => {
    const { actor } = await registerCompany(h.client);
    const email = uniqueEmail('taken');
    const { reply, token } = await invite(actor, email);
    await registerCompany(h.client, { email });
    const mails = h.smtp!.mailsTo(email).length;
    expect(
      await errorOf(h.client.send(IdentityInvitationResend, { actor, id: reply.invitation.id })),
    ).toEqual(NOT_FOUND);
    expect(h.smtp!.mailsTo(email)).toHaveLength(mails);
    // The link it had, opened, tells the address has an account.
    expect(await errorOf(h.client.send(IdentityInvitationValidate, { token }))).toEqual({
      code: 'CONFLICT',
      message: 'A user with this email already exists',
    });
  });

  it('refuses a malformed id with the words an unknown one gets', async () => {
    const { actor } = await registerCompany(h.client);
    expect(await errorOf(h.client.send(IdentityInvitationRevoke, { actor, id: 'not-a-uuid' }))).toMatchObject(
      { code: 'VALIDATION_FAILED', message: 'Invitation not found' },
    );
  });
});
