import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the invitee receives. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of the token: a leaked table gives no usable links. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
