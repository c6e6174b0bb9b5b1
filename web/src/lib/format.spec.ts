import { formatDate, formatMoney, formatWholePounds, initials, isolate } from './format';
import { decodeJwtPayload, userFromToken } from './jwt';
import { fakeJwt } from '../test/utils';

describe('formatting (spec §1)', () => {
  it('formats money as GBP in en-GB', () => {
    expect(formatMoney(1234.5)).toBe('£1,234.50');
    expect(formatMoney('79')).toBe('£79.00');
    expect(formatMoney(null)).toBe('£0.00');
  });

  it('formats list prices in whole pounds, without pence (spec §9 plan prices)', () => {
    expect(formatWholePounds(79)).toBe('£79');
    expect(formatWholePounds('1290')).toBe('£1,290');
    expect(formatWholePounds(0)).toBe('£0');
  });

  it('formats dates as day, short month, year', () => {
    expect(formatDate('2026-03-05')).toBe('5 Mar 2026');
    expect(formatDate('2026-09-30')).toBe('30 Sep 2026');
    expect(formatDate(new Date(2026, 11, 1))).toBe('1 Dec 2026');
    expect(formatDate('2026-03-05', 'es')).toBe('5 mar 2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('makes initials for the avatar', () => {
    expect(initials('Alice Mary Admin')).toBe('AA');
    expect(initials('bob')).toBe('B');
    expect(initials('')).toBe('?');
  });
});

describe('token payload (spec §3 Session)', () => {
  it('reads userId, email, role, name and customer_id without verifying', () => {
    const token = fakeJwt({
      userId: 'u-3',
      email: 'zoë@example.com',
      role: 'viewer',
      name: 'Zoë',
      customer_id: 'c-9',
    });
    expect(userFromToken(token)).toMatchObject({
      id: 'u-3',
      email: 'zoë@example.com',
      role: 'viewer',
      name: 'Zoë',
      customer_id: 'c-9',
    });
  });

  it('rejects what is not a JWT', () => {
    expect(decodeJwtPayload('abc')).toBeNull();
    expect(decodeJwtPayload('a.%%%.c')).toBeNull();
    expect(userFromToken(fakeJwt({ email: 'no-id@example.com' }))).toBeNull();
  });
});

describe('isolate (names set into sentences)', () => {
  it('wraps a name in first-strong and pop directional isolates, keeping it as typed', () => {
    expect(isolate('موقع الرياض')).toBe('\u2068موقع الرياض\u2069');
    expect(isolate('Leeds Depot')).toBe('\u2068Leeds Depot\u2069');
  });
});
