import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OAuthProvider } from '@planted/contracts';

/**
 * Ties a social sign-in to the browser that started it (login CSRF protection).
 *
 * Starting a sign-in sets a random value in an HttpOnly cookie scoped to that provider's
 * callback path; the state kept in Redis holds only its sha-256. The callback accepts the
 * state only when the browser brings the matching cookie back. Without this, someone could
 * start a sign-in with their own account, stop at the provider's answer and send that
 * callback link to a victim, whose browser would then be signed in to the attacker's account.
 *
 * Google and Microsoft send the browser back with a top-level GET, which carries
 * SameSite=Lax cookies. Apple posts a form from its own site (response_mode=form_post),
 * which only carries SameSite=None cookies, and those must be Secure (browsers accept
 * Secure cookies on http://localhost for development).
 */
export const BROWSER_BINDING_COOKIE = 'planted_oauth';

const VALUE = /^[A-Za-z0-9_-]{43}$/;

export function hashBinding(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function newBrowserBinding(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashBinding(value) };
}

function attributes(provider: OAuthProvider, secure: boolean): string {
  const crossSitePost = provider === 'apple';
  return [
    `Path=/api/auth/${provider}/callback`,
    'HttpOnly',
    crossSitePost ? 'SameSite=None' : 'SameSite=Lax',
    ...(crossSitePost || secure ? ['Secure'] : []),
  ].join('; ');
}

/** The Set-Cookie value that starts a sign-in in this browser. */
export function bindingCookie(
  provider: OAuthProvider,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): string {
  return `${BROWSER_BINDING_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; ${attributes(provider, secure)}`;
}

/** The Set-Cookie value that removes it once the callback has used it. */
export function clearedBindingCookie(provider: OAuthProvider, secure: boolean): string {
  return `${BROWSER_BINDING_COOKIE}=; Max-Age=0; ${attributes(provider, secure)}`;
}

/**
 * A signup left to complete (the provider's account has no company yet) is bound the same way:
 * the callback sets a second random value, scoped to the provider's complete-signup path, and
 * the pending signup keeps its sha-256. The provider id and email travel in the /signup
 * address (history, screenshots, a shared screen), so they alone must not let anyone else
 * create the company and receive a session for that social account.
 */
export const SIGNUP_BINDING_COOKIE = 'planted_signup';

/** The Set-Cookie value that lets this browser, and no other, complete the pending signup. */
export function signupBindingCookie(
  provider: OAuthProvider,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): string {
  return [
    `${SIGNUP_BINDING_COOKIE}=${value}`,
    `Max-Age=${maxAgeSeconds}`,
    `Path=/api/auth/${provider}/complete-signup`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The binding value in a Cookie request header, if there is a well-formed one. */
export function bindingFromCookies(
  header: string | string[] | undefined,
  name = BROWSER_BINDING_COOKIE,
): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text) return undefined;
  for (const pair of text.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim();
      if (VALUE.test(value)) return value;
    }
  }
  return undefined;
}

/** Whether the browser's cookie is the one the stored state was bound to (constant time). */
export function sameBrowser(cookieValue: string | undefined, storedHash: string | undefined): boolean {
  if (!cookieValue || !storedHash) return false;
  const a = Buffer.from(hashBinding(cookieValue));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
