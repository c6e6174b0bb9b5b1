import { DrizzleQueryError } from 'drizzle-orm';
import { uniqueViolation, withoutQueryParameters } from './db-errors';

const pgUnique = Object.assign(new Error('duplicate key value violates unique constraint'), {
  code: '23505',
  constraint: 'users_email_lower_unique',
});

describe('database errors', () => {
  it('finds the unique index a write collided with, through Drizzle’s wrapper', () => {
    expect(uniqueViolation(new DrizzleQueryError('insert ...', ['secret-hash'], pgUnique))).toBe(
      'users_email_lower_unique',
    );
    expect(uniqueViolation(pgUnique)).toBe('users_email_lower_unique');
    expect(uniqueViolation(Object.assign(new Error('x'), { code: '23503' }))).toBeUndefined();
    expect(uniqueViolation(new Error('plain'))).toBeUndefined();
  });

  it('logs the driver error instead of the query with its parameters', () => {
    const wrapped = new DrizzleQueryError('insert into users ...', ['$argon2id$hash'], pgUnique);
    expect(wrapped.message).toContain('$argon2id$hash');
    expect(withoutQueryParameters(wrapped)).toBe(pgUnique);
    const other = new Error('other');
    expect(withoutQueryParameters(other)).toBe(other);
  });
});
