import { ConfigError } from '@planted/config';
import { parseDurationSeconds, parseIdentityConfig } from './config';

const issuesOf = (env: Record<string, string>) => {
  try {
    parseIdentityConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  return [];
};

describe('identity configuration', () => {
  it('has defaults for everything but the signing key, which a test run may leave out', () => {
    const config = parseIdentityConfig({ NODE_ENV: 'test' });
    expect(config).toMatchObject({
      IDENTITY_HTTP_PORT: 3101,
      DB_APP_ROLE: 'planted_identity',
      JWT_TTL: 12 * 3600,
      ARGON2_MEMORY_KIB: 19_456,
      ARGON2_TIME_COST: 2,
      ARGON2_PARALLELISM: 1,
      INVITATION_TTL_HOURS: 168,
      APP_URL: 'http://localhost:3000',
    });
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('refuses to boot outside tests without JWT_PRIVATE_KEY or JWT_KEY_FILE, saying what to set', () => {
    const [issue] = issuesOf({ NODE_ENV: 'production' });
    expect(issue?.variable).toBe('JWT_KEY_FILE');
    expect(issue?.message).toMatch(/JWT_PRIVATE_KEY.*JWT_KEY_FILE/);
    expect(issuesOf({ NODE_ENV: 'development', JWT_KEY_FILE: '.data/keys/identity.pem' })).toEqual([]);
  });

  it('allows argon2 parameters above the OWASP minimum only', () => {
    const base = { NODE_ENV: 'test' };
    expect(parseIdentityConfig({ ...base, ARGON2_MEMORY_KIB: '65536', ARGON2_TIME_COST: '3' })).toMatchObject(
      {
        ARGON2_MEMORY_KIB: 65_536,
        ARGON2_TIME_COST: 3,
      },
    );
    expect(
      issuesOf({ ...base, ARGON2_MEMORY_KIB: '4096', ARGON2_TIME_COST: '1' })
        .map((i) => i.variable)
        .sort(),
    ).toEqual(['ARGON2_MEMORY_KIB', 'ARGON2_TIME_COST']);
  });

  it('reads JWT_TTL as a duration and trims the trailing slash of APP_URL', () => {
    expect(
      parseIdentityConfig({ NODE_ENV: 'test', JWT_TTL: '30m', APP_URL: 'https://planted.example/' }),
    ).toMatchObject({
      JWT_TTL: 1800,
      APP_URL: 'https://planted.example',
    });
    expect(parseDurationSeconds('7d')).toBe(604_800);
    expect(parseDurationSeconds('90')).toBe(90);
    expect(parseDurationSeconds('0h')).toBeUndefined();
    expect(parseDurationSeconds('soon')).toBeUndefined();
    expect(issuesOf({ NODE_ENV: 'test', JWT_TTL: 'forever' }).map((i) => i.variable)).toEqual(['JWT_TTL']);
  });
});
