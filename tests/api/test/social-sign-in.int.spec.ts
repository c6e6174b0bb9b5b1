import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, exportPKCS8, generateKeyPair } from 'jose';
import { parseConfig } from '@planted/config';
import {
  FakeOidcProvider,
  freePort,
  parseAutoSubmitForm,
  testServiceEnv,
  uniqueName,
} from '@planted/testing';
import { createGatewayApp, type GatewayApp } from '@planted/gateway/src/app';
import { gatewayEnvSchema } from '@planted/gateway/src/config';
import {
  client,
  company,
  email,
  inviteTokenFrom,
  PASSWORD,
  resetTokenFrom,
  startSystem,
  type Json,
  type System,
} from './system';

const APPLE_TEAM = 'TEAM123456';
const APPLE_KEY_ID = 'KEY1234567';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

/**
 * Spec §4 Social sign-in, §2 Signup (social completion mode) and Auth success, §7 the
 * google/microsoft/apple routes and §8 'Social completion failure', through the real
 * protocol: the gateway's passport strategies talk to local OpenID Connect providers,
 * and the test plays the browser, following every Location (and Apple's form_post)
 * with redirect: 'manual'.
 */
describe('social sign-in with Google, Microsoft and Apple (spec §4, §7)', () => {
  let sys: System;
  let api: ReturnType<typeof client>;
  let appUrl: string;
  const google = new FakeOidcProvider({ signingAlg: 'RS256' });
  // ES256 here so both id_token algorithms the gateway accepts are exercised. Like Microsoft's
  // multi-tenant endpoint, its issuer names the user's tenant.
  const microsoft = new FakeOidcProvider({ signingAlg: 'ES256', issuerPath: `/${TENANT}/v2.0` });
  const microsoftUser = (
    user: { sub: string; email: string; emailVerified: boolean; name: string },
    tid = TENANT,
  ) => microsoft.setUser({ ...user, claims: { tid } });
  const apple = new FakeOidcProvider({ signingAlg: 'RS256', appleQuirks: true });

  beforeAll(async () => {
    await Promise.all([google.start(), microsoft.start(), apple.start()]);
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    const callback = (provider: string) => `${appUrl}/api/auth/${provider}/callback`;
    google.addClient({
      clientId: 'planted-google',
      clientSecret: 'google-secret',
      redirectUris: [callback('google')],
    });
    microsoft.addClient({
      clientId: 'planted-microsoft',
      clientSecret: 'microsoft-secret',
      redirectUris: [callback('microsoft')],
    });
    const appleKey = await generateKeyPair('ES256', { extractable: true });
    apple.addClient({
      clientId: 'uk.planted.web',
      redirectUris: [callback('apple')],
      clientSecretJwt: { publicKey: appleKey.publicKey, teamId: APPLE_TEAM, keyId: APPLE_KEY_ID },
    });

    const endpoints = (prefix: string, op: FakeOidcProvider) => ({
      [`${prefix}_ISSUER`]: op.endpoints.issuer,
      [`${prefix}_AUTHORIZATION_URL`]: op.endpoints.authorizationURL,
      [`${prefix}_TOKEN_URL`]: op.endpoints.tokenURL,
      [`${prefix}_JWKS_URL`]: op.endpoints.jwksURL,
    });
    sys = await startSystem({
      PORT: String(port),
      APP_URL: appUrl,
      GOOGLE_CLIENT_ID: 'planted-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      ...endpoints('GOOGLE', google),
      MICROSOFT_CLIENT_ID: 'planted-microsoft',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
      ...endpoints('MICROSOFT', microsoft),
      MICROSOFT_ISSUER: `${microsoft.url}/{tenantid}/v2.0`,
      APPLE_CLIENT_ID: 'uk.planted.web',
      APPLE_TEAM_ID: APPLE_TEAM,
      APPLE_KEY_ID: APPLE_KEY_ID,
      APPLE_PRIVATE_KEY: await exportPKCS8(appleKey.privateKey),
      ...endpoints('APPLE', apple),
    });
    api = client(sys.url);
  });

  afterAll(async () => {
    await sys?.close();
    await Promise.all([google.stop(), microsoft.stop(), apple.stop()]);
  });

  /** This browser's cookies for the app, by name and path (the gateway binds each sign-in to one). */
  const jar = new Map<string, { name: string; value: string; path: string }>();

  function keepCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => a.toLowerCase() === 'max-age=0');
      if (expired) jar.delete(`${name} ${path}`);
      else jar.set(`${name} ${path}`, { name, value, path });
    }
  }

  function cookiesFor(url: URL): string | undefined {
    const sent = [...jar.values()].filter((c) => url.pathname.startsWith(c.path));
    return sent.length ? sent.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  /** One hop as this browser makes it: no automatic redirects, the app's cookies kept and sent. */
  async function hop(url: URL, init: RequestInit = {}): Promise<Response> {
    const ours = url.origin === appUrl;
    const headers = new Headers(init.headers);
    const cookie = ours ? cookiesFor(url) : undefined;
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    if (ours) keepCookies(res);
    return res;
  }

  /** The same hop from another browser: no cookies at all. */
  const hopElsewhere = (url: URL) => fetch(url, { redirect: 'manual' });

  /**
   * Follows the gateway's and the provider's redirects (and submits form_post pages) from
   * a sign-in button's URL until the browser lands on a web screen of ours.
   */
  async function browse(start: string): Promise<URL> {
    let url = new URL(start, appUrl);
    let init: RequestInit = {};
    for (let hops = 0; hops < 10; hops++) {
      const res = await hop(url, init);
      init = {};
      if (res.status === 302 || res.status === 303) {
        url = new URL(res.headers.get('location')!, url);
        if (url.origin === appUrl && !url.pathname.startsWith('/api/')) return url;
        continue;
      }
      if (res.status === 200 && res.headers.get('content-type')?.startsWith('text/html')) {
        const form = parseAutoSubmitForm(await res.text());
        url = new URL(form.action);
        init = {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form.fields).toString(),
        };
        continue;
      }
      throw new Error(`unexpected ${res.status} from ${url}: ${await res.text()}`);
    }
    throw new Error(`too many redirects from ${start}`);
  }

  /** Up to the provider's answer: the callback URL (with code and state) the provider sends the browser to. */
  async function untilCallback(start: string): Promise<URL> {
    const toProvider = await hop(new URL(start, appUrl));
    expect(toProvider.status).toBe(302);
    const back = await hop(new URL(toProvider.headers.get('location')!));
    expect(back.status).toBe(302);
    return new URL(back.headers.get('location')!);
  }

  /** POST complete-signup from this browser: its cookies for that path go along (the signup binding). */
  function completeSignup(url: string, body: unknown) {
    const cookie = cookiesFor(new URL(url, appUrl));
    return api.request('POST', url, { body, headers: cookie ? { cookie } : {} });
  }

  function query(url: URL): Record<string, string> {
    return Object.fromEntries(url.searchParams);
  }

  const signupFields = (label: string) => ({
    customerName: `${label} Plant Hire Ltd`,
    customerAddress: '12 Quarry Road, Sheffield S1 2AB',
    userName: `${label} Admin`,
  });

  describe('(a)+(b) a new Google user', () => {
    const sub = uniqueName('google-sub');
    const gEmail = email('gina');

    beforeAll(() => google.setUser({ sub, email: gEmail, emailVerified: true, name: 'Gina Google' }));

    it('is sent to Google with state, nonce and an S256 PKCE challenge, then lands on /signup in social completion mode', async () => {
      const landing = await browse('/api/auth/google?state=signup');
      const asked = google.lastAuthorizationRequest!;
      expect(asked).toMatchObject({
        client_id: 'planted-google',
        redirect_uri: `${appUrl}/api/auth/google/callback`,
        response_type: 'code',
        code_challenge_method: 'S256',
      });
      expect(asked.scope.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
      expect(asked.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(asked.nonce).toBeTruthy();
      expect(asked.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

      expect(landing.pathname).toBe('/signup');
      expect(query(landing)).toEqual({
        error: 'no_tenancy',
        googleId: sub,
        email: gEmail,
        name: 'Gina Google',
      });
    });

    it('complete-signup creates the company and its admin; the token works on GET /api/auth/profile', async () => {
      const fields = signupFields('Gina');
      const res = await completeSignup('/api/auth/google/complete-signup', {
        ...fields,
        email: gEmail,
        googleId: sub,
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({
        email: gEmail,
        name: 'Gina Admin',
        role: 'admin',
        is_active: true,
      });
      expect(res.body.customer).toMatchObject({
        name: fields.customerName,
        status: 'free',
        subscription_plan: 'free',
      });

      const profile = await api.get('/api/auth/profile', res.body.token);
      expect(profile.status).toBe(200);
      expect(profile.body.user).toMatchObject({ id: res.body.user.id, email: gEmail, role: 'admin' });
      expect(profile.body.customer.id).toBe(res.body.customer.id);
    });

    it('a completed signup cannot be completed again', async () => {
      const again = await completeSignup('/api/auth/google/complete-signup', {
        ...signupFields('Again'),
        email: gEmail,
        googleId: sub,
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: 'Failed to complete OAuth signup' });
    });

    it('has no password: signing in with one keeps failing with the usual message (spec §8 Login failure)', async () => {
      const res = await api.post('/api/auth/login', { email: gEmail, password: PASSWORD });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid email or password' });
    });

    it('(b) signing in again lands on /auth/success with a working token and the customer', async () => {
      // The login screen's button sends no state (web SocialButtons).
      const landing = await browse('/api/auth/google');
      expect(landing.pathname).toBe('/auth/success');
      const token = landing.searchParams.get('token')!;
      const customer = JSON.parse(landing.searchParams.get('customer')!) as Json;

      const profile = await api.get('/api/auth/profile', token);
      expect(profile.status).toBe(200);
      expect(profile.body.user.email).toBe(gEmail);
      expect(customer).toEqual(profile.body.customer);
    });

    it('answers the redirects that carry a token uncacheable and with the security headers', async () => {
      const callback = await untilCallback('/api/auth/google');
      const res = await hop(callback);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^\/auth\/success\?token=/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    });
  });

  /** Resets the password through the emailed link: the user proves they read mail at the address. */
  async function resetThroughEmail(address: string): Promise<void> {
    expect((await api.post('/api/auth/forgot-password', { email: address })).status).toBe(200);
    const token = resetTokenFrom((await sys.smtp.waitForMailTo(address)).raw);
    expect((await api.post('/api/auth/reset-password', { token, password: PASSWORD })).status).toBe(200);
  }

  describe('(c) Microsoft and an existing password user', () => {
    it('does not link to a self-registered account that has not proved it owns the email (pre-hijacking)', async () => {
      // Anyone can register, or put on their profile, an address that is someone else's.
      const input = company('Squatter');
      const registered = await api.post('/api/auth/register', input);
      expect(registered.status).toBe(201);
      const sub = uniqueName('ms-victim');
      microsoftUser({ sub, email: input.email, emailVerified: true, name: 'Real Owner' });

      const landing = await browse('/api/auth/microsoft');
      expect(`${landing.pathname}${landing.search}`).toBe('/login?error=email_unverified');
      // Not linked: the password account is as it was, and no company was made.
      const login = await api.post('/api/auth/login', { email: input.email, password: PASSWORD });
      expect(login.body.user.id).toBe(registered.body.user.id);
      expect((await browse('/api/auth/microsoft')).search).toBe('?error=email_unverified');
    });

    it('links the Microsoft account by its verified email once the user has proved the address (a password reset), and signs them in', async () => {
      const input = company('Linked');
      const registered = await api.post('/api/auth/register', input);
      expect(registered.status).toBe(201);
      await resetThroughEmail(input.email);
      const sub = uniqueName('ms-sub');
      microsoftUser({ sub, email: input.email.toUpperCase(), emailVerified: true, name: 'Linked Person' });

      const landing = await browse('/api/auth/microsoft');
      expect(landing.pathname).toBe('/auth/success');
      const profile = await api.get('/api/auth/profile', landing.searchParams.get('token')!);
      expect(profile.body.user.id).toBe(registered.body.user.id);
      expect(profile.body.customer.id).toBe(registered.body.customer.id);

      // Linked by id from now on: the provider's address may change, the account stays the same.
      microsoftUser({ sub, email: email('renamed'), emailVerified: true, name: 'Linked Person' });
      const again = await browse('/api/auth/microsoft');
      expect(again.pathname).toBe('/auth/success');
      expect(decodeJwt(again.searchParams.get('token')!).userId).toBe(registered.body.user.id);

      // And the password still works.
      expect((await api.post('/api/auth/login', { email: input.email, password: PASSWORD })).status).toBe(
        200,
      );
    });

    it('links an invited member at once (the invitation went to the address), and no longer once they change it on the profile', async () => {
      const owner = company('Inviter');
      const admin = (await api.post('/api/auth/register', owner)).body.token as string;
      const memberEmail = email('invited');
      expect((await api.post('/api/invitations', { email: memberEmail, role: 'user' }, admin)).status).toBe(
        201,
      );
      const token = inviteTokenFrom(await sys.smtp.waitForMailTo(memberEmail));
      expect(
        (await api.post('/api/invitations/accept', { token, name: 'Ivy Invited', password: PASSWORD }))
          .status,
      ).toBe(201);
      const sub = uniqueName('ms-invited');
      microsoftUser({ sub, email: memberEmail, emailVerified: true, name: 'Ivy Invited' });
      const linked = await browse('/api/auth/microsoft');
      expect(linked.pathname).toBe('/auth/success');
      const session = linked.searchParams.get('token')!;

      // A new address on the profile is unproven: Google vouching for it links nothing.
      const renamed = email('renamed-ivy');
      const changed = await api.put('/api/auth/profile', { name: 'Ivy Invited', email: renamed }, session);
      expect(changed.status).toBe(200);
      google.setUser({ sub: uniqueName('g-ivy'), email: renamed, emailVerified: true, name: 'Ivy' });
      expect((await browse('/api/auth/google')).search).toBe('?error=email_unverified');
      // Microsoft still signs her in: it is linked by its id.
      expect((await browse('/api/auth/microsoft')).pathname).toBe('/auth/success');
    });

    it('voids reset links sent before an email change: they went to the old address', async () => {
      const input = company('Mover');
      const token = (await api.post('/api/auth/register', input)).body.token as string;
      await api.post('/api/auth/forgot-password', { email: input.email });
      const stale = resetTokenFrom((await sys.smtp.waitForMailTo(input.email)).raw);
      const moved = email('moved');
      expect((await api.put('/api/auth/profile', { name: input.userName, email: moved }, token)).status).toBe(
        200,
      );
      const reset = await api.post('/api/auth/reset-password', { token: stale, password: 'another-pass-1' });
      expect([reset.status, reset.body.error]).toEqual([
        400,
        'This password reset link is invalid or has expired. Please request a new one.',
      ]);
      // A link sent to the new address works.
      await resetThroughEmail(moved);
    });

    it('does not link by an email the provider has not verified: signup completion instead, which finds the email taken', async () => {
      const input = company('Unverified');
      await api.post('/api/auth/register', input);
      const sub = uniqueName('ms-unverified');
      microsoftUser({ sub, email: input.email, emailVerified: false, name: 'Someone Else' });

      const landing = await browse('/api/auth/microsoft');
      expect(landing.pathname).toBe('/signup');
      expect(query(landing)).toMatchObject({ error: 'no_tenancy', microsoftId: sub, email: input.email });

      const res = await completeSignup('/api/auth/microsoft/complete-signup', {
        ...signupFields('Else'),
        email: input.email,
        microsoftId: sub,
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'An account with this email already exists' });
    });
  });

  describe('(d) Apple answers by form_post', () => {
    const sub = `001234.${uniqueName('apple')}`;
    const aEmail = email('ada');

    beforeAll(() => apple.setUser({ sub, email: aEmail, emailVerified: true, name: 'Ada Apple' }));

    it('posts its answer to /api/auth/apple/callback; a new user lands on /signup with the name from the form', async () => {
      const landing = await browse('/api/auth/apple?state=signup');
      expect(apple.lastAuthorizationRequest).toMatchObject({
        response_mode: 'form_post',
        client_id: 'uk.planted.web',
      });
      expect(apple.lastFormPost?.action).toBe(`${appUrl}/api/auth/apple/callback`);
      expect(query(landing)).toEqual({ error: 'no_tenancy', appleId: sub, email: aEmail, name: 'Ada Apple' });

      // The client secret was an ES256 JWT from the team's key (the fake verified it with the public key).
      const secret = apple.lastTokenRequest!.params.client_secret;
      expect(decodeProtectedHeader(secret)).toMatchObject({ alg: 'ES256', kid: APPLE_KEY_ID });
      expect(decodeJwt(secret)).toMatchObject({ iss: APPLE_TEAM, sub: 'uk.planted.web', aud: apple.issuer });
    });

    it('completes the signup, then signs in through the form_post callback', async () => {
      const res = await completeSignup('/api/auth/apple/complete-signup', {
        ...signupFields('Ada'),
        email: aEmail,
        appleId: sub,
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['customer', 'token', 'user']);

      const landing = await browse('/api/auth/apple?state=login');
      expect(landing.pathname).toBe('/auth/success');
      const profile = await api.get('/api/auth/profile', landing.searchParams.get('token')!);
      expect(profile.body.user.id).toBe(res.body.user.id);
    });
  });

  describe('(e) forged complete-signup (spec §8 Social completion failure)', () => {
    it('refuses a provider id that never came back from the provider', async () => {
      const res = await completeSignup('/api/auth/google/complete-signup', {
        ...signupFields('Forged'),
        email: email('forged'),
        googleId: 'made-up-id',
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Failed to complete OAuth signup' });
    });

    it('refuses a real provider id with another email, or sent to another provider, or missing', async () => {
      const sub = uniqueName('google-pending');
      const gEmail = email('pending');
      google.setUser({ sub, email: gEmail, emailVerified: true, name: 'Pat Pending' });
      expect((await browse('/api/auth/google')).pathname).toBe('/signup');

      const fields = signupFields('Pat');
      for (const [route, body] of [
        ['google', { ...fields, email: email('other'), googleId: sub }],
        ['microsoft', { ...fields, email: gEmail, microsoftId: sub }],
        ['google', { ...fields, email: gEmail }],
      ] as const) {
        const res = await completeSignup(`/api/auth/${route}/complete-signup`, body);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: 'Failed to complete OAuth signup' });
      }
      // The real one still works afterwards.
      expect(
        (
          await completeSignup('/api/auth/google/complete-signup', {
            ...fields,
            email: gEmail,
            googleId: sub,
          })
        ).status,
      ).toBe(201);
    });

    it('refuses a real pending signup from another browser, which the browser it came back to still completes', async () => {
      const sub = uniqueName('google-seen');
      const gEmail = email('seen');
      google.setUser({ sub, email: gEmail, emailVerified: true, name: 'Sam Seen' });
      const landing = await browse('/api/auth/google?state=signup');
      expect(landing.pathname).toBe('/signup');
      // The provider id and email are in the address bar; someone who saw them tries first.
      const fields = signupFields('Sam');
      const body = { ...fields, email: gEmail, googleId: landing.searchParams.get('googleId') };
      const elsewhere = await api.post('/api/auth/google/complete-signup', body);
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body).toEqual({ error: 'Failed to complete OAuth signup' });
      const forged = await api.request('POST', '/api/auth/google/complete-signup', {
        body,
        headers: { cookie: `planted_signup=${'A'.repeat(43)}` },
      });
      expect(forged.status).toBe(400);
      expect((await completeSignup('/api/auth/google/complete-signup', body)).status).toBe(201);
    });

    it('binds the signup to the browser with an HttpOnly cookie on the complete-signup path', async () => {
      google.setUser({
        sub: uniqueName('google-cookie'),
        email: email('cookie'),
        emailVerified: true,
        name: 'C',
      });
      const toProvider = await hop(new URL('/api/auth/google?state=signup', appUrl));
      const back = await hop(new URL(toProvider.headers.get('location')!));
      const callback = await hop(new URL(back.headers.get('location')!));
      expect(callback.headers.get('location')).toMatch(/^\/signup\?/);
      const signup = callback.headers.getSetCookie().find((line) => line.startsWith('planted_signup='));
      expect(signup).toMatch(
        /^planted_signup=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/api\/auth\/google\/complete-signup; HttpOnly; SameSite=Lax$/,
      );
    });

    it('checks the company fields with the signup rules (spec §5 Signup)', async () => {
      const res = await completeSignup('/api/auth/google/complete-signup', {
        customerName: 'A',
        customerAddress: 'short',
        userName: 'B',
        email: 'x',
        googleId: 'g',
      });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { param: 'customerName', msg: 'Company name must be at least 2 characters' },
        { param: 'customerAddress', msg: 'Address must be at least 10 characters' },
        { param: 'userName', msg: 'Name must be at least 2 characters' },
        { param: 'email', msg: 'Please enter a valid email address' },
      ]);
    });
  });

  describe('(f) bad or replayed state', () => {
    beforeAll(() =>
      google.setUser({
        sub: uniqueName('google-state'),
        email: email('state'),
        emailVerified: true,
        name: 'Stan State',
      }),
    );

    it('refuses a state the gateway never issued', async () => {
      const callback = await untilCallback('/api/auth/google');
      callback.searchParams.set('state', 'A'.repeat(43));
      const res = await hop(callback);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login?error=oauth_failed');
    });

    it('accepts a state once: the same callback replayed fails', async () => {
      const callback = await untilCallback('/api/auth/google');
      const first = await hop(callback);
      expect(first.headers.get('location')).toMatch(/^\/signup\?error=no_tenancy/);
      const replay = await hop(callback);
      expect(replay.status).toBe(302);
      expect(replay.headers.get('location')).toBe('/login?error=oauth_failed');
    });

    it("refuses one provider's state at another provider's callback", async () => {
      const callback = await untilCallback('/api/auth/google');
      const elsewhere = new URL(`${appUrl}/api/auth/microsoft/callback${callback.search}`);
      expect((await hop(elsewhere)).headers.get('location')).toBe('/login?error=oauth_failed');
    });

    it('binds the sign-in to the browser with an HttpOnly cookie on the callback path, removed at the callback', async () => {
      const start = await hop(new URL('/api/auth/google', appUrl));
      const [set] = start.headers.getSetCookie();
      expect(set).toMatch(
        /^planted_oauth=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/api\/auth\/google\/callback; HttpOnly; SameSite=Lax$/,
      );
      const back = await hop(new URL(start.headers.get('location')!));
      const callback = new URL(back.headers.get('location')!);
      const res = await hop(callback);
      expect(res.headers.get('location')).toMatch(/^\/signup\?error=no_tenancy/);
      // The sign-in's cookie removed; the signup left to complete bound to this browser instead.
      expect(res.headers.getSetCookie()).toEqual([
        expect.stringMatching(/^planted_oauth=; Max-Age=0; /),
        expect.stringMatching(/^planted_signup=[A-Za-z0-9_-]{43}; /),
      ]);
    });

    it('refuses a callback link opened in another browser (login CSRF), and the link is spent', async () => {
      const callback = await untilCallback('/api/auth/google');
      const res = await hopElsewhere(callback);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login?error=oauth_failed');
      expect((await hop(callback)).headers.get('location')).toBe('/login?error=oauth_failed');
    });

    it("refuses a callback that brings another sign-in's cookie", async () => {
      const first = await untilCallback('/api/auth/google');
      const second = await untilCallback('/api/auth/google'); // replaces the cookie in this browser
      expect((await hop(first)).headers.get('location')).toBe('/login?error=oauth_failed');
      expect((await hop(second)).headers.get('location')).toMatch(/^\/signup\?error=no_tenancy/);
    });

    it('a callback without a code or error does not start a new sign-in', async () => {
      const res = await hop(new URL(`${appUrl}/api/auth/google/callback`));
      expect(res.headers.get('location')).toBe('/login?error=oauth_failed');
    });
  });

  describe('(g) refusals and bad tokens at the provider', () => {
    it('access_denied sends the browser to /login?error=oauth_failed', async () => {
      google.failNextAuthorization('access_denied');
      expect((await browse('/api/auth/google')).toString()).toBe(`${appUrl}/login?error=oauth_failed`);
    });

    it("Apple's cancellation posted back by form_post does the same", async () => {
      apple.failNextAuthorization('user_cancelled_authorize', 'The user cancelled');
      expect((await browse('/api/auth/apple')).toString()).toBe(`${appUrl}/login?error=oauth_failed`);
    });

    it.each([
      ['another audience', { aud: 'someone-else' }],
      ['another nonce', { nonce: 'not-the-one-we-sent' }],
      ['another issuer', { iss: 'https://evil.example' }],
      [
        'an expired token',
        { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
      ],
    ])('an id_token with %s is refused', async (_label, patch) => {
      google.setUser({
        sub: uniqueName('google-bad'),
        email: email('bad'),
        emailVerified: true,
        name: 'Bad Token',
      });
      google.patchNextIdToken(patch);
      expect((await browse('/api/auth/google')).toString()).toBe(`${appUrl}/login?error=oauth_failed`);
    });

    it("a Microsoft id_token whose issuer is not its own tenant's is refused", async () => {
      microsoftUser(
        { sub: uniqueName('ms-tenant'), email: email('tenant'), emailVerified: true, name: 'Tess Tenant' },
        '00000000-0000-0000-0000-000000000001',
      );
      expect((await browse('/api/auth/microsoft')).toString()).toBe(`${appUrl}/login?error=oauth_failed`);
    });
  });
});

describe('(h) a provider without a client id is disabled (spec §7)', () => {
  let gateway: GatewayApp;
  let uploads: string;

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(os.tmpdir(), 'planted-oauth-off-'));
    gateway = await createGatewayApp(
      parseConfig(gatewayEnvSchema, {
        ...testServiceEnv(),
        PORT: '0',
        HOST: '127.0.0.1',
        UPLOAD_DIR: uploads,
        WEB_DIST: path.join(uploads, 'none'),
        GOOGLE_CLIENT_ID: '',
        MICROSOFT_CLIENT_ID: '',
        APPLE_CLIENT_ID: '',
      }),
    );
  });

  afterAll(async () => {
    await gateway?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it.each([
    '/api/auth/google',
    '/api/auth/microsoft?state=signup',
    '/api/auth/apple?state=login',
    '/api/auth/google/callback?code=x&state=y',
  ])('GET %s sends the browser to /login?error=provider_unavailable', async (route) => {
    const res = await fetch(gateway.url + route, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=provider_unavailable');
  });

  it('refuses complete-signup for it', async () => {
    const res = await client(gateway.url).post('/api/auth/google/complete-signup', {
      customerName: 'Off Plant Ltd',
      customerAddress: '12 Quarry Road, Sheffield',
      userName: 'Off Admin',
      email: email('off'),
      googleId: 'g-1',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Failed to complete OAuth signup' });
  });
});
