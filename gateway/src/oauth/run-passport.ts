import type passport from 'passport';
import type { OAuthRequest } from './oauth-request';

/** An Authenticator made with `new passport.Passport()`. */
export type PassportInstance = InstanceType<(typeof passport)['Passport']>;

export type PassportOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'success'; user: unknown; info: unknown }
  | { kind: 'fail'; challenge: unknown }
  | { kind: 'error'; error: unknown };

/**
 * Runs a passport strategy for one request and says how it ended.
 *
 * Passport is Connect middleware: it wants (req, res, next) and, to start a sign-in,
 * writes a 302 on `res` itself. Under Fastify we could hijack the reply and hand
 * passport the raw ServerResponse, but a hijacked reply skips Fastify's onSend hooks
 * (helmet's security headers, the request id) and Nest's exception filter. Instead
 * passport gets a response object that only records the redirect it asks for, and the
 * custom callback turns success, failure and error into values; the controller then
 * answers through Fastify like every other route. Passport only ever calls statusCode,
 * setHeader and end on it when a callback is given and sessions are off.
 */
export function runPassport(
  passport: PassportInstance,
  strategy: string,
  req: OAuthRequest,
  options: Record<string, unknown>,
): Promise<PassportOutcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    const res = {
      statusCode: 200,
      setHeader(name: string, value: unknown) {
        headers[name.toLowerCase()] = String(value);
      },
      end() {
        resolve({ kind: 'redirect', location: headers.location ?? '' });
      },
    };
    const middleware = passport.authenticate(
      strategy,
      { ...options, session: false },
      (err: unknown, user: unknown, info: unknown) => {
        if (err) resolve({ kind: 'error', error: err });
        else if (!user) resolve({ kind: 'fail', challenge: info });
        else resolve({ kind: 'success', user, info });
      },
    ) as (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
    // next() is only reached for an unknown strategy or one that passes: neither is a sign-in.
    middleware(req, res, (err?: unknown) =>
      resolve({ kind: 'error', error: err ?? new Error(`strategy ${strategy} passed`) }),
    );
  });
}
