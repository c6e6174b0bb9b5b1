/**
 * The local identity provider for social sign-in in development (docker compose, the dev
 * Kubernetes overlay): FakeOidcProvider as a process. Every authorization is approved at
 * once as one configurable user, so "Continue with Google" (or Microsoft) works without an
 * account at the real provider. Never for production: it signs in anyone as that user.
 *
 *   OIDC_LOCAL_PORT / OIDC_LOCAL_HOST     where it listens (9400 / 127.0.0.1)
 *   OIDC_LOCAL_PUBLIC_URL                 the URL browsers reach it at, also its issuer
 *                                         (http://localhost:<port>)
 *   OIDC_LOCAL_CLIENTS                    clients, `id:secret` separated by commas
 *                                         (planted-local-google:local-secret,planted-local-microsoft:local-secret)
 *   OIDC_LOCAL_REDIRECT_URIS              the callbacks every client may use, separated by commas
 *                                         (http://localhost:3000/api/auth/{google,microsoft}/callback)
 *   OIDC_LOCAL_USER_EMAIL / _NAME / _SUB  who signs in (social.user@planted.test / Social User / local-user-1)
 *
 * The gateway is pointed at it with GOOGLE_ISSUER = the public URL, GOOGLE_AUTHORIZATION_URL
 * = <public URL>/authorize (the browser goes there), GOOGLE_TOKEN_URL and GOOGLE_JWKS_URL =
 * <URL the gateway reaches it at>/token and /jwks; the same for MICROSOFT_*.
 */
import { FakeOidcProvider } from './fake-oidc-provider';

const env = process.env;
const port = Number(env.OIDC_LOCAL_PORT ?? 9400);
const host = env.OIDC_LOCAL_HOST ?? '127.0.0.1';
const publicUrl = env.OIDC_LOCAL_PUBLIC_URL ?? `http://localhost:${port}`;
const list = (value: string | undefined, fallback: string) =>
  (value || fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const clients = list(
  env.OIDC_LOCAL_CLIENTS,
  'planted-local-google:local-secret,planted-local-microsoft:local-secret',
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

async function main(): Promise<void> {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('OIDC_LOCAL_PORT: not a port');
  const provider = await new FakeOidcProvider({
    host,
    port,
    publicUrl,
    clients: clients.map((client) => ({ ...client, redirectUris })),
    user: {
      sub: env.OIDC_LOCAL_USER_SUB ?? 'local-user-1',
      email: env.OIDC_LOCAL_USER_EMAIL ?? 'social.user@planted.test',
      emailVerified: true,
      name: env.OIDC_LOCAL_USER_NAME ?? 'Social User',
    },
  }).start();
  process.stdout.write(
    `${JSON.stringify({ level: 30, service: 'oidc-local', msg: 'local identity provider listening', issuer: provider.issuer, host, port, clients: clients.map((c) => c.clientId) })}\n`,
  );
  const stop = () => {
    provider.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`oidc-local: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
