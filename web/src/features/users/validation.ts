import { isValidEmail, type FieldErrors } from '../../lib/rules';
import { DEFAULT_INVITE_ROLE, type Role } from '@planted/domain';

export { DEFAULT_INVITE_ROLE };

/** Spec §5 Invite: role one of user (default), viewer, admin. */
export const INVITE_ROLES: readonly Role[] = [DEFAULT_INVITE_ROLE, 'viewer', 'admin'];

export function validateInvite(values: { email: string }): FieldErrors<'email'> {
  const email = values.email.trim();
  if (!email) return { email: 'EMAIL_REQUIRED' };
  if (!isValidEmail(email)) return { email: 'EMAIL_INVALID' };
  return {};
}
