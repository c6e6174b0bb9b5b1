import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { FakeOidcProvider, parseAutoSubmitForm } from './fake-oidc-provider';

const REDIRECT = 'http://app.test/callback';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('FakeOidcProvider speaks OAuth 2.0 / OpenID Connect like the real providers', () => {
  let op: FakeOidcProvider;
  let appleKey: Awaited<ReturnType<typeof generateKeyPair>>;

  beforeAll(async () => {
    appleKey = await generateKeyPair('ES256');
    op = await new FakeOidcProvider({
      clients: [
        { clientId: 'web', clientSecret: 's3cret', redirectUris: [REDIRECT] },
        {
          clientId: 'svc',
          redirectUris: [REDIRECT],
          clientSecretJwt: { publicKey: appleKey.publicKey, teamId: 'TEAM', keyId: 'KEY1' },
        },
      ],
      user: { sub: 'u-1', email: 'u1@example.test', emailVerified: true, name: 'Uma One' },
    }).start();
  });
  afterAll(() => op.stop());

  function authorizeUrl(overrides: Record<string, string | undefined> = {}) {
    const url = new URL(op.endpoints.authorizationURL);
    const params = {
      client_id: 'web',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid email profile',
      state: 'st-1',
      nonce: 'n-1',
      code_challenge_method: 'S256',
      ...overrides,
    };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    return url;
  }

  async function codeFor(challenge: string, overrides: Record<string, string | undefined> = {}) {
    const res = await fetch(authorizeUrl({ code_challenge: challenge, ...overrides }), {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  const exchange = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(op.endpoints.tokenURL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: REDIRECT, ...params }),
    });

  it('publishes a discovery document naming its endpoints', async () => {
    const doc = (await (await fetch(op.endpoints.discoveryURL)).json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: op.issuer,
      authorization_endpoint: op.endpoints.authorizationURL,
      token_endpoint: op.endpoints.tokenURL,
      jwks_uri: op.endpoints.jwksURL,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('runs the code flow with PKCE and answers an id_token its JWKS verifies', async () => {
    const { verifier, challenge } = pkce();
    const back = await codeFor(challenge);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    const res = await exchange(
      { code: back.searchParams.get('code')!, code_verifier: verifier },
      { authorization: `Basic ${Buffer.from('web:s3cret').toString('base64')}` },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id_token: string; access_token: string; token_type: string };
    expect(body.token_type).toBe('Bearer');
    const { payload } = await jwtVerify(body.id_token, createRemoteJWKSet(new URL(op.endpoints.jwksURL)), {
      issuer: op.issuer,
      audience: 'web',
    });
    expect(payload).toMatchObject({
      sub: 'u-1',
      email: 'u1@example.test',
      email_verified: true,
      name: 'Uma One',
      nonce: 'n-1',
    });
    expect(op.lastTokenRequest?.clientAuth).toBe('client_secret_basic');
  });

  it('spends a code on its first use and refuses a wrong code_verifier', async () => {
    const { verifier, challenge } = pkce();
    const code = (await codeFor(challenge)).searchParams.get('code')!;
    const wrong = await exchange({
      code,
      code_verifier: pkce().verifier,
      client_id: 'web',
      client_secret: 's3cret',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const replay = await exchange({
      code,
      code_verifier: verifier,
      client_id: 'web',
      client_secret: 's3cret',
    });
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong client secret with invalid_client (401)', async () => {
    const { verifier, challenge } = pkce();
    const code = (await codeFor(challenge)).searchParams.get('code')!;
    const res = await exchange({ code, code_verifier: verifier, client_id: 'web', client_secret: 'nope' });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('never redirects to an unregistered redirect_uri, and refuses requests without nonce or S256 PKCE', async () => {
    const bad = await fetch(
      authorizeUrl({ redirect_uri: 'http://evil.test/cb', code_challenge: pkce().challenge }),
      { redirect: 'manual' },
    );
    expect(bad.status).toBe(400);
    expect((await codeFor(pkce().challenge, { nonce: undefined })).searchParams.get('error')).toBe(
      'invalid_request',
    );
    expect(
      (await codeFor(pkce().challenge, { code_challenge_method: 'plain' })).searchParams.get('error'),
    ).toBe('invalid_request');
  });

  it('sends the user back with access_denied when told to', async () => {
    op.failNextAuthorization();
    const back = await codeFor(pkce().challenge);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
  });

  it('answers form_post with an auto-submitting form and accepts an Apple-style client-secret JWT', async () => {
    const { verifier, challenge } = pkce();
    const page = await fetch(
      authorizeUrl({ client_id: 'svc', response_mode: 'form_post', code_challenge: challenge }),
    );
    const form = parseAutoSubmitForm(await page.text());
    expect(form).toEqual(op.lastFormPost);
    expect(form.action).toBe(REDIRECT);
    const secret = (key: CryptoKey) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: 'KEY1' })
        .setIssuer('TEAM')
        .setSubject('svc')
        .setAudience(op.issuer)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    const forged = await exchange({
      code: form.fields.code,
      code_verifier: verifier,
      client_id: 'svc',
      client_secret: await secret((await generateKeyPair('ES256')).privateKey),
    });
    expect(forged.status).toBe(401);

    const again = parseAutoSubmitForm(
      await (
        await fetch(authorizeUrl({ client_id: 'svc', response_mode: 'form_post', code_challenge: challenge }))
      ).text(),
    );
    const ok = await exchange({
      code: again.fields.code,
      code_verifier: verifier,
      client_id: 'svc',
      client_secret: await secret(appleKey.privateKey),
    });
    expect(ok.status).toBe(200);
  });
});

describe('FakeOidcProvider as the local identity provider of a container (oidc-local-main)', () => {
  it('listens on the port it is given and names itself by its public URL, the issuer of its id_tokens', async () => {
    const { freePort } = await import('./free-port');
    const port = await freePort();
    const op = await new FakeOidcProvider({
      port,
      publicUrl: 'http://localhost:9400/',
      clients: [{ clientId: 'web', clientSecret: 's3cret', redirectUris: [REDIRECT] }],
    }).start();
    try {
      expect(op.issuer).toBe('http://localhost:9400');
      // Reached where it listens; it names the URL browsers know it by.
      const discovery = (await (
        await fetch(`http://127.0.0.1:${port}/.well-known/openid-configuration`)
      ).json()) as {
        issuer: string;
        authorization_endpoint: string;
      };
      expect(discovery).toMatchObject({
        issuer: 'http://localhost:9400',
        authorization_endpoint: 'http://localhost:9400/authorize',
      });
      const { verifier, challenge } = pkce();
      const authorize = new URL(`http://127.0.0.1:${port}/authorize`);
      for (const [k, v] of Object.entries({
        client_id: 'web',
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope: 'openid email',
        state: 's',
        nonce: 'n',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }))
        authorize.searchParams.set(k, v);
      const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
      const token = await fetch(`http://127.0.0.1:${port}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code')!,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
          client_id: 'web',
          client_secret: 's3cret',
        }),
      });
      const { id_token } = (await token.json()) as { id_token: string };
      const { payload } = await jwtVerify(
        id_token,
        createRemoteJWKSet(new URL(`http://127.0.0.1:${port}/jwks`)),
        { issuer: 'http://localhost:9400', audience: 'web' },
      );
      expect(payload.nonce).toBe('n');
    } finally {
      await op.stop();
    }
  });
});

describe('startLocalProviders (oidc-local-main): Apple beside Google and Microsoft', () => {
  it('runs an Apple provider on its own port: form_post answers, the name in `user`, the team key checked', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { freePort } = await import('./free-port');
    const { startLocalProviders } = await import('./oidc-local');
    const team = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const [port, applePort] = [await freePort(), await freePort()];
    const appleRedirect = 'http://app.test/api/auth/apple/callback';
    const local = await startLocalProviders({
      OIDC_LOCAL_PORT: String(port),
      OIDC_LOCAL_CLIENTS: 'planted-local-google:local-secret',
      OIDC_LOCAL_USER_NAME: 'Ann Apple',
      OIDC_LOCAL_APPLE_CLIENT_ID: 'planted-local-apple',
      OIDC_LOCAL_APPLE_TEAM_ID: 'TEAMLOCAL1',
      OIDC_LOCAL_APPLE_KEY_ID: 'KEYLOCAL01',
      OIDC_LOCAL_APPLE_PUBLIC_KEY: team.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      OIDC_LOCAL_APPLE_PORT: String(applePort),
      OIDC_LOCAL_APPLE_REDIRECT_URIS: appleRedirect,
    });
    try {
      expect(local.describe()).toEqual([
        { issuer: `http://localhost:${port}`, clients: ['planted-local-google'] },
        { issuer: `http://localhost:${applePort}`, clients: ['planted-local-apple'] },
      ]);
      const { verifier, challenge } = pkce();
      const authorize = new URL(`http://127.0.0.1:${applePort}/authorize`);
      for (const [k, v] of Object.entries({
        client_id: 'planted-local-apple',
        redirect_uri: appleRedirect,
        response_type: 'code',
        response_mode: 'form_post',
        scope: 'openid email name',
        state: 's',
        nonce: 'n',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }))
        authorize.searchParams.set(k, v);
      const form = parseAutoSubmitForm(await (await fetch(authorize)).text());
      expect(form.action).toBe(appleRedirect);
      // Apple's first consent: the name comes in the form's `user` field, never in the id_token.
      expect(JSON.parse(form.fields.user)).toMatchObject({ name: { firstName: 'Ann', lastName: 'Apple' } });
      const exchange = async (key: Parameters<SignJWT['sign']>[0]) =>
        fetch(`http://127.0.0.1:${applePort}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: form.fields.code,
            redirect_uri: appleRedirect,
            code_verifier: verifier,
            client_id: 'planted-local-apple',
            client_secret: await new SignJWT({})
              .setProtectedHeader({ alg: 'ES256', kid: 'KEYLOCAL01' })
              .setIssuer('TEAMLOCAL1')
              .setSubject('planted-local-apple')
              .setAudience(`http://localhost:${applePort}`)
              .setIssuedAt()
              .setExpirationTime('5m')
              .sign(key),
          }),
        });
      // Another key than the team's public half: refused.
      expect((await exchange((await generateKeyPair('ES256')).privateKey)).status).toBe(401);
      const ok = await exchange(team.privateKey);
      expect(ok.status).toBe(200);
      const { id_token } = (await ok.json()) as { id_token: string };
      const { payload } = await jwtVerify(
        id_token,
        createRemoteJWKSet(new URL(`http://127.0.0.1:${applePort}/jwks`)),
        { issuer: `http://localhost:${applePort}`, audience: 'planted-local-apple' },
      );
      expect(payload).toMatchObject({
        email: 'social.user@planted.test',
        email_verified: 'true',
        nonce: 'n',
      });
      expect(payload.name).toBeUndefined();
    } finally {
      await local.stop();
    }
  });

  it('refuses an Apple setting it cannot use, naming it', async () => {
    const { startLocalProviders } = await import('./oidc-local');
    const apple = {
      OIDC_LOCAL_CLIENTS: 'none',
      OIDC_LOCAL_APPLE_CLIENT_ID: 'a',
      OIDC_LOCAL_APPLE_KEY_ID: 'k',
    };
    await expect(startLocalProviders({ ...apple, OIDC_LOCAL_APPLE_PUBLIC_KEY: 'x' })).rejects.toThrow(
      'OIDC_LOCAL_APPLE_TEAM_ID is required with OIDC_LOCAL_APPLE_CLIENT_ID',
    );
    await expect(
      startLocalProviders({ ...apple, OIDC_LOCAL_APPLE_TEAM_ID: 't', OIDC_LOCAL_APPLE_PUBLIC_KEY: 'x' }),
    ).rejects.toThrow('OIDC_LOCAL_APPLE_PUBLIC_KEY: not a PEM public key');
  });
});
