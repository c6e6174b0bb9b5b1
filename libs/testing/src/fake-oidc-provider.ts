import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type KeyObject,
} from 'jose';

/** A client (an app) registered at the fake provider. */
export interface FakeOidcClient {
  clientId: string;
  /** Exact redirect URIs the client may use, as at a real provider's console. */
  redirectUris: string[];
  /** Shared secret, sent as client_secret_post or client_secret_basic. */
  clientSecret?: string;
  /**
   * Apple's scheme instead of a shared secret: client_secret is an ES256 JWT with
   * kid = keyId, iss = teamId, sub = the client id and aud = the provider's issuer,
   * verified with this public key.
   */
  clientSecretJwt?: { publicKey: CryptoKey | KeyObject | JWK; teamId: string; keyId: string };
}

/** The account the fake signs in as: /authorize approves every request as this user. */
export interface FakeOidcUser {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  /** Further id_token claims (Microsoft's tid, for example). */
  claims?: Record<string, unknown>;
}

export interface FakeOidcProviderOptions {
  /** Signature of the id_tokens: RS256 (Google, Microsoft, Apple) or ES256. Default RS256. */
  signingAlg?: 'RS256' | 'ES256';
  clients?: FakeOidcClient[];
  user?: FakeOidcUser;
  /** Apple's habits: email_verified as the string 'true', and the name never in the id_token, only in the form_post `user` field of the first consent. */
  appleQuirks?: boolean;
  /** Appended to the base URL to make the issuer, as Microsoft's `/{tenant}/v2.0`. */
  issuerPath?: string;
  host?: string;
  /** The port to listen on; default a free one. */
  port?: number;
  /**
   * The base URL browsers and clients know it by (and its issuer), when it is not
   * `http://<host>:<port>`: a container listening on 0.0.0.0 behind a published port.
   */
  publicUrl?: string;
}

/** What the browser is handed by a response_mode=form_post answer. */
export interface FormPost {
  action: string;
  fields: Record<string, string>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string;
  scope: string;
  user: FakeOidcUser;
  expiresAt: number;
}

class OAuthError extends Error {
  constructor(
    readonly error: string,
    description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

const CODE_TTL_MS = 60_000;
const ID_TOKEN_TTL_SECONDS = 600;
const MAX_BODY_BYTES = 64 * 1024;
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;
const APPLE_SECRET_MAX_LIFETIME_SECONDS = 15_777_000;

/**
 * A local OAuth 2.0 / OpenID Connect provider that speaks the real protocol, for tests
 * and development: discovery, an authorization endpoint that approves at once as a
 * configurable user (query or form_post response mode, PKCE S256, state and nonce
 * required), a token endpoint (authorization_code grant; client_secret_post, _basic or
 * Apple's client-secret JWT; single-use codes; code_verifier checked) answering
 * id_tokens signed with its own key, and the JWKS to check them with.
 *
 * It is as strict as the real providers, or stricter, so a client that passes here
 * does the protocol right: unknown clients and unregistered redirect URIs get an error
 * page (never a redirect), and a request without state, nonce or an S256 challenge is
 * refused.
 */
export class FakeOidcProvider {
  private server: Server | undefined;
  private baseUrl = '';
  private signingKey: CryptoKey | undefined;
  private publicJwk: JWK | undefined;
  private readonly kid = randomBytes(8).toString('hex');
  private readonly alg: 'RS256' | 'ES256';
  private readonly clients = new Map<string, FakeOidcClient>();
  private readonly codes = new Map<string, IssuedCode>();
  private readonly consented = new Set<string>();
  private user: FakeOidcUser;
  private nextAuthorizationError: { error: string; description: string } | undefined;
  private nextIdTokenPatch: Record<string, unknown> | undefined;

  /** Parameters of the last request to /authorize, as the browser brought them. */
  lastAuthorizationRequest: Record<string, string> | undefined;
  /** The last form_post answer of /authorize: where the browser would post, and what. */
  lastFormPost: FormPost | undefined;
  /** The last request to /token: its form parameters and how the client authenticated. */
  lastTokenRequest:
    { params: Record<string, string>; clientAuth: 'client_secret_post' | 'client_secret_basic' } | undefined;

  constructor(private readonly options: FakeOidcProviderOptions = {}) {
    this.alg = options.signingAlg ?? 'RS256';
    this.user = options.user ?? {
      sub: 'fake-user-1',
      email: 'fake.user@example.test',
      emailVerified: true,
      name: 'Fake User',
    };
    for (const client of options.clients ?? []) this.addClient(client);
  }

  async start(): Promise<this> {
    const { privateKey, publicKey } = await generateKeyPair(this.alg);
    this.signingKey = privateKey;
    this.publicJwk = { ...(await exportJWK(publicKey)), kid: this.kid, alg: this.alg, use: 'sig' };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: 'server_error', error_description: String(err) });
        else res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl =
      this.options.publicUrl?.replace(/\/+$/, '') ?? `http://${this.options.host ?? '127.0.0.1'}:${port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    if (!this.baseUrl) throw new Error('FakeOidcProvider not started');
    return this.baseUrl;
  }

  /** The base URL (plus issuerPath), as with real providers. */
  get issuer(): string {
    return this.url + (this.options.issuerPath ?? '');
  }

  /** What a client is configured with (the same as the discovery document says). */
  get endpoints() {
    return {
      issuer: this.issuer,
      authorizationURL: `${this.url}/authorize`,
      tokenURL: `${this.url}/token`,
      jwksURL: `${this.url}/jwks`,
      discoveryURL: `${this.url}/.well-known/openid-configuration`,
    };
  }

  addClient(client: FakeOidcClient): void {
    if (!client.clientSecret && !client.clientSecretJwt)
      throw new Error(`client ${client.clientId} needs a secret or a secret-JWT key`);
    this.clients.set(client.clientId, client);
  }

  /** The account the next authorizations approve as. */
  setUser(user: FakeOidcUser): void {
    this.user = user;
  }

  /** The next /authorize sends the browser back with this error (the user said no, by default). */
  failNextAuthorization(error = 'access_denied', description = 'The user denied the request'): void {
    this.nextAuthorizationError = { error, description };
  }

  /** The next id_token carries these claims over the right ones (a wrong aud, nonce or exp, for negative tests). */
  patchNextIdToken(claims: Record<string, unknown>): void {
    this.nextIdTokenPatch = claims;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const route = `${req.method} ${url.pathname}`;
    switch (route) {
      case 'GET /.well-known/openid-configuration':
        return sendJson(res, 200, this.discovery());
      case 'GET /jwks':
        return sendJson(res, 200, { keys: [this.publicJwk] });
      case 'GET /authorize':
        return this.authorize(Object.fromEntries(url.searchParams), res);
      case 'POST /authorize':
        return this.authorize(await readForm(req), res);
      case 'POST /token':
        return this.token(req, res);
      default:
        return sendJson(res, 404, { error: 'not_found' });
    }
  }

  private discovery() {
    const e = this.endpoints;
    return {
      issuer: e.issuer,
      authorization_endpoint: e.authorizationURL,
      token_endpoint: e.tokenURL,
      jwks_uri: e.jwksURL,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'form_post'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [this.alg],
      scopes_supported: ['openid', 'email', 'profile', 'name'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['iss', 'aud', 'sub', 'iat', 'exp', 'nonce', 'email', 'email_verified', 'name'],
    };
  }

  private authorize(params: Record<string, string>, res: ServerResponse): void {
    this.lastAuthorizationRequest = params;
    const client = this.clients.get(params.client_id ?? '');
    // Errors about who is asking are shown to the user: redirecting would send them to an unvetted address.
    if (!client) return sendPage(res, 400, 'invalid_client: unknown client_id');
    if (!params.redirect_uri || !client.redirectUris.includes(params.redirect_uri)) {
      return sendPage(res, 400, 'invalid_request: redirect_uri is not registered for this client');
    }
    const mode = params.response_mode ?? 'query';
    if (mode !== 'query' && mode !== 'form_post')
      return sendPage(res, 400, 'invalid_request: unsupported response_mode');
    const back = (fields: Record<string, string>) => this.respond(res, mode, params.redirect_uri, fields);
    const fail = (error: string, description: string) =>
      back({ error, error_description: description, ...(params.state ? { state: params.state } : {}) });

    if (params.response_type !== 'code')
      return fail('unsupported_response_type', 'response_type must be code');
    if (!(params.scope ?? '').split(' ').includes('openid'))
      return fail('invalid_scope', 'scope must include openid');
    if (!params.state) return fail('invalid_request', 'state is required');
    if (!params.nonce) return fail('invalid_request', 'nonce is required');
    if (params.code_challenge_method !== 'S256' || !PKCE_VALUE.test(params.code_challenge ?? '')) {
      return fail('invalid_request', 'a code_challenge with code_challenge_method=S256 is required');
    }
    if (this.nextAuthorizationError) {
      const { error, description } = this.nextAuthorizationError;
      this.nextAuthorizationError = undefined;
      return fail(error, description);
    }

    const code = randomBytes(24).toString('base64url');
    const user = { ...this.user };
    this.codes.set(code, {
      clientId: client.clientId,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge!,
      nonce: params.nonce,
      scope: params.scope!,
      user,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    const fields: Record<string, string> = { code, state: params.state };
    const consent = `${client.clientId}:${user.sub}`;
    if (this.options.appleQuirks && mode === 'form_post' && !this.consented.has(consent) && user.name) {
      const [firstName, ...rest] = user.name.split(' ');
      fields.user = JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email: user.email });
    }
    this.consented.add(consent);
    back(fields);
  }

  private respond(
    res: ServerResponse,
    mode: string,
    redirectUri: string,
    fields: Record<string, string>,
  ): void {
    if (mode === 'form_post') {
      this.lastFormPost = { action: redirectUri, fields };
      const inputs = Object.entries(fields)
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      return sendPage(
        res,
        200,
        `<form method="post" action="${escapeHtml(redirectUri)}">${inputs}<noscript><button type="submit">Continue</button></noscript></form>` +
          '<script>document.forms[0].submit()</script>',
      );
    }
    const target = new URL(redirectUri);
    for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
    res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' }).end();
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const params = await readForm(req);
      const { client, method } = await this.authenticateClient(req, params);
      this.lastTokenRequest = { params, clientAuth: method };
      if (params.grant_type !== 'authorization_code') {
        throw new OAuthError('unsupported_grant_type', 'only authorization_code is supported');
      }
      const issued = this.codes.get(params.code ?? '');
      // Single use: a code is spent by its first exchange, successful or not.
      this.codes.delete(params.code ?? '');
      if (!issued || issued.expiresAt < Date.now())
        throw new OAuthError('invalid_grant', 'unknown, used or expired code');
      if (issued.clientId !== client.clientId)
        throw new OAuthError('invalid_grant', 'code was issued to another client');
      if (params.redirect_uri !== issued.redirectUri)
        throw new OAuthError('invalid_grant', 'redirect_uri does not match');
      const verifier = params.code_verifier ?? '';
      if (!PKCE_VALUE.test(verifier) || sha256(verifier) !== issued.codeChallenge) {
        throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
      }
      const idToken = await this.idToken(client.clientId, issued);
      res.setHeader('cache-control', 'no-store');
      sendJson(res, 200, {
        access_token: randomBytes(24).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 3600,
        scope: issued.scope,
        id_token: idToken,
      });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      if (err.status === 401) res.setHeader('www-authenticate', 'Basic realm="fake-oidc"');
      sendJson(res, err.status, { error: err.error, error_description: err.message });
    }
  }

  private async authenticateClient(
    req: IncomingMessage,
    params: Record<string, string>,
  ): Promise<{ client: FakeOidcClient; method: 'client_secret_post' | 'client_secret_basic' }> {
    const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic && params.client_secret)
      throw new OAuthError('invalid_request', 'use one client authentication method');
    let clientId: string;
    let secret: string;
    let method: 'client_secret_post' | 'client_secret_basic';
    if (basic) {
      const decoded = Buffer.from(basic[1], 'base64').toString();
      const colon = decoded.indexOf(':');
      clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      method = 'client_secret_basic';
    } else {
      clientId = params.client_id ?? '';
      secret = params.client_secret ?? '';
      method = 'client_secret_post';
    }
    const client = this.clients.get(clientId);
    if (!client || !secret || !(await this.secretMatches(client, secret))) {
      throw new OAuthError('invalid_client', 'client authentication failed', 401);
    }
    return { client, method };
  }

  private async secretMatches(client: FakeOidcClient, secret: string): Promise<boolean> {
    if (client.clientSecretJwt) {
      const { publicKey, teamId, keyId } = client.clientSecretJwt;
      try {
        const { payload, protectedHeader } = await jwtVerify(secret, publicKey, {
          algorithms: ['ES256'],
          issuer: teamId,
          subject: client.clientId,
          audience: this.issuer,
          requiredClaims: ['iat', 'exp'],
        });
        return (
          protectedHeader.kid === keyId && payload.exp! - payload.iat! <= APPLE_SECRET_MAX_LIFETIME_SECONDS
        );
      } catch {
        return false;
      }
    }
    const expected = Buffer.from(client.clientSecret ?? '');
    const given = Buffer.from(secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private idToken(clientId: string, issued: IssuedCode): Promise<string> {
    const { user } = issued;
    const now = Math.floor(Date.now() / 1000);
    const apple = this.options.appleQuirks === true;
    const claims: Record<string, unknown> = {
      iss: this.issuer,
      aud: clientId,
      sub: user.sub,
      iat: now,
      exp: now + ID_TOKEN_TTL_SECONDS,
      nonce: issued.nonce,
      ...(user.email ? { email: user.email } : {}),
      ...(user.emailVerified === undefined
        ? {}
        : { email_verified: apple ? String(user.emailVerified) : user.emailVerified }),
      ...(user.name && !apple ? { name: user.name } : {}),
      ...user.claims,
      ...this.nextIdTokenPatch,
    };
    this.nextIdTokenPatch = undefined;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: this.alg, kid: this.kid, typ: 'JWT' })
      .sign(this.signingKey!);
  }
}

/** The form of a form_post answer, read the way a browser would submit it. */
export function parseAutoSubmitForm(html: string): FormPost {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error('no form in the page');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[unescapeHtml(match[1])] = unescapeHtml(match[2]);
  }
  return { action: unescapeHtml(action), fields };
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new OAuthError('invalid_request', 'request too large');
    chunks.push(chunk as Buffer);
  }
  const type = req.headers['content-type'] ?? '';
  if (size > 0 && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'body must be application/x-www-form-urlencoded');
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function sendPage(res: ServerResponse, status: number, body: string): void {
  res
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(`<!doctype html><html><body>${status === 200 ? body : `<p>${escapeHtml(body)}</p>`}</body></html>`);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => {
    const found = Object.entries(HTML_ESCAPES).find(([, escaped]) => escaped === entity);
    return found ? found[0] : entity;
  });
}
