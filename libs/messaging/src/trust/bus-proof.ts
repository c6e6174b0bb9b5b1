import { createHash, createPrivateKey, createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors as joseErrors,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { ServiceError } from '@planted/contracts';

/** NATS header carrying the session token of the user a 'user' subject acts for. */
export const SESSION_TOKEN_HEADER = 'planted-session-token';
/** NATS header carrying the gateway's signed assertion for a 'gateway' subject. */
export const GATEWAY_ASSERTION_HEADER = 'planted-gateway-assertion';

/** What identity writes into session tokens (and the gateway checks). */
export const SESSION_TOKEN_ISSUER = 'planted-identity';
export const SESSION_TOKEN_AUDIENCE = 'planted';
const GATEWAY_ASSERTION_ISSUER = 'planted-gateway';
const GATEWAY_ASSERTION_AUDIENCE = 'planted-bus';
/** An assertion is good for one request: no longer than this between iat and exp. */
export const GATEWAY_ASSERTION_MAX_SECONDS = 60;
const GATEWAY_ASSERTION_SECONDS = 30;

/** A key setting that cannot be used; the message names the setting. */
export class BusKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BusKeyError';
  }
}

/**
 * The sha-256 (base64url) of a request's payload as the typed client serialises it
 * (JSON.stringify of the parsed payload). The receiver re-serialises the payload it
 * decoded, which gives the same bytes: JSON.parse and JSON.stringify round-trip them.
 */
export function bodyDigest(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}

function algorithmOf(key: KeyObject, source: string): 'EdDSA' | 'ES256' {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  throw new BusKeyError(`${source} must hold Ed25519 or P-256 keys`);
}

/** The public JWK of a key, with the kid identity uses too (its RFC 7638 thumbprint). */
async function publicJwkOf(key: KeyObject, source: string): Promise<JWK> {
  const alg = algorithmOf(key, source);
  const jwk = (key.type === 'public' ? key : createPublicKey(key)).export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: await calculateJwkThumbprint(jwk, 'sha256'), alg, use: 'sig' };
}

const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----/g;

/**
 * Public keys given as configuration: a JWKS document ({"keys": [...]}) or one or more PEM
 * public keys. A private key is refused: the setting is meant to be shared widely.
 */
export async function parsePublicKeys(text: string, source: string): Promise<JSONWebKeySet> {
  const value = text.replace(/\\n/g, '\n').trim();
  if (value.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new BusKeyError(`${source} is neither a JWKS document nor PEM public keys`);
    }
    const keys = (parsed as { keys?: unknown }).keys;
    if (!Array.isArray(keys) || keys.length === 0 || keys.some((k) => typeof k !== 'object' || !k))
      throw new BusKeyError(`${source} is a JSON document without keys`);
    if (keys.some((k: JWK) => 'd' in k)) throw new BusKeyError(`${source} holds a private key`);
    return { keys: keys as JWK[] };
  }
  const blocks = [...value.matchAll(PEM_BLOCK)];
  if (blocks.length === 0) throw new BusKeyError(`${source} is neither a JWKS document nor PEM public keys`);
  const keys: JWK[] = [];
  for (const [block, label] of blocks) {
    if (label !== 'PUBLIC KEY')
      throw new BusKeyError(`${source} must hold public keys only (found ${label})`);
    let key: KeyObject;
    try {
      key = createPublicKey({ key: block, format: 'pem' });
    } catch {
      throw new BusKeyError(`${source} holds a PEM block that is not a public key`);
    }
    keys.push(await publicJwkOf(key, source));
  }
  return { keys };
}

/** Public keys from `<NAME>` (the keys themselves) or else `<NAME>_FILE` (a path); undefined when neither is set. */
export async function loadPublicKeys(
  settings: Record<string, unknown>,
  name: string,
): Promise<JSONWebKeySet | undefined> {
  const inline = settings[name];
  if (typeof inline === 'string' && inline) return parsePublicKeys(inline, name);
  const file = settings[`${name}_FILE`];
  if (typeof file !== 'string' || !file) return undefined;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new BusKeyError(`Cannot read ${name}_FILE ${file}: ${(err as Error).message}`);
  }
  return parsePublicKeys(text, `${name}_FILE (${file})`);
}

/** Signs what the gateway sends on the subjects only it may call (see GatewayAssertionVerifier). */
export class GatewayAssertionSigner {
  private constructor(
    private readonly key: KeyObject,
    private readonly jwk: JWK,
    private readonly now: () => number,
  ) {}

  /** From a PKCS8 PEM Ed25519 (or P-256) private key, e.g. GATEWAY_PRIVATE_KEY. */
  static async fromPem(pem: string, source: string, now: () => number = Date.now) {
    let key: KeyObject;
    try {
      key = createPrivateKey({ key: pem.replace(/\\n/g, '\n'), format: 'pem' });
    } catch {
      throw new BusKeyError(`${source} is not a PKCS8 PEM private key`);
    }
    return new GatewayAssertionSigner(key, await publicJwkOf(key, source), now);
  }

  /**
   * Key material for the gateway's own secrets (an HKDF input, never used as a key itself):
   * the private key's PKCS8 bytes, which every gateway replica holds and nothing else does.
   */
  secretMaterial(): Buffer {
    return this.key.export({ format: 'der', type: 'pkcs8' });
  }

  /** The public half, as services are configured with it (GATEWAY_PUBLIC_KEYS). */
  publicKeys(): JSONWebKeySet {
    return { keys: [{ ...this.jwk }] };
  }

  /** A one-use assertion for `subject` (unprefixed) and exactly this body. */
  sign(subject: string, body: string): Promise<string> {
    const issuedAt = Math.floor(this.now() / 1000);
    return new SignJWT({ body: bodyDigest(body) })
      .setProtectedHeader({ alg: this.jwk.alg!, kid: this.jwk.kid, typ: 'JWT' })
      .setIssuer(GATEWAY_ASSERTION_ISSUER)
      .setAudience(GATEWAY_ASSERTION_AUDIENCE)
      .setSubject(subject)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + GATEWAY_ASSERTION_SECONDS)
      .sign(this.key);
  }
}

/** Remembers the assertion ids already used, where every replica of the service sees them. */
export interface SeenAssertions {
  /** True the first time `jti` is claimed; false when it was seen before (a replay). */
  claim(jti: string, expiresAt: Date): Promise<boolean>;
}

/** The refusal of a caller that proved nothing, or not enough: UNAUTHENTICATED with this message. */
export const refused = (message: string) => new ServiceError('UNAUTHENTICATED', message);

/**
 * Checks a gateway assertion: the gateway's signature, for this subject, over this body,
 * unexpired and no longer-lived than 60 s, and never seen before.
 */
export class GatewayAssertionVerifier {
  private readonly keys: ReturnType<typeof createLocalJWKSet>;

  constructor(
    keys: JSONWebKeySet,
    private readonly seen: SeenAssertions,
  ) {
    this.keys = createLocalJWKSet(keys);
  }

  async verify(assertion: string | undefined, subject: string, body: string): Promise<void> {
    if (!assertion) throw refused(`${subject} may only be called by the gateway`);
    let payload;
    try {
      ({ payload } = await jwtVerify(assertion, this.keys, {
        issuer: GATEWAY_ASSERTION_ISSUER,
        audience: GATEWAY_ASSERTION_AUDIENCE,
        subject,
        requiredClaims: ['exp', 'iat', 'jti'],
        maxTokenAge: GATEWAY_ASSERTION_MAX_SECONDS,
      }));
    } catch (err) {
      throw refused(
        err instanceof joseErrors.JWTExpired ? 'Gateway assertion expired' : 'Invalid gateway assertion',
      );
    }
    if (payload.exp! - payload.iat! > GATEWAY_ASSERTION_MAX_SECONDS)
      throw refused('Gateway assertion lives too long');
    if (payload.body !== bodyDigest(body)) throw refused('Gateway assertion is for another body');
    if (!(await this.seen.claim(payload.jti!, new Date(payload.exp! * 1000))))
      throw refused('Gateway assertion already used');
  }
}
