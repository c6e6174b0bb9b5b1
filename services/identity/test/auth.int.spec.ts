import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { Pool } from 'pg';
import {
  IdentityChangePassword,
  IdentityCustomerGet,
  IdentityInvitationCreate,
  IdentityInvitationRevoke,
  IdentityJwks,
  IdentityLanguageSet,
  IdentityLogin,
  IdentityProfileGet,
  IdentityProfilePictureSet,
  IdentityProfileUpdate,
  IdentityRegister,
  IdentityVerify,
  IDEMPOTENCY,
  MESSAGES,
  profilePicturePrefix,
} from '@planted/contracts';
import { runWithIdempotencyKey } from '@planted/messaging';
import { testDatabaseUrl } from '@planted/testing';
import {
  actorOf,
  errorOf,
  PASSWORD,
  registerCompany,
  startIdentity,
  uniqueEmail,
  type IdentityHarness,
} from './support/identity-harness';

let h: IdentityHarness;
let pool: Pool;

beforeAll(async () => {
  h = await startIdentity({ smtp: false });
  pool = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await h?.close();
});

describe('register (spec §7 POST /auth/register)', () => {
  it('answers a retry with its Idempotency-Key only with the password it was registered with', async () => {
    const key = randomUUID();
    const email = uniqueEmail('replay');
    const first = await runWithIdempotencyKey(key, () => registerCompany(h.client, { email }));
    // The retry of a lost reply: the same admin, a fresh session.
    const retry = await runWithIdempotencyKey(key, () => registerCompany(h.client, { email }));
    expect(retry.session.user.id).toBe(first.session.user.id);
    // Someone with the key and the company's details but not the password gets nothing.
    const stranger = await errorOf(
      runWithIdempotencyKey(key, () => registerCompany(h.client, { email, password: 'guessed-password' })),
    );
    expect(stranger).toEqual({ code: 'CONFLICT', message: IDEMPOTENCY.KEY_REUSED });
  });

  it('creates a free company with its creator as admin and a token the JWKS verifies with the §3 claims', async () => {
    const email = uniqueEmail('reg');
    const { session } = await registerCompany(h.client, {
      email,
      customerName: 'Bravo Hire',
      userName: 'Bob Builder',
    });

    expect(session.user).toMatchObject({
      email,
      name: 'Bob Builder',
      role: 'admin',
      is_active: true,
      language_preference: null,
    });
    expect(session.customer).toMatchObject({ name: 'Bravo Hire', status: 'free', subscription_plan: 'free' });
    expect(session.user.customer_id).toBe(session.customer.id);

    const jwks = await h.client.send(IdentityJwks, {});
    expect(jwks.keys[0]).toMatchObject({
      kid: expect.any(String),
      alg: 'EdDSA',
      use: 'sig',
      kty: 'OKP',
      crv: 'Ed25519',
    });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const { payload, protectedHeader } = await jwtVerify(session.token, createLocalJWKSet(jwks as never), {
      issuer: 'planted-identity',
      audience: 'planted',
    });
    expect(protectedHeader.kid).toBe(jwks.keys[0]!.kid);
    expect(Object.keys(payload).sort()).toEqual(
      ['aud', 'customer_id', 'email', 'exp', 'iat', 'iss', 'name', 'role', 'sid', 'sub', 'userId'].sort(),
    );
    expect(payload).toMatchObject({
      userId: session.user.id,
      sub: session.user.id,
      email,
      role: 'admin',
      name: 'Bob Builder',
      customer_id: session.customer.id,
    });
    expect(payload.exp! - payload.iat!).toBe(12 * 3600);
  });

  it('writes customer.created and user.created to the outbox in the same transaction', async () => {
    const { session } = await registerCompany(h.client);
    const { rows } = await pool.query<{ subject: string }>(
      'select subject from identity.outbox where customer_id = $1 order by occurred_at, subject',
      [session.customer.id],
    );
    expect(rows.map((r) => r.subject).sort()).toEqual([
      'identity.customer.created.v1',
      'identity.user.created.v1',
    ]);
  });

  it('refuses an email that already has an account, whatever its case (EMAIL_TAKEN)', async () => {
    const email = uniqueEmail('dup');
    await registerCompany(h.client, { email });
    const err = await errorOf(registerCompany(h.client, { email: email.toUpperCase() }));
    expect(err).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  it('answers field errors with the spec §5 messages', async () => {
    const err = await errorOf(
      h.client.send(IdentityRegister, {
        customerName: 'A',
        customerAddress: 'short',
        userName: 'Bo',
        email: 'x@y.z',
        password: 'secret',
      }),
    );
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.details).toEqual(
      expect.arrayContaining([
        { param: 'customerName', msg: 'Company name must be at least 2 characters' },
        { param: 'customerAddress', msg: 'Address must be at least 10 characters' },
      ]),
    );
  });

  it('stores an argon2id hash with at least the OWASP parameters, never the password', async () => {
    const { session } = await registerCompany(h.client);
    const { rows } = await pool.query<{ password_hash: string }>(
      'select password_hash from identity.users where id = $1',
      [session.user.id],
    );
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]!.password_hash).not.toContain(PASSWORD);
  });
});

describe('login (spec §7 POST /auth/login, §8 Invalid email or password)', () => {
  it('answers token, user and customer for the right password, with any email case', async () => {
    const { session, email } = await registerCompany(h.client);
    const login = await h.client.send(IdentityLogin, { email: email.toUpperCase(), password: PASSWORD });
    expect(login.user.id).toBe(session.user.id);
    expect(login.customer.id).toBe(session.customer.id);
    const { payload } = await jwtVerify(
      login.token,
      createLocalJWKSet((await h.client.send(IdentityJwks, {})) as never),
    );
    expect(payload.userId).toBe(session.user.id);
  });

  it('gives the same error for a wrong password and for an unknown email', async () => {
    const { email } = await registerCompany(h.client);
    const wrongPassword = await errorOf(
      h.client.send(IdentityLogin, { email, password: 'not the password' }),
    );
    const unknownEmail = await errorOf(
      h.client.send(IdentityLogin, { email: uniqueEmail('nobody'), password: PASSWORD }),
    );
    expect(wrongPassword).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('refuses an inactive user with the same error, even with the right password', async () => {
    const { session, email } = await registerCompany(h.client);
    await pool.query('update identity.users set is_active = false where id = $1', [session.user.id]);
    const err = await errorOf(h.client.send(IdentityLogin, { email, password: PASSWORD }));
    expect(err).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('refuses a user without a password (social sign-in only) with the same error', async () => {
    const { session, email } = await registerCompany(h.client);
    await pool.query('update identity.users set password_hash = null where id = $1', [session.user.id]);
    const err = await errorOf(h.client.send(IdentityLogin, { email, password: PASSWORD }));
    expect(err).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });
});

describe('profile and session (spec §7 GET /auth/profile, GET /auth/verify, PUT /auth/profile)', () => {
  it('answers the user and company of the token', async () => {
    const { session, actor } = await registerCompany(h.client);
    const profile = await h.client.send(IdentityProfileGet, { actor });
    expect(profile.user).toEqual(session.user);
    expect(profile.customer).toEqual(session.customer);
    expect((await h.client.send(IdentityVerify, { actor })).user.id).toBe(session.user.id);
    expect((await h.client.send(IdentityCustomerGet, { actor })).customer).toEqual(session.customer);
  });

  it('ends the session of a user that was deactivated (UNAUTHENTICATED)', async () => {
    const { session, actor } = await registerCompany(h.client);
    await pool.query('update identity.users set is_active = false where id = $1', [session.user.id]);
    expect(await errorOf(h.client.send(IdentityVerify, { actor }))).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Session is no longer valid',
    });
    expect((await errorOf(h.client.send(IdentityProfileGet, { actor }))).code).toBe('UNAUTHENTICATED');
  });

  it('updates name and email, records user.updated, and the new email signs in', async () => {
    const { session, actor } = await registerCompany(h.client);
    const newEmail = uniqueEmail('renamed');
    const { user } = await h.client.send(IdentityProfileUpdate, {
      actor,
      name: 'Alice Renamed',
      email: newEmail.toUpperCase(),
    });
    expect(user).toMatchObject({ id: session.user.id, name: 'Alice Renamed', email: newEmail });
    expect((await h.client.send(IdentityLogin, { email: newEmail, password: PASSWORD })).user.id).toBe(
      session.user.id,
    );
    const { rows } = await pool.query(
      "select 1 from identity.outbox where customer_id = $1 and subject = 'identity.user.updated.v1'",
      [session.customer.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses an email that belongs to someone else, even in another company (EMAIL_TAKEN)', async () => {
    const other = await registerCompany(h.client);
    const { actor } = await registerCompany(h.client);
    const err = await errorOf(
      h.client.send(IdentityProfileUpdate, { actor, name: 'Alice', email: other.email }),
    );
    expect(err).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  it('refuses an address another company has invited (its owner could no longer accept), until the invitation is gone', async () => {
    const inviter = await registerCompany(h.client);
    const { actor } = await registerCompany(h.client);
    const invited = uniqueEmail('invited');
    const created = await h.client.send(IdentityInvitationCreate, {
      actor: inviter.actor,
      email: invited,
      role: 'user',
    });
    const err = await errorOf(
      h.client.send(IdentityProfileUpdate, { actor, name: 'Alice', email: ` ${invited.toUpperCase()} ` }),
    );
    expect(err).toEqual({
      code: 'EMAIL_TAKEN',
      message:
        'This email has an invitation waiting. Its owner accepts it from the invitation email; use another address.',
    });
    await h.client.send(IdentityInvitationRevoke, { actor: inviter.actor, id: created.invitation.id });
    const { user } = await h.client.send(IdentityProfileUpdate, { actor, name: 'Alice', email: invited });
    expect(user.email).toBe(invited);
  });

  it('records a profile picture and answers the previous URL so the old file can be deleted', async () => {
    const { actor } = await registerCompany(h.client);
    const own = (name: string) => `${profilePicturePrefix(actor.userId)}${name}`;
    const first = await h.client.send(IdentityProfilePictureSet, {
      actor,
      profile_picture_url: own('a.jpg'),
    });
    expect(first).toMatchObject({
      previous_url: null,
      user: { profile_picture_url: own('a.jpg') },
    });
    const second = await h.client.send(IdentityProfilePictureSet, {
      actor,
      profile_picture_url: own('b.jpg'),
    });
    expect(second).toMatchObject({
      previous_url: own('a.jpg'),
      user: { profile_picture_url: own('b.jpg') },
    });
  });

  it("records no picture outside the user's own folder (someone else's file, another path)", async () => {
    const { actor } = await registerCompany(h.client);
    const other = await registerCompany(h.client);
    for (const url of [
      `${profilePicturePrefix(other.actor.userId)}theirs.jpg`,
      '/files/equipment/some-item.jpg',
      `${profilePicturePrefix(actor.userId)}../../equipment/x.jpg`,
      `${profilePicturePrefix(actor.userId)}..`,
      'https://example.com/me.jpg',
    ]) {
      const err = await errorOf(
        h.client.send(IdentityProfilePictureSet, { actor, profile_picture_url: url }),
      );
      expect({ url, code: err.code }).toEqual({ url, code: 'VALIDATION_FAILED' });
    }
    expect((await h.client.send(IdentityProfileGet, { actor })).user.profile_picture_url).toBeNull();
  });

  it('sets the language preference to en or es (spec §1) and rejects others', async () => {
    const { actor } = await registerCompany(h.client);
    expect(
      (await h.client.send(IdentityLanguageSet, { actor, language: 'es' })).user.language_preference,
    ).toBe('es');
    expect((await h.client.send(IdentityProfileGet, { actor })).user.language_preference).toBe('es');
    const err = await errorOf(h.client.send(IdentityLanguageSet, { actor, language: 'fr' as 'en' }));
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.LANGUAGE_INVALID });
  });
});

describe('change password (spec §7 PUT /auth/change-password)', () => {
  it('refuses a wrong current password (WRONG_PASSWORD)', async () => {
    const { actor } = await registerCompany(h.client);
    const err = await errorOf(
      h.client.send(IdentityChangePassword, {
        actor,
        currentPassword: 'wrong one',
        newPassword: 'brand new pass',
      }),
    );
    expect(err).toEqual({ code: 'WRONG_PASSWORD', message: 'Current password is incorrect' });
  });

  it('tells an account made through a social sign-in, which has no password, how to set one', async () => {
    const { actor, session } = await registerCompany(h.client);
    await pool.query('update identity.users set password_hash = null where id = $1', [session.user.id]);
    const err = await errorOf(
      h.client.send(IdentityChangePassword, {
        actor,
        currentPassword: 'anything',
        newPassword: 'brand new pass',
      }),
    );
    expect(err).toEqual({ code: 'WRONG_PASSWORD', message: MESSAGES.NO_PASSWORD_YET });
  });

  it('changes it: the new password signs in and the old one no longer does', async () => {
    const { actor, email } = await registerCompany(h.client);
    const reply = await h.client.send(IdentityChangePassword, {
      actor,
      currentPassword: PASSWORD,
      newPassword: 'brand new pass',
    });
    expect(reply.message).toBe('Password changed successfully');
    const login = await h.client.send(IdentityLogin, { email, password: 'brand new pass' });
    expect(actorOf(login.user)).toEqual(actor);
    expect((await errorOf(h.client.send(IdentityLogin, { email, password: PASSWORD }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
  });

  it('refuses the current password as the new one, on the field, after checking it', async () => {
    const { actor, email } = await registerCompany(h.client);
    const err = await errorOf(
      h.client.send(IdentityChangePassword, { actor, currentPassword: PASSWORD, newPassword: PASSWORD }),
    );
    expect(err).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'New password must be different from the current password',
      details: [{ param: 'newPassword', msg: 'New password must be different from the current password' }],
    });
    // Nothing changed: the session goes on and the password still signs in.
    expect(actorOf((await h.client.send(IdentityLogin, { email, password: PASSWORD })).user)).toEqual(actor);
  });

  it('requires at least 6 characters for the new password (spec §5)', async () => {
    const { actor } = await registerCompany(h.client);
    const err = await errorOf(
      h.client.send(IdentityChangePassword, { actor, currentPassword: PASSWORD, newPassword: '12345' }),
    );
    expect(err).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'New password must be at least 6 characters',
    });
  });
});

describe('JWKS', () => {
  it('publishes only public keys, each with kid, alg and use', async () => {
    const { keys } = await h.client.send(IdentityJwks, {});
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toEqual(
        expect.objectContaining({ kid: expect.any(String), alg: expect.any(String), use: 'sig' }),
      );
      expect(key).not.toHaveProperty('d');
    }
    const { session } = await registerCompany(h.client);
    expect(keys.map((k) => k.kid)).toContain(decodeProtectedHeader(session.token).kid);
  });
});
