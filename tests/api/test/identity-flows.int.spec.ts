import sharp from 'sharp';
import { SubscriptionChanged } from '@planted/contracts';
import { waitFor } from '@planted/testing';
import {
  client,
  company,
  email,
  inviteTokenFrom,
  PASSWORD,
  RETIRE_AFTER_SECONDS,
  startSystem,
  type System,
} from './system';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('spec §7 identity routes over HTTP (gateway → identity)', () => {
  let sys: System;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    sys = await startSystem({ LOGIN_RATE_LIMIT_PER_EMAIL: '5' });
    api = client(sys.url);
  });

  afterAll(async () => {
    await sys?.close();
  });

  describe('POST /api/auth/register', () => {
    it('creates a company on the free plan with its creator as admin and answers token, user, customer', async () => {
      const input = company('Reg');
      const res = await api.post('/api/auth/register', input);
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['customer', 'token', 'user']);
      expect(res.body.user).toMatchObject({
        name: input.userName,
        email: input.email,
        role: 'admin',
        is_active: true,
      });
      expect(res.body.user).not.toHaveProperty('password_hash');
      expect(res.body.customer).toMatchObject({
        name: input.customerName,
        address: input.customerAddress,
        status: 'free',
        subscription_plan: 'free',
      });
      const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({
        userId: res.body.user.id,
        email: input.email,
        role: 'admin',
        name: input.userName,
        customer_id: res.body.customer.id,
      });
      expect(claims.exp).toBeGreaterThan(claims.iat);
    });

    it('refuses an email that is already registered, whatever its case (409)', async () => {
      const input = company('Dup');
      expect((await api.post('/api/auth/register', input)).status).toBe(201);
      const again = await api.post(
        '/api/auth/register',
        company('Dup2', { email: input.email.toUpperCase() }),
      );
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: 'An account with this email already exists' });
    });

    it('answers field errors in (param, msg) form with the spec §5 messages', async () => {
      const res = await api.post('/api/auth/register', {
        customerName: 'A',
        customerAddress: 'Too short',
        userName: 'B',
        email: 'nope',
        password: '123',
      });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'customerName', msg: 'Company name must be at least 2 characters' },
        { param: 'customerAddress', msg: 'Address must be at least 10 characters' },
        { param: 'userName', msg: 'Name must be at least 2 characters' },
        { param: 'email', msg: 'Please enter a valid email address' },
        { param: 'password', msg: 'Password must be at least 6 characters' },
      ]);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password and answers token, user and customer', async () => {
      const input = company('Login');
      await api.post('/api/auth/register', input);
      const res = await api.post('/api/auth/login', { email: input.email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.user.email).toBe(input.email);
      expect(res.body.customer.name).toBe(input.customerName);
      expect(typeof res.body.token).toBe('string');
    });

    it('gives the same answer and status for an unknown email and a wrong password', async () => {
      const input = company('Same');
      await api.post('/api/auth/register', input);
      const wrong = await api.post('/api/auth/login', { email: input.email, password: 'not-the-password' });
      const unknown = await api.post('/api/auth/login', {
        email: email('ghost'),
        password: 'not-the-password',
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'Invalid email or password' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('limits attempts per email in Redis and answers 429 with a message and Retry-After', async () => {
      const target = email('brute');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await api.post('/api/auth/login', { email: target, password: `guess-${i}` })).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      const blocked = await api.post('/api/auth/login', { email: target, password: 'guess' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatch(
        /^Too many login attempts\. Please try again in \d+ (?:second|minute)s?\.$/,
      );
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('profile, verify, password and language', () => {
    let token: string;
    let input: ReturnType<typeof company>;

    beforeAll(async () => {
      input = company('Prof');
      token = (await api.post('/api/auth/register', input)).body.token;
    });

    it('GET /api/auth/profile answers user and customer; /verify answers the user', async () => {
      const profile = await api.get('/api/auth/profile', token);
      expect(profile.status).toBe(200);
      expect(profile.body.user.email).toBe(input.email);
      expect(profile.body.customer.name).toBe(input.customerName);
      const verify = await api.get('/api/auth/verify', token);
      expect(verify.status).toBe(200);
      expect(verify.body.user.id).toBe(profile.body.user.id);
    });

    it('refuses a tampered or unsigned token with 401', async () => {
      const [h, p, s] = token.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      const forged = Buffer.from(
        JSON.stringify({ ...claims, role: 'admin', customer_id: '00000000-0000-4000-8000-000000000000' }),
      ).toString('base64url');
      expect((await api.get('/api/auth/profile', `${h}.${forged}.${s}`)).status).toBe(401);
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      expect((await api.get('/api/auth/profile', `${none}.${p}.`)).status).toBe(401);
      expect((await api.get('/api/auth/profile', 'garbage')).status).toBe(401);
    });

    it('PUT /api/auth/profile updates name and email and refuses an email in use (409)', async () => {
      const other = company('Other');
      await api.post('/api/auth/register', other);
      const taken = await api.put('/api/auth/profile', { name: 'New Name', email: other.email }, token);
      expect(taken.status).toBe(409);
      const bad = await api.put('/api/auth/profile', { name: '', email: 'x' }, token);
      expect(bad.status).toBe(400);
      const newEmail = email('renamed');
      const ok = await api.put('/api/auth/profile', { name: 'Renamed Person', email: newEmail }, token);
      expect(ok.status).toBe(200);
      expect(ok.body.user).toMatchObject({ name: 'Renamed Person', email: newEmail });
      token = ok.body.token; // a new email ends the other sessions, and this one's token names the old address
      expect((await api.post('/api/auth/login', { email: newEmail, password: PASSWORD })).status).toBe(200);
      input.email = newEmail;
    });

    it('PUT /api/auth/profile answers "in use" only a few times per user (it tells whether an address has an account)', async () => {
      const prober = company('Prober');
      const probe = (await api.post('/api/auth/register', prober)).body.token as string;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const other = company(`Probed${i}`);
        await api.post('/api/auth/register', other);
        statuses.push(
          (await api.put('/api/auth/profile', { name: 'Probe', email: other.email }, probe)).status,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([409, 409, 409]);
      expect(statuses).toContain(429);
      const blocked = await api.put('/api/auth/profile', { name: 'Probe', email: email('free') }, probe);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatch(
        /^Too many attempts\. Please try again in \d+ (?:second|minute)s?\.$/,
      );
    });

    it('PUT /api/auth/change-password checks the current password and the new one’s length', async () => {
      const wrong = await api.put(
        '/api/auth/change-password',
        { currentPassword: 'nope-nope', newPassword: 'another-one' },
        token,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('Current password is incorrect');
      const short = await api.put(
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: '12345' },
        token,
      );
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('New password must be at least 6 characters');
      const ok = await api.put(
        '/api/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'brand-new-pass' },
        token,
      );
      expect(ok.status).toBe(200);
      token = ok.body.token;
      expect((await api.post('/api/auth/login', { email: input.email, password: PASSWORD })).status).toBe(
        401,
      );
      expect(
        (await api.post('/api/auth/login', { email: input.email, password: 'brand-new-pass' })).status,
      ).toBe(200);
    });

    it('PUT /api/users/language stores en or es and refuses anything else', async () => {
      const es = await api.put('/api/users/language', { language: 'es' }, token);
      expect(es.status).toBe(200);
      expect(es.body.user.language_preference).toBe('es');
      expect((await api.get('/api/auth/profile', token)).body.user.language_preference).toBe('es');
      const fr = await api.put('/api/users/language', { language: 'fr' }, token);
      expect(fr.status).toBe(400);
    });

    it('POST /api/auth/profile-picture stores a real image and serves it; refuses non-images and files over 10 MB', async () => {
      const ok = await api.upload(
        '/api/auth/profile-picture',
        'profilePicture',
        PNG,
        'profile-picture.jpg',
        'image/jpeg',
        token,
      );
      expect(ok.status).toBe(200);
      expect(ok.body.profile_picture_url).toMatch(/^\/files\/profile-pictures\/.+\.png$/);
      expect(ok.body.user.profile_picture_url).toBe(ok.body.profile_picture_url);
      const file = await fetch(sys.url + ok.body.profile_picture_url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      // Kept by the browser, never by a shared cache (a removed picture is gone from every cache).
      expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      // What is served is the re-encoded picture (issue 8), still the same 1×1 PNG.
      const served = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([served.format, served.width, served.height]).toEqual(['png', 1, 1]);

      const fake = await api.upload(
        '/api/auth/profile-picture',
        'profilePicture',
        Buffer.from('<html>not an image</html>'),
        'x.jpg',
        'image/jpeg',
        token,
      );
      expect(fake.status).toBe(415);
      expect(fake.body.error).toBe('Please select an image file');

      const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
      const tooBig = await api.upload(
        '/api/auth/profile-picture',
        'profilePicture',
        big,
        'big.png',
        'image/png',
        token,
      );
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.error).toBe('Image must be less than 10MB');

      // Replacing the picture removes the old file, once pages showing it have had time to move on.
      const again = await api.upload(
        '/api/auth/profile-picture',
        'profilePicture',
        PNG,
        'p.png',
        'image/png',
        token,
      );
      expect(again.status).toBe(200);
      expect((await fetch(sys.url + ok.body.profile_picture_url)).status).toBe(200);
      await waitFor(
        async () => ((await fetch(sys.url + ok.body.profile_picture_url)).status === 404 ? true : undefined),
        (RETIRE_AFTER_SECONDS + 15) * 1000,
        200,
      );
      expect((await fetch(sys.url + ok.body.profile_picture_url)).status).toBe(404);
    });
  });

  describe('invitations to acceptance, and the free plan user limit', () => {
    it('invites by email, validates, accepts once, and refuses inviting a third user on the free plan', async () => {
      const input = company('Team');
      const admin = (await api.post('/api/auth/register', input)).body;
      const invitee = email('invitee');

      const created = await api.post(
        '/api/invitations',
        { email: invitee, name: 'Ivy Invitee', role: 'viewer' },
        admin.token,
      );
      expect(created.status).toBe(201);
      expect(created.body.invitation).toMatchObject({ email: invitee, name: 'Ivy Invitee', role: 'viewer' });
      expect(JSON.stringify(created.body)).not.toMatch(/token/i);

      const token = inviteTokenFrom(await sys.smtp.waitForMailTo(invitee));
      const valid = await api.get(`/api/invitations/validate?token=${token}`);
      expect(valid.status).toBe(200);
      expect(valid.body.invitation).toEqual({
        email: invitee,
        name: 'Ivy Invitee',
        role: 'viewer',
        customer_name: input.customerName,
      });

      const noName = await api.post('/api/invitations/accept', { token, password: 'viewer-pass' });
      expect(noName.status).toBe(400);
      expect(noName.body.details).toEqual([{ param: 'name', msg: 'Name is required' }]);

      const accepted = await api.post('/api/invitations/accept', {
        token,
        name: 'Ivy Invitee',
        password: 'viewer-pass',
      });
      expect(accepted.status).toBe(201);
      expect(accepted.body.user).toMatchObject({
        email: invitee,
        role: 'viewer',
        customer_id: admin.customer.id,
      });

      const reuse = await api.post('/api/invitations/accept', {
        token,
        name: 'Ivy Again',
        password: 'viewer-pass',
      });
      expect(reuse.status).toBe(400);
      expect(reuse.body.error).toBe('Invalid or expired invitation');
      expect((await api.get(`/api/invitations/validate?token=${token}`)).body.error).toBe(
        'Invalid or expired invitation',
      );
      expect((await api.get('/api/invitations/validate')).body.error).toBe('Invalid invitation link');

      const viewer = await api.post('/api/auth/login', { email: invitee, password: 'viewer-pass' });
      expect(viewer.status).toBe(200);
      const users = await api.get('/api/users', admin.token);
      expect(users.body.users.map((u: { email: string }) => u.email).sort()).toEqual(
        [input.email, invitee].sort(),
      );

      // A viewer cannot invite.
      const forbidden = await api.post('/api/invitations', { email: email('nope') }, viewer.body.token);
      expect(forbidden.status).toBe(403);

      // The free plan allows 2 users: inviting a third is refused with the limit.
      const refused = await api.post('/api/invitations', { email: email('third') }, admin.token);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/up to 2 users/);
      expect((await api.get('/api/users', admin.token)).body.users).toHaveLength(2);
    });
  });

  describe('pending invitations: GET /api/invitations, resend and revoke (issue 7 item 5)', () => {
    async function inviteAs(adminToken: string, label: string, role = 'user') {
      const address = email(label);
      const created = await api.post('/api/invitations', { email: address, role }, adminToken);
      expect(created.status).toBe(201);
      const mail = await sys.smtp.waitForMailTo(created.body.invitation.email);
      return { id: created.body.invitation.id as string, email: created.body.invitation.email, mail };
    }

    it('sends at most 30 invitation emails an hour for one company, new and resent alike', async () => {
      const admin = (await api.post('/api/auth/register', company('Mailer'))).body;
      // The free plan holds one pending invitation: six invitees in turn, each sent the
      // invitation and four more (an invitation is sent again at most five times an hour).
      const invitees: string[] = [];
      for (let round = 1; round <= 6; round++) {
        const invited = await inviteAs(admin.token, `often-${round}`);
        invitees.push(invited.email);
        for (let again = 1; again <= 4; again++) {
          const resent = await api.post(`/api/invitations/${invited.id}/resend`, undefined, admin.token);
          expect({ round, again, status: resent.status }).toEqual({ round, again, status: 200 });
        }
        if (round < 6)
          expect((await api.delete(`/api/invitations/${invited.id}`, admin.token)).status).toBe(200);
      }
      const another = await api.post(
        '/api/invitations',
        { email: email('another'), role: 'user' },
        admin.token,
      );
      expect(another.status).toBe(429);
      expect(another.body.error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
      // 30 emails went out, and no more.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(invitees.map((address) => sys.smtp.mailsTo(address).length)).toEqual(Array(6).fill(5));
    });

    it('sends one address at most 5 invitation emails an hour, whichever companies invite it, and one invitation at most 5 times again (audit AW-2)', async () => {
      const target = email('bombed');
      for (let n = 1; n <= 5; n++) {
        const admin = (await api.post('/api/auth/register', company(`Bomber${n}`))).body;
        const created = await api.post('/api/invitations', { email: target, role: 'user' }, admin.token);
        expect({ n, status: created.status }).toEqual({ n, status: 201 });
      }
      const sixth = (await api.post('/api/auth/register', company('Bomber6'))).body;
      const refused = await api.post(
        '/api/invitations',
        { email: target.toUpperCase(), role: 'user' },
        sixth.token,
      );
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
      // Another address from that company still goes.
      const other = await inviteAs(sixth.token, 'not-bombed');
      for (let again = 1; again <= 5; again++)
        expect((await api.post(`/api/invitations/${other.id}/resend`, undefined, sixth.token)).status).toBe(
          200,
        );
      const tooOften = await api.post(`/api/invitations/${other.id}/resend`, undefined, sixth.token);
      expect(tooOften.status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sys.smtp.mailsTo(target)).toHaveLength(5);
      expect(sys.smtp.mailsTo(other.email)).toHaveLength(6);
    });

    it('lists pending invitations and seats (an open invitation holds one); revoke frees it; resend replaces the link', async () => {
      const admin = (await api.post('/api/auth/register', company('Pending'))).body;
      const ivy = await inviteAs(admin.token, 'ivy', 'viewer');
      // The free plan's 2 seats: the admin and Ivy's invitation. No third invitee is left to find out on accepting.
      const ned = email('ned');
      const refused = await api.post('/api/invitations', { email: ned, role: 'user' }, admin.token);
      expect([refused.status, refused.body.error]).toEqual([
        403,
        'Your plan allows up to 2 users: 1 user and 1 pending invitation take every seat. Revoke an invitation or upgrade your subscription to invite more.',
      ]);
      expect(sys.smtp.mailsTo(ned)).toHaveLength(0);

      const listed = await api.get('/api/invitations', admin.token);
      expect(listed.status).toBe(200);
      expect(listed.body.seats).toEqual({ used: 1, pending: 1, limit: 2, plan: 'free' });
      expect(listed.body.invitations.map((i: { id: string }) => i.id)).toEqual([ivy.id]);
      expect(listed.body.invitations[0]).toMatchObject({
        email: ivy.email,
        role: 'viewer',
        invited_by_name: admin.user.name,
      });
      expect(JSON.stringify(listed.body)).not.toMatch(/token/i);

      const ivyToken = inviteTokenFrom(ivy.mail);
      const revoked = await api.delete(`/api/invitations/${ivy.id}`, admin.token);
      expect(revoked.status).toBe(200);
      expect(revoked.body).toEqual({ message: 'Invitation revoked' });
      expect((await api.get(`/api/invitations/validate?token=${ivyToken}`)).body.error).toBe(
        'Invalid or expired invitation',
      );
      expect((await api.delete(`/api/invitations/${ivy.id}`, admin.token)).status).toBe(404);

      // The seat is free again.
      const nedInvited = await inviteAs(admin.token, 'ned');
      const oldToken = inviteTokenFrom(nedInvited.mail);
      const resent = await api.post(`/api/invitations/${nedInvited.id}/resend`, undefined, admin.token);
      expect(resent.status).toBe(200);
      expect(resent.body).toMatchObject({
        invitation: { id: nedInvited.id, email: nedInvited.email },
        message: 'Invitation sent',
      });
      const newMail = await waitFor(() => sys.smtp.mailsTo(nedInvited.email)[1]);
      const newToken = inviteTokenFrom(newMail);
      expect(newToken).not.toBe(oldToken);
      const old = await api.post('/api/invitations/accept', {
        token: oldToken,
        name: 'Ned Old',
        password: PASSWORD,
      });
      expect(old.status).toBe(400);
      expect(old.body.error).toBe('Invalid or expired invitation');
      const accepted = await api.post('/api/invitations/accept', {
        token: newToken,
        name: 'Ned Invitee',
        password: PASSWORD,
      });
      expect(accepted.status).toBe(201);
      expect(accepted.body.user).toMatchObject({
        email: nedInvited.email,
        role: 'user',
        customer_id: admin.customer.id,
      });

      const after = await api.get('/api/invitations', admin.token);
      expect(after.body).toEqual({ invitations: [], seats: { used: 2, pending: 0, limit: 2, plan: 'free' } });
    });

    it('answers 403 to a user or viewer, and 401 without a session', async () => {
      const admin = (await api.post('/api/auth/register', company('Gate'))).body;
      // On Teams (5 users), as billing's event would set it: room for a viewer and a pending invitation.
      await sys.publishEvent(
        SubscriptionChanged,
        {
          customer_id: admin.customer.id,
          plan: 'teams',
          status: 'active',
          subscription_start_date: new Date().toISOString(),
          subscription_end_date: null,
          subscription_canceled_at: null,
        },
        admin.customer.id,
      );
      await waitFor(async () =>
        (await api.get('/api/invitations', admin.token)).body.seats?.plan === 'teams' ? true : undefined,
      );
      const viewer = await inviteAs(admin.token, 'gate-viewer', 'viewer');
      const pending = await inviteAs(admin.token, 'gate-pending');
      await api.post('/api/invitations/accept', {
        token: inviteTokenFrom(viewer.mail),
        name: 'Gate Viewer',
        password: PASSWORD,
      });
      const viewerToken = (await api.post('/api/auth/login', { email: viewer.email, password: PASSWORD }))
        .body.token;

      const answers = [
        await api.get('/api/invitations', viewerToken),
        await api.post(`/api/invitations/${pending.id}/resend`, undefined, viewerToken),
        await api.delete(`/api/invitations/${pending.id}`, viewerToken),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ error: 'Only administrators can manage invitations' });
      }
      expect((await api.get('/api/invitations')).status).toBe(401);
      expect((await api.delete(`/api/invitations/${pending.id}`)).status).toBe(401);
      // Still pending and usable.
      expect((await api.get(`/api/invitations/validate?token=${inviteTokenFrom(pending.mail)}`)).status).toBe(
        200,
      );
    });

    it("answers 404 to another company for the first one's invitation, which it never sees", async () => {
      const a = (await api.post('/api/auth/register', company('Apple'))).body;
      const b = (await api.post('/api/auth/register', company('Banana'))).body;
      const invitation = await inviteAs(a.token, 'apple-only');

      expect((await api.get('/api/invitations', b.token)).body.invitations).toEqual([]);
      for (const answer of [
        await api.post(`/api/invitations/${invitation.id}/resend`, undefined, b.token),
        await api.delete(`/api/invitations/${invitation.id}`, b.token),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ error: 'Invitation not found' });
      }
      expect(
        (await api.get(`/api/invitations/validate?token=${inviteTokenFrom(invitation.mail)}`)).status,
      ).toBe(200);
      expect(
        (await api.get('/api/invitations', a.token)).body.invitations.map((i: { id: string }) => i.id),
      ).toEqual([invitation.id]);
      expect(await api.delete('/api/invitations/not-an-id', a.token)).toMatchObject({
        status: 404,
        body: { error: 'Invitation not found' },
      });
    });
  });

  describe('a second company never sees or changes the first one’s users', () => {
    it('keeps users, customer, profile and GraphQL answers to the caller’s company', async () => {
      const a = (await api.post('/api/auth/register', company('Alpha'))).body;
      const b = (await api.post('/api/auth/register', company('Bravo'))).body;

      const bUsers = await api.get('/api/users', b.token);
      expect(bUsers.body.users.map((u: { id: string }) => u.id)).toEqual([b.user.id]);
      expect((await api.get('/api/customers', b.token)).body.customer.id).toBe(b.customer.id);

      // Anything naming A in a body is ignored: the company comes from the token only.
      const sneaky = await api.put(
        '/api/auth/profile',
        { name: 'Bravo Admin', email: b.user.email, customer_id: a.customer.id, id: a.user.id },
        b.token,
      );
      expect(sneaky.status).toBe(200);
      expect(sneaky.body.user.id).toBe(b.user.id);
      expect((await api.get('/api/auth/profile', a.token)).body.user.name).toBe(a.user.name);

      // B cannot invite A's admin into B, nor take over A's address.
      const invite = await api.post('/api/invitations', { email: a.user.email }, b.token);
      expect(invite.status).toBe(409);

      const gql = await fetch(sys.url + '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
        body: JSON.stringify({ query: '{ me { customer { id } } users { id email } }' }),
      });
      const data = (await gql.json()) as {
        data: { me: { customer: { id: string } }; users: { id: string }[] };
      };
      expect(data.data.me.customer.id).toBe(b.customer.id);
      expect(data.data.users.map((u) => u.id)).toEqual([b.user.id]);
    });
  });
});
