import { createPublicKey } from 'node:crypto';
import { FakeOidcProvider, type FakeOidcUser } from './fake-oidc-provider';

/**
 * The local identity providers of development (npm start, docker compose, the dev Kubernetes
 * overlay): FakeOidcProvider as a process, approving every sign-in at once as one configurable
 * user, so "Continue with Google" (Microsoft, Apple) works without an account at the real
 * provider. Never for production: it signs in anyone as that user.
 *
 *   OIDC_LOCAL_PORT / OIDC_LOCAL_HOST     where it listens (9400 / 127.0.0.1)
 *   OIDC_LOCAL_PUBLIC_URL                 the URL browsers reach it at, also its issuer
 *                                         (http://localhost:<port>)
 *   OIDC_LOCAL_CLIENTS                    clients, `id:secret` separated by commas
 *                                         (planted-local-google:local-secret,planted-local-microsoft:local-secret);
 *                                         `none` for Apple's provider alone
 *   OIDC_LOCAL_REDIRECT_URIS              the callbacks every client may use, separated by commas
 *                                         (http://localhost:3000/api/auth/{google,microsoft}/callback)
 *   OIDC_LOCAL_USER_EMAIL / _NAME / _SUB  who signs in (social.user@planted.test / Social User / local-user-1)
 *
 * Apple, when OIDC_LOCAL_APPLE_CLIENT_ID is set: a second provider with Apple's habits (the
 * answer posted as a form, response_mode=form_post; the name only in the form's `user` field
 * of the first consent; email_verified as a string), on a port of its own, whose client
 * authenticates as Apple's do: client_secret is an ES256 JWT the app signs with its team's
 * key, checked here against the public half.
 *
 *   OIDC_LOCAL_APPLE_CLIENT_ID            the app's client id (Apple's "Services ID")
 *   OIDC_LOCAL_APPLE_TEAM_ID / _KEY_ID    the team (the secret's iss) and the key (its kid)
 *   OIDC_LOCAL_APPLE_PUBLIC_KEY           the public half of the team's P-256 key, PEM (SPKI)
 *   OIDC_LOCAL_APPLE_PORT                 where it listens (OIDC_LOCAL_PORT + 1)
 *   OIDC_LOCAL_APPLE_PUBLIC_URL           its URL for browsers and issuer (http://localhost:<apple port>)
 *   OIDC_LOCAL_APPLE_REDIRECT_URIS        its callbacks (http://localhost:3000/api/auth/apple/callback)
 *
 * The gateway is pointed at each with <PROVIDER>_ISSUER = the public URL,
 * <PROVIDER>_AUTHORIZATION_URL = <public URL>/authorize (the browser goes there), and
 * <PROVIDER>_TOKEN_URL and _JWKS_URL = <URL the gateway reaches it at>/token and /jwks.
 */
export interface LocalProviders {
  providers: FakeOidcProvider[];
  /** What to log: each provider's issuer and clients. */
  describe(): Array<{ issuer: string; clients: string[] }>;
  stop(): Promise<void>;
}

const list = (value: string | undefined, fallback: string) =>
  (value || fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function portOf(value: string | undefined, fallback: number, name: string): number {
  const port = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name}: not a port`);
  return port;
}

export async function startLocalProviders(
  env: Record<string, string | undefined> = process.env,
): Promise<LocalProviders> {
  const host = env.OIDC_LOCAL_HOST ?? '127.0.0.1';
  const port = portOf(env.OIDC_LOCAL_PORT, 9400, 'OIDC_LOCAL_PORT');
  const publicUrl = env.OIDC_LOCAL_PUBLIC_URL ?? `http://localhost:${port}`;
  // 'none': only Apple's provider (Google and Microsoft are the real ones).
  const clients = (
    env.OIDC_LOCAL_CLIENTS === 'none'
      ? []
      : list(env.OIDC_LOCAL_CLIENTS, 'planted-local-google:local-secret,planted-local-microsoft:local-secret')
  ).map((entry) => {
    const colon = entry.indexOf(':');
    if (colon < 1 || colon === entry.length - 1)
      throw new Error(`OIDC_LOCAL_CLIENTS: "${entry}" is not id:secret`);
    return { clientId: entry.slice(0, colon), clientSecret: entry.slice(colon + 1) };
  });
  const redirectUris = list(
    env.OIDC_LOCAL_REDIRECT_URIS,
    'http://localhost:3000/api/auth/google/callback,http://localhost:3000/api/auth/microsoft/callback',
  );
  const user: FakeOidcUser = {
    sub: env.OIDC_LOCAL_USER_SUB ?? 'local-user-1',
    email: env.OIDC_LOCAL_USER_EMAIL ?? 'social.user@planted.test',
    emailVerified: true,
    name: env.OIDC_LOCAL_USER_NAME ?? 'Social User',
  };

  const apple = env.OIDC_LOCAL_APPLE_CLIENT_ID ? appleSettings(env, port) : undefined;
  const providers: FakeOidcProvider[] = [];
  const described: Array<{ issuer: string; clients: string[] }> = [];
  try {
    if (clients.length > 0) {
      const op = await new FakeOidcProvider({
        host,
        port,
        publicUrl,
        clients: clients.map((client) => ({ ...client, redirectUris })),
        user,
      }).start();
      providers.push(op);
      described.push({ issuer: op.issuer, clients: clients.map((c) => c.clientId) });
    }
    if (apple) {
      const op = await new FakeOidcProvider({
        host,
        port: apple.port,
        publicUrl: apple.publicUrl,
        appleQuirks: true,
        clients: [
          {
            clientId: apple.clientId,
            redirectUris: apple.redirectUris,
            clientSecretJwt: { publicKey: apple.publicKey, teamId: apple.teamId, keyId: apple.keyId },
          },
        ],
        user,
      }).start();
      providers.push(op);
      described.push({ issuer: op.issuer, clients: [apple.clientId] });
    }
  } catch (err) {
    await Promise.allSettled(providers.map((op) => op.stop()));
    throw err;
  }
  return {
    providers,
    describe: () => described,
    stop: async () => {
      await Promise.all(providers.map((op) => op.stop()));
    },
  };
}

function appleSettings(env: Record<string, string | undefined>, port: number) {
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required with OIDC_LOCAL_APPLE_CLIENT_ID`);
    return value;
  };
  const teamId = required('OIDC_LOCAL_APPLE_TEAM_ID');
  const keyId = required('OIDC_LOCAL_APPLE_KEY_ID');
  const pem = required('OIDC_LOCAL_APPLE_PUBLIC_KEY').replace(/\\n/g, '\n');
  let publicKey;
  try {
    publicKey = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    throw new Error('OIDC_LOCAL_APPLE_PUBLIC_KEY: not a PEM public key');
  }
  if (publicKey.asymmetricKeyType !== 'ec' || publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('OIDC_LOCAL_APPLE_PUBLIC_KEY: not a P-256 (ES256) key');
  const applePort = portOf(env.OIDC_LOCAL_APPLE_PORT, port + 1, 'OIDC_LOCAL_APPLE_PORT');
  return {
    clientId: env.OIDC_LOCAL_APPLE_CLIENT_ID!,
    teamId,
    keyId,
    publicKey,
    port: applePort,
    publicUrl: env.OIDC_LOCAL_APPLE_PUBLIC_URL ?? `http://localhost:${applePort}`,
    redirectUris: list(env.OIDC_LOCAL_APPLE_REDIRECT_URIS, 'http://localhost:3000/api/auth/apple/callback'),
  };
}
