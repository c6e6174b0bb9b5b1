import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { OAuthProvider } from '@planted/contracts';
import { bindingFromCookies, sameBrowser } from './browser-binding';
import type { AuthorizationState, OAuthRequest, StoredAuthorization } from './oauth-request';

type StoreCallback = (err: Error | null, handle?: string) => void;
type VerifyCallback = (err: Error | null, codeVerifier?: string | false, state?: unknown) => void;

const HANDLE = /^[A-Za-z0-9_-]{43}$/;
const UNVERIFIED = { message: 'Unable to verify authorization request state.' };
const OTHER_BROWSER = { message: 'Authorization request state came back in another browser.' };

/**
 * passport-oauth2's state store, in Redis instead of a session (the gateway has none,
 * and every replica must be able to finish what another started). The state sent to
 * the provider is a random handle; behind it are the intent, the nonce and the PKCE
 * verifier, for a short TTL, and taken with GETDEL so a state works once. A state is
 * accepted only from the browser that started the sign-in (its binding cookie).
 *
 * passport-oauth2 picks the call form by arity: store(req, verifier, state, meta, cb)
 * with PKCE, and verify(req, state, meta, cb); both signatures must stay as they are.
 */
export class RedisStateStore {
  constructor(
    private readonly redis: Redis,
    private readonly provider: OAuthProvider,
    private readonly keyPrefix: string,
    private readonly ttlSeconds: number,
  ) {}

  private key(handle: string): string {
    return `${this.keyPrefix}oauth:state:${this.provider}:${handle}`;
  }

  store(
    _req: OAuthRequest,
    codeVerifier: string,
    state: AuthorizationState,
    _meta: unknown,
    callback: StoreCallback,
  ): void {
    const handle = randomBytes(32).toString('base64url');
    const record: StoredAuthorization = {
      intent: state.intent,
      nonce: state.nonce,
      browserHash: state.browserHash,
      codeVerifier,
    };
    this.redis
      .set(this.key(handle), JSON.stringify(record), 'EX', this.ttlSeconds)
      .then(() => callback(null, handle))
      .catch((err: Error) => callback(err));
  }

  verify(req: OAuthRequest, handle: unknown, _meta: unknown, callback: VerifyCallback): void {
    if (typeof handle !== 'string' || !HANDLE.test(handle)) return callback(null, false, UNVERIFIED);
    this.redis
      .getdel(this.key(handle))
      .then((raw) => {
        if (!raw) return callback(null, false, UNVERIFIED);
        const stored = JSON.parse(raw) as StoredAuthorization;
        // Taken either way: a state shown by another browser is spent, not left for a retry.
        if (!sameBrowser(bindingFromCookies(req.headers.cookie), stored.browserHash)) {
          return callback(null, false, OTHER_BROWSER);
        }
        req.authorization = stored;
        callback(null, stored.codeVerifier, stored);
      })
      .catch((err: Error) => callback(err));
  }
}
