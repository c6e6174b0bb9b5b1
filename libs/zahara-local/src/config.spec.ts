import { parseConfig } from '@planted/config';
import { simulatorEnvSchema } from './config';

describe('the runnable simulator’s settings', () => {
  it('default to port 3190 on loopback, accepting any key that looks like one, 100 calls a minute', () => {
    expect(parseConfig(simulatorEnvSchema, {})).toEqual({
      ZAHARA_SIM_PORT: 3190,
      ZAHARA_SIM_HOST: '127.0.0.1',
      ZAHARA_SIM_KEYS: [],
      ZAHARA_SIM_ACCEPT_ANY_KEY: true,
      ZAHARA_SIM_KEY_PATTERN: undefined,
      ZAHARA_SIM_RATE_PER_MINUTE: 100,
    });
  });

  it('read keys as a comma-separated list, the flag and the pattern', () => {
    const config = parseConfig(simulatorEnvSchema, {
      ZAHARA_SIM_KEYS: ' key-one-0000000001, key-two-0000000002 ,',
      ZAHARA_SIM_ACCEPT_ANY_KEY: 'false',
      ZAHARA_SIM_KEY_PATTERN: '^zk_[a-z]+$',
      ZAHARA_SIM_RATE_PER_MINUTE: '20',
    });
    expect(config.ZAHARA_SIM_KEYS).toEqual(['key-one-0000000001', 'key-two-0000000002']);
    expect(config.ZAHARA_SIM_ACCEPT_ANY_KEY).toBe(false);
    expect(config.ZAHARA_SIM_KEY_PATTERN?.test('zk_abc')).toBe(true);
    expect(config.ZAHARA_SIM_RATE_PER_MINUTE).toBe(20);
  });

  it('name the variable that is wrong', () => {
    expect(() => parseConfig(simulatorEnvSchema, { ZAHARA_SIM_KEY_PATTERN: '(' })).toThrow(
      /ZAHARA_SIM_KEY_PATTERN/,
    );
    expect(() => parseConfig(simulatorEnvSchema, { ZAHARA_SIM_ACCEPT_ANY_KEY: 'maybe' })).toThrow(
      /ZAHARA_SIM_ACCEPT_ANY_KEY/,
    );
  });
});
