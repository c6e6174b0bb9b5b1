import { SessionRevocations } from './session-revocations';

const USER = '2b9c3a54-1d1f-4c1e-9a55-6f0f0d2b8a11';
const OTHER = '7a0c1e6d-3f51-4f0a-8a7e-5a0f6c9d2e44';

function revocationsAt(seconds: { now: number }) {
  return new SessionRevocations({ now: () => seconds.now * 1000 } as never);
}

describe('SessionRevocations (issue 8: sessions end when they should)', () => {
  it('ends one session at logout, not the user’s others nor another user’s', () => {
    const clock = { now: 1000 };
    const revocations = revocationsAt(clock);
    revocations.add({ kind: 'session', userId: USER, sessionId: 's1', expiresAt: 2000 });
    expect(revocations.isRevoked({ userId: USER, sessionId: 's1', issuedAt: 900 })).toBe(true);
    expect(revocations.isRevoked({ userId: USER, sessionId: 's2', issuedAt: 900 })).toBe(false);
    expect(revocations.isRevoked({ userId: OTHER, sessionId: 's1', issuedAt: 900 })).toBe(false);
  });

  it('ends every session of a user issued before validAfter; later ones stay valid', () => {
    const clock = { now: 1000 };
    const revocations = revocationsAt(clock);
    revocations.add({ kind: 'user', userId: USER, validAfter: 1001, expiresAt: 5000 });
    expect(revocations.isRevoked({ userId: USER, sessionId: 'a', issuedAt: 1000 })).toBe(true);
    expect(revocations.isRevoked({ userId: USER, issuedAt: 10 })).toBe(true);
    expect(revocations.isRevoked({ userId: USER, sessionId: 'b', issuedAt: 1001 })).toBe(false);
    expect(revocations.isRevoked({ userId: OTHER, issuedAt: 10 })).toBe(false);
    // An older revocation arriving late never moves the instant back.
    revocations.add({ kind: 'user', userId: USER, validAfter: 500, expiresAt: 4000 });
    expect(revocations.isRevoked({ userId: USER, issuedAt: 1000 })).toBe(true);
  });

  it('forgets revocations once every token they concern has expired', () => {
    const clock = { now: 1000 };
    const revocations = revocationsAt(clock);
    revocations.add({ kind: 'session', userId: USER, sessionId: 's1', expiresAt: 1500 });
    revocations.add({ kind: 'user', userId: OTHER, validAfter: 1001, expiresAt: 1600 });
    revocations.prune();
    expect(revocations.size).toBe(2);
    clock.now = 1601;
    revocations.prune();
    expect(revocations.size).toBe(0);
  });

  it('whenRevoked answers true once the session’s revocation arrives, false after the wait without it', async () => {
    const revocations = revocationsAt({ now: 1000 });
    const session = { userId: USER, sessionId: 's1', issuedAt: 900 };
    const waiting = revocations.whenRevoked(session, 5000);
    const other = revocations.whenRevoked({ userId: OTHER, sessionId: 's1', issuedAt: 900 }, 20);
    revocations.add({ kind: 'session', userId: USER, sessionId: 's2', expiresAt: 2000 }); // not this one
    revocations.add({ kind: 'user', userId: USER, validAfter: 901, expiresAt: 2000 });
    await expect(waiting).resolves.toBe(true);
    await expect(other).resolves.toBe(false);
    // Already ended: at once.
    await expect(revocations.whenRevoked(session, 0)).resolves.toBe(true);
  });
});
