import type { Actor, CallerKind } from '@planted/contracts';
import { MESSAGES, ServiceError } from '@planted/contracts';
import { setSessionToken } from '@planted/logging';
import {
  GATEWAY_ASSERTION_HEADER,
  SESSION_TOKEN_HEADER,
  type GatewayAssertionVerifier,
  type IncomingRequest,
  type SessionTokenVerifier,
} from '@planted/messaging';
import { callerOf, membersOnly } from './handles';

export interface AdmissionOptions {
  sessions: SessionTokenVerifier;
  assertions: GatewayAssertionVerifier;
  /** The caller kind each served subject declared in its contract (by default, @Handles'). */
  callerOf?: (subject: string) => CallerKind | undefined;
  /** Whether a served subject's contract keeps it from viewers (by default, @Handles'). */
  membersOnly?: (subject: string) => boolean;
}

/**
 * The admission step: every request to every service passes here, inside its request id,
 * before Nest's pipes and before any handler runs (ServiceNatsServer calls it for each
 * subject it serves). Throwing a ServiceError refuses the request: the caller gets that
 * code and message, the handler never runs, and /metrics counts the refusal.
 *
 * No service believes a caller it cannot verify (design: "Trust on the bus"). What a
 * request must prove is what its contract declared (defineRequest's `caller`):
 * - 'user': a session token identity signed (checked with identity's pinned public keys),
 *   whose session has not ended (logout, password change or reset, role change, removal:
 *   the verifier asks SessionRevocations, as the gateway's does);
 *   the payload's `actor` must be that token's user, and is replaced by the token's, so
 *   the role and company a handler reads are the verified ones. The token stays in the
 *   request context, so calls this handler makes for the user forward it. A subject for
 *   members (a change to the company's records) refuses a viewer's token, as the gateway
 *   does, so no process on the bus gets a viewer's change made (audit AE-2).
 * - 'gateway': the gateway's assertion for this subject and this body, used once.
 * - 'public': nothing.
 * A subject no contract declared is refused. Keeping it in this one place means no handler
 * can forget it.
 */
export function createAdmission(
  options: AdmissionOptions,
): (request: IncomingRequest) => void | Promise<void> {
  const declared = options.callerOf ?? callerOf;
  const forMembers = options.membersOnly ?? membersOnly;
  return (request) => {
    switch (declared(request.subject)) {
      case 'public':
        return;
      case 'user': {
        const token = request.headers?.get(SESSION_TOKEN_HEADER) || undefined;
        const members = forMembers(request.subject);
        const known = token ? options.sessions.cached(token) : undefined;
        if (known) return actFor(request, token!, known, members);
        return options.sessions.verify(token).then((actor) => actFor(request, token!, actor, members));
      }
      case 'gateway':
        return options.assertions.verify(
          request.headers?.get(GATEWAY_ASSERTION_HEADER) || undefined,
          request.subject,
          JSON.stringify(request.data),
        );
      default:
        throw new ServiceError('FORBIDDEN', `${request.subject} declares no caller`);
    }
  };
}

function actFor(request: IncomingRequest, token: string, actor: Actor, membersOnly: boolean): void {
  if (membersOnly && actor.role === 'viewer') throw new ServiceError('FORBIDDEN', MESSAGES.VIEWERS_READ_ONLY);
  const data = request.data as { actor?: unknown } | null;
  if (data && typeof data === 'object' && 'actor' in data) {
    const claimed = data.actor as Partial<Actor> | null;
    if (claimed?.userId !== actor.userId || claimed?.customerId !== actor.customerId)
      throw new ServiceError('FORBIDDEN', 'The actor is not the signed-in user');
    data.actor = { ...actor };
  }
  setSessionToken(token);
}
