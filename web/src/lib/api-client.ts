import { IDEMPOTENCY } from '@planted/contracts/messages';
import { sessionStore } from './session-store';
import type { FieldError } from './types';

export const API_BASE = '/api';

/**
 * An answer that was not 2xx. `serverMessage` is the answer's `error` text when it sent one;
 * `code` its stable error code (e.g. HIRE_LIMIT_REACHED) when the gateway sends one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly details: FieldError[];
  readonly serverMessage: string | null;
  readonly code: string | null;

  constructor(
    status: number,
    serverMessage: string | null,
    details: FieldError[] = [],
    code: string | null = null,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
    this.serverMessage = serverMessage;
    this.code = code;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /**
   * The login call answers 401 for a wrong password; that must show a message rather than
   * end a session, so it opts out of the global 401 handling.
   */
  skipUnauthorizedRedirect?: boolean;
  /**
   * Sends one Idempotency-Key for this call and retries it with that key when the outcome
   * is unknown (see `apiRequest`). On by default for POST, the creating method; the gateway
   * ignores the key on routes that create nothing.
   */
  idempotent?: boolean;
  /**
   * The call saves nothing the user made (signing in or out, asking for a reset link): when no
   * answer comes it simply failed, and its screen says so. Any other keyed call with no answer
   * is one the server may have carried out, and says that instead.
   */
  savesNothing?: boolean;
}

/** Waits before each automatic retry of a call whose outcome is unknown (two retries). */
export const RETRY_DELAYS_MS = [500, 1500] as const;

/** A fresh Idempotency-Key; randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

type UnauthorizedHandler = () => void;

function goToLogin(): void {
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

let onUnauthorized: UnauthorizedHandler = goToLogin;

/** The app installs a router-aware handler; the default does a full page load of /login. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler ?? goToLogin;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isFieldErrorList(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'msg' in item && 'param' in item)
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function send<T>(
  path: string,
  options: RequestOptions,
  method: string,
  idempotencyKey: string | undefined,
  resent = false,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = sessionStore.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers[IDEMPOTENCY.HEADER] = idempotencyKey;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    signal: options.signal,
  });
  const data = await readJson(response);

  if (!response.ok) {
    const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    const message = typeof record.error === 'string' && record.error ? record.error : null;
    const details = isFieldErrorList(record.details) ? record.details : [];
    const code = typeof record.code === 'string' && record.code ? record.code : null;
    if (response.status === 401 && !options.skipUnauthorizedRedirect) {
      // Refused with a token this tab (or another, through storage) has since replaced: the
      // session goes on with the new one, and the call is sent again with it, once.
      if (token && !resent && sessionStore.hasNewerToken(token))
        return send(path, options, method, idempotencyKey, true);
      sessionStore.clear({ ended: sessionStore.getState().status !== 'anonymous' });
      onUnauthorized();
    }
    throw new ApiError(response.status, message, details, code);
  }
  return data as T;
}

/**
 * Whether a keyed call may have been carried out without us hearing of it, so that the same
 * request with the same key is worth sending again: no answer at all (network error), the
 * gateway's "outcome unknown" 503, or the key still held by the attempt we lost track of.
 */
function outcomeUnknown(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return false;
  if (error instanceof ApiError) {
    return (
      (error.status === 503 && error.serverMessage === IDEMPOTENCY.OUTCOME_UNKNOWN) ||
      (error.status === 409 && error.serverMessage === IDEMPOTENCY.IN_FLIGHT)
    );
  }
  return error instanceof TypeError; // what fetch throws when no answer came
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Calls the API. A POST (each call being one submit) carries an Idempotency-Key made for
 * this call; when its outcome is unknown it is sent again with the same key, after
 * RETRY_DELAYS_MS, so a lost answer never creates twice (design.md, Contracts). The last
 * failure is thrown, with the server's message.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
  const keyed = options.idempotent ?? method === 'POST';
  const fingerprint = keyed ? requestFingerprint(method, path, options) : undefined;
  const key = keyed ? ((fingerprint && unconfirmed.get(fingerprint)) ?? newIdempotencyKey()) : undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await send<T>(path, options, method, key);
      if (fingerprint) unconfirmed.delete(fingerprint);
      return answer;
    } catch (error) {
      const unknown = Boolean(key) && outcomeUnknown(error, options.signal);
      const delay = RETRY_DELAYS_MS[attempt];
      if (!unknown || delay === undefined) {
        // Still unknown after the retries: the user's own retry of the same request (the same
        // submit again) goes with the same key, so it cannot create a second time either.
        if (fingerprint) {
          if (unknown) remember(fingerprint, key!);
          else unconfirmed.delete(fingerprint);
        }
        // No answer came at all to a save (the connection dropped, perhaps after the gateway
        // passed the request on): say so as the gateway's own 'outcome unknown' is said, so the
        // user sends it again unchanged rather than believing it failed (and changing it first).
        if (unknown && !(error instanceof ApiError) && !options.savesNothing)
          throw new ApiError(0, IDEMPOTENCY.OUTCOME_UNKNOWN);
        throw error;
      }
      await pause(delay);
    }
  }
}

/** Keys of requests whose outcome stayed unknown, by what they asked (a few, the latest kept). */
const unconfirmed = new Map<string, string>();
const UNCONFIRMED_KEPT = 20;

function remember(fingerprint: string, key: string): void {
  unconfirmed.delete(fingerprint);
  unconfirmed.set(fingerprint, key);
  if (unconfirmed.size > UNCONFIRMED_KEPT) unconfirmed.delete(unconfirmed.keys().next().value!);
}

/**
 * The same request: method, path, query and body. A multipart body (equipment with or without
 * its image) is the same when its fields are and its files are the same files (name, size,
 * type and time, as the form still holds the one picked): the gateway fingerprints the fields
 * and the image's bytes, so the same key sent again is taken as the same submit.
 */
function requestFingerprint(method: string, path: string, options: RequestOptions): string | undefined {
  const body =
    typeof FormData !== 'undefined' && options.body instanceof FormData
      ? [...options.body.entries()].map(([name, value]) =>
          typeof value === 'string'
            ? [name, value]
            : [name, { file: value.name, size: value.size, type: value.type, modified: value.lastModified }],
        )
      : (options.body ?? null);
  return JSON.stringify([
    sessionStore.getState().user?.id ?? null,
    method,
    path,
    options.query ?? null,
    body,
  ]);
}

/** Spec §8: show the server's `error` text, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
