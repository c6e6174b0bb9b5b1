import { createHash } from 'node:crypto';
import { hashInvitationToken, newInvitationToken } from './invitation-token';

describe('invitation tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = newInvitationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newInvitationToken()).not.toBe(token);
  });

  it('are stored as their sha-256 in hex', () => {
    expect(hashInvitationToken('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
    expect(hashInvitationToken('abc')).toMatch(/^[0-9a-f]{64}$/);
  });
});
