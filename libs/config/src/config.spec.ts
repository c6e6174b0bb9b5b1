import { z } from 'zod';
import {
  baseEnvSchema,
  ConfigError,
  eventRetentionMs,
  parseConfig,
  processedEventsRetentionMs,
} from './config';

describe('config validated at boot', () => {
  it('uses the local defaults for this machine when nothing is set', () => {
    const cfg = parseConfig(baseEnvSchema, {});
    expect(cfg.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/planted');
    expect(cfg.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(cfg.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(cfg.NATS_REQUEST_TIMEOUT_MS).toBe(10000);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig(baseEnvSchema, { LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });

  it('names every bad variable in the error', () => {
    const schema = baseEnvSchema.extend({ PORT: z.coerce.number().int().min(1).max(65535) });
    let caught: unknown;
    try {
      parseConfig(schema, { PORT: 'abc', REDIS_URL: 'not a url' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.issues.map((i) => i.variable).sort()).toEqual(['PORT', 'REDIS_URL']);
    expect(error.message).toContain('PORT');
  });

  it('coerces numbers', () => {
    expect(parseConfig(baseEnvSchema, { NATS_REQUEST_TIMEOUT_MS: '250' }).NATS_REQUEST_TIMEOUT_MS).toBe(250);
  });

  it('keeps events 30 days by default, and a consumer’s records of them a day longer; 0 keeps both forever', () => {
    const day = 24 * 60 * 60 * 1000;
    const byDefault = parseConfig(baseEnvSchema, {});
    expect(byDefault.EVENT_RETENTION_DAYS).toBe(30);
    expect(eventRetentionMs(byDefault)).toBe(30 * day);
    expect(processedEventsRetentionMs(byDefault)).toBe(31 * day);
    const forever = parseConfig(baseEnvSchema, { EVENT_RETENTION_DAYS: '0' });
    expect(eventRetentionMs(forever)).toBe(0);
    expect(processedEventsRetentionMs(forever)).toBeUndefined();
    expect(() => parseConfig(baseEnvSchema, { EVENT_RETENTION_DAYS: '-1' })).toThrow(/EVENT_RETENTION_DAYS/);
    expect(() => parseConfig(baseEnvSchema, { EVENT_RETENTION_DAYS: '1.5' })).toThrow(/EVENT_RETENTION_DAYS/);
  });
});
