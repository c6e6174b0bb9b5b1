import { sql } from 'drizzle-orm';
import { decodeQuotedPrintable, waitFor } from '@planted/testing';
import {
  client,
  company,
  email,
  inviteTokenFrom,
  PASSWORD,
  resetTokenFrom,
  startSystem,
  type System,
} from './system';

/** How long the gateway waits, at most, for a session it was asked to end (gateway/src/auth/ends-session.ts). */
const SESSION_END_WAIT_MS = 2000;

/** The 401 a revoked token meets, within a few seconds (issue 8: sessions end when they should). */
async function refusedSoon(api: ReturnType<typeof client>, token: string): Promise<void> {
  await waitFor(
    async () => ((await api.get('/api/auth/verify', token)).status === 401 ? true : undefined),
    10_000,
  );
}

describe('sessions end when they should (issue 8)', () => {
  let sys: System;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    sys = await startSystem();
    api = client(sys.url);
  });

  afterAll(async () => {
    await sys?.close();
  });

  async function signUp(label: string) {
    const input = company(label);
    const registered = await api.post('/api/auth/register', input);
    expect(registered.status).toBe(201);
    return { input, token: registered.body.token as string };
  }

  const signIn = async (email: string, password = PASSWORD) =>
    (await api.post('/api/auth/login', { email, password })).body.token as string;

  it('POST /api/auth/logout ends exactly that session; the same user’s other session goes on', async () => {
    const { input, token } = await signUp('Logout');
    const other = await signIn(input.email);
    expect((await api.get('/api/auth/verify', token)).status).toBe(200); // now in the verified cache
    const out = await api.post('/api/auth/logout', {}, token);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out' });
    await refusedSoon(api, token);
    expect((await api.get('/api/auth/verify', other)).status).toBe(200);
    expect((await api.post('/api/auth/logout', {})).status).toBe(401);
  });

  it('a token is refused by the gateway that answered its logout from the answer on, not a moment later', async () => {
    // identity commits the revocation before answering; its event reaches the gateway a few
    // milliseconds later, and a request sent right after the answer used to pass in between.
    for (let i = 0; i < 10; i++) {
      const { token } = await signUp(`Instant${i}`);
      expect((await api.get('/api/auth/verify', token)).status).toBe(200); // in the verified cache
      expect((await api.post('/api/auth/logout', {}, token)).status).toBe(200);
      expect((await api.get('/api/auth/verify', token)).status).toBe(401);
    }
  });

  it('after a password change or a new email, the old token is refused from the answer on', async () => {
    for (let i = 0; i < 5; i++) {
      const { token } = await signUp(`InstantChange${i}`);
      expect((await api.get('/api/auth/verify', token)).status).toBe(200);
      const changed = await api.put(
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'a-new-password' },
        token,
      );
      expect(changed.status).toBe(200);
      expect((await api.get('/api/auth/verify', token)).status).toBe(401);
      const fresh = changed.body.token as string;
      expect((await api.get('/api/auth/verify', fresh)).status).toBe(200);
      const moved = await api.put(
        '/api/auth/profile',
        { name: 'Moved', email: email(`instant-moved-${i}`) },
        fresh,
      );
      expect(moved.status).toBe(200);
      expect((await api.get('/api/auth/verify', fresh)).status).toBe(401);
      expect((await api.get('/api/auth/verify', moved.body.token)).status).toBe(200);
      // A new name alone ends nothing, and is answered without waiting for an end that never comes.
      const started = Date.now();
      const renamed = await api.put(
        '/api/auth/profile',
        { name: 'Renamed', email: moved.body.user.email },
        moved.body.token,
      );
      expect(renamed.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(SESSION_END_WAIT_MS);
      expect((await api.get('/api/auth/verify', moved.body.token)).status).toBe(200);
    }
  });

  it('a password change ends every other session at once; the answer’s fresh token works', async () => {
    const { input, token } = await signUp('Change');
    const other = await signIn(input.email);
    expect((await api.get('/api/auth/verify', other)).status).toBe(200);
    const changed = await api.put(
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a-new-password' },
      token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Password changed successfully');
    await refusedSoon(api, other);
    await refusedSoon(api, token);
    expect((await api.get('/api/auth/verify', changed.body.token)).status).toBe(200);
    // A sign-in in the same second as the change is not caught by it.
    expect((await api.get('/api/auth/verify', await signIn(input.email, 'a-new-password'))).status).toBe(200);
  });

  it('a profile change answers a fresh token carrying it; a new email ends the other sessions', async () => {
    const { input, token } = await signUp('Rename');
    const other = await signIn(input.email);
    const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

    // A new name: this session carries on with a token naming the user as they are now, and
    // what the services record for the user takes the new name (a supplier note's author).
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second than the token's
    const renamed = await api.put('/api/auth/profile', { name: 'Renamed Rita', email: input.email }, token);
    expect(renamed.status).toBe(200);
    // The same session, ending when it did: a rename does not keep a session alive.
    expect(claims(renamed.body.token)).toMatchObject({
      name: 'Renamed Rita',
      sid: claims(token).sid,
      exp: claims(token).exp,
    });
    const supplier = await api.post(
      '/api/suppliers',
      { name: `Rename Hire ${Date.now()}` },
      renamed.body.token,
    );
    expect(supplier.status).toBe(201);
    const note = await api.post(
      `/api/suppliers/${supplier.body.supplier.id}/notes`,
      { note: 'After the rename' },
      renamed.body.token,
    );
    expect(note.status).toBe(201);
    expect(JSON.stringify(note.body)).toContain('"author":"Renamed Rita"');
    // A name alone ends no session.
    expect((await api.get('/api/auth/verify', other)).status).toBe(200);
    // Nothing changed: no token.
    const same = await api.put('/api/auth/profile', { name: 'Renamed Rita', email: input.email }, token);
    expect([same.status, same.body.token]).toEqual([200, undefined]);

    // A new email is where password resets go: the other sessions end, this one carries on.
    const moved = email('rename-moved');
    const changed = await api.put(
      '/api/auth/profile',
      { name: 'Renamed Rita', email: moved },
      renamed.body.token,
    );
    expect(changed.status).toBe(200);
    expect(claims(changed.body.token)).toMatchObject({ email: moved });
    await refusedSoon(api, other);
    await refusedSoon(api, renamed.body.token);
    expect((await api.get('/api/auth/verify', changed.body.token)).status).toBe(200);
  });

  it('two gateways both refuse a revoked token, and a gateway started afterwards refuses it too', async () => {
    const second = await sys.startGateway();
    const api2 = client(second.url);
    const { token } = await signUp('Replicas');
    expect((await api.get('/api/auth/verify', token)).status).toBe(200);
    expect((await api2.get('/api/auth/verify', token)).status).toBe(200);
    expect((await api2.post('/api/auth/logout', {}, token)).status).toBe(200);
    await refusedSoon(api, token);
    await refusedSoon(api2, token);
    const third = await sys.startGateway();
    expect((await client(third.url).get('/api/auth/verify', token)).status).toBe(401);
  });

  describe("an administrator changes a user's role or removes them (spec §6): that user's sessions end", () => {
    /** A company's admin and a member who signed in (invited, accepted, signed in). */
    async function team(label: string) {
      const { token: admin } = await signUp(label);
      const memberEmail = email(`${label.toLowerCase()}-member`);
      expect((await api.post('/api/invitations', { email: memberEmail, role: 'user' }, admin)).status).toBe(
        201,
      );
      const accepted = await api.post('/api/invitations/accept', {
        token: inviteTokenFrom(await sys.smtp.waitForMailTo(memberEmail)),
        name: 'Mo Member',
        password: PASSWORD,
      });
      expect(accepted.status).toBe(201);
      const member = await signIn(memberEmail);
      expect((await api.get('/api/auth/verify', member)).status).toBe(200); // in the verified cache
      return { admin, member, memberEmail, memberId: accepted.body.user.id as string };
    }

    it('PUT /api/users/{id}/role changes the role and ends the member’s sessions; only admins may', async () => {
      const { admin, member, memberEmail, memberId } = await team('Role');
      const forbidden = await api.put(`/api/users/${memberId}/role`, { role: 'admin' }, member);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error).toBe('Only administrators can change roles or remove users');

      const changed = await api.put(`/api/users/${memberId}/role`, { role: 'viewer' }, admin);
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ message: 'Role updated', user: { id: memberId, role: 'viewer' } });
      await refusedSoon(api, member);
      const again = await signIn(memberEmail);
      expect((await api.get('/api/auth/verify', again)).body.user).toMatchObject({ role: 'viewer' });
      expect((await api.get('/api/auth/verify', admin)).status).toBe(200);

      const bad = await api.put(`/api/users/${memberId}/role`, { role: 'owner' }, admin);
      expect(bad.status).toBe(400);
    });

    it('DELETE /api/users/{id} removes the member: off the list, sessions ended, no sign-in', async () => {
      const { admin, member, memberEmail, memberId } = await team('Remove');
      const removed = await api.delete(`/api/users/${memberId}`, admin);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: 'User removed' });
      await refusedSoon(api, member);
      expect((await api.post('/api/auth/login', { email: memberEmail, password: PASSWORD })).status).toBe(
        401,
      );
      const users = (await api.get('/api/users', admin)).body.users as { id: string }[];
      expect(users.map((u) => u.id)).not.toContain(memberId);
      expect((await api.delete(`/api/users/${memberId}`, admin)).status).toBe(404);
    });

    it('the last administrator cannot step down or remove themselves: 409 with the reason', async () => {
      const { token: admin } = await signUp('Alone');
      const me = (await api.get('/api/auth/verify', admin)).body.user.id as string;
      const demote = await api.put(`/api/users/${me}/role`, { role: 'user' }, admin);
      expect(demote.status).toBe(409);
      expect(demote.body.error).toBe(
        'You are the only administrator of your company. Make another user an administrator before changing your role.',
      );
      const remove = await api.delete(`/api/users/${me}`, admin);
      expect(remove.status).toBe(409);
      expect(remove.body.error).toMatch(/before removing yourself/);
      expect((await api.get('/api/auth/verify', admin)).status).toBe(200);
    });
  });

  describe('password reset by email', () => {
    it('answers the same for an address with and without an account, and mails a one-hour link only to the account', async () => {
      const { input } = await signUp('Forgot');
      const known = await api.post('/api/auth/forgot-password', { email: input.email.toUpperCase() });
      const unknown = await api.post('/api/auth/forgot-password', { email: `nobody-${input.email}` });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      expect(known.body.message).toBe(
        'If an account exists for that email, we have sent a link to reset the password.',
      );
      const mail = await sys.smtp.waitForMailTo(input.email);
      expect(decodeQuotedPrintable(mail.raw)).toContain('http://localhost:3000/reset-password?token=');
      expect(sys.smtp.mailsTo(`nobody-${input.email}`)).toHaveLength(0);
    });

    it('sets the new password once, ends every session, and refuses the used or a made-up token with 400', async () => {
      const { input, token } = await signUp('Reset');
      expect((await api.get('/api/auth/verify', token)).status).toBe(200);
      await api.post('/api/auth/forgot-password', { email: input.email });
      const resetToken = resetTokenFrom((await sys.smtp.waitForMailTo(input.email)).raw);
      const short = await api.post('/api/auth/reset-password', { token: resetToken, password: '12345' });
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('Password must be at least 6 characters');
      const ok = await api.post('/api/auth/reset-password', { token: resetToken, password: 'reset-pass-1' });
      expect(ok.status).toBe(200);
      await refusedSoon(api, token);
      expect((await api.post('/api/auth/login', { email: input.email, password: PASSWORD })).status).toBe(
        401,
      );
      expect((await api.get('/api/auth/verify', await signIn(input.email, 'reset-pass-1'))).status).toBe(200);
      const again = await api.post('/api/auth/reset-password', {
        token: resetToken,
        password: 'reset-pass-2',
      });
      expect(again.status).toBe(400);
      expect(again.body.error).toBe(
        'This password reset link is invalid or has expired. Please request a new one.',
      );
      const madeUp = await api.post('/api/auth/reset-password', {
        token: 'x'.repeat(43),
        password: 'reset-pass-2',
      });
      expect(madeUp.status).toBe(400);
    });

    it('voids the links sent before a reset or a password change (AP-2)', async () => {
      const { input, token } = await signUp('ResetVoids');
      const invalid = 'This password reset link is invalid or has expired. Please request a new one.';
      await api.post('/api/auth/forgot-password', { email: input.email });
      await api.post('/api/auth/forgot-password', { email: input.email });
      const [older, newer] = (await waitFor(() => {
        const mails = sys.smtp.mailsTo(input.email);
        return mails.length >= 2 ? mails : undefined;
      }))!.map((mail) => resetTokenFrom(mail.raw));
      expect(older).not.toBe(newer);
      expect(
        (await api.post('/api/auth/reset-password', { token: newer, password: 'reset-pass-1' })).status,
      ).toBe(200);
      const stale = await api.post('/api/auth/reset-password', { token: older, password: 'taken-over' });
      expect([stale.status, stale.body.error]).toEqual([400, invalid]);

      // A link sent before a password change opens nothing after it.
      await api.post('/api/auth/forgot-password', { email: input.email });
      const before = resetTokenFrom((await waitFor(() => sys.smtp.mailsTo(input.email)[2]))!.raw);
      const signedIn = await signIn(input.email, 'reset-pass-1');
      const changed = await api.put(
        '/api/auth/change-password',
        { currentPassword: 'reset-pass-1', newPassword: 'changed-pass-1' },
        signedIn,
      );
      expect(changed.status).toBe(200);
      const late = await api.post('/api/auth/reset-password', { token: before, password: 'taken-over' });
      expect([late.status, late.body.error]).toEqual([400, invalid]);
      expect(
        (await api.post('/api/auth/login', { email: input.email, password: 'changed-pass-1' })).status,
      ).toBe(200);
      expect(token).toBeTruthy();
    });

    it('refuses an expired token', async () => {
      const { input } = await signUp('Expired');
      await api.post('/api/auth/forgot-password', { email: input.email });
      const resetToken = resetTokenFrom((await sys.smtp.waitForMailTo(input.email)).raw);
      await sys.identity.database.withSystem((tx) =>
        tx.execute(
          sql`update identity.password_resets set expires_at = now() - interval '1 second'
               where user_id = (select id from identity.users where email = ${input.email})`,
        ),
      );
      const late = await api.post('/api/auth/reset-password', {
        token: resetToken,
        password: 'reset-pass-1',
      });
      expect(late.status).toBe(400);
    });

    it('limits reset emails per address and source (429)', async () => {
      const { input } = await signUp('Flood');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await api.post('/api/auth/forgot-password', { email: input.email })).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses).toContain(429);
    });
  });
});
