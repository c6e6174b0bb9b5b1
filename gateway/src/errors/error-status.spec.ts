import { ERROR_CODES } from '@planted/contracts';
import { HTTP_STATUS_OF_CODE, httpStatusFor } from './error-status';

describe('error codes map to HTTP statuses (design.md Contracts)', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    for (const code of ERROR_CODES) {
      const status = httpStatusFor(code);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('has one row per code the contracts declare (generic and each service’s), and no other', () => {
    expect(Object.keys(HTTP_STATUS_OF_CODE).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each([
    ['VALIDATION_FAILED', 400],
    ['INVALID_CREDENTIALS', 401],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['USER_LIMIT_REACHED', 403],
    ['NOT_FOUND', 404],
    ['EMAIL_TAKEN', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['RATE_LIMITED', 429],
    ['UNAVAILABLE', 503],
    ['INTERNAL', 500],
  ] as const)('%s is %i', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });
});
