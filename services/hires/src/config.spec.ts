import { ConfigError } from '@planted/config';
import { parseHiresConfig } from './config';

describe('hires configuration', () => {
  it('defaults to port 3103, offline geocoding and London’s calendar', () => {
    const config = parseHiresConfig({});
    expect(config).toMatchObject({
      HIRES_HTTP_PORT: 3103,
      DB_APP_ROLE: 'planted_hires',
      GOOGLE_MAPS_BASE_URL: 'https://maps.googleapis.com',
      GOOGLE_MAPS_TIMEOUT_MS: 3000,
      HIRES_TIME_ZONE: 'Europe/London',
    });
    expect(config.GOOGLE_MAPS_API_KEY).toBeUndefined();
  });

  it('takes a Google key, base URL (trailing slash dropped) and timeout', () => {
    expect(
      parseHiresConfig({
        GOOGLE_MAPS_API_KEY: 'k',
        GOOGLE_MAPS_BASE_URL: 'http://127.0.0.1:9999/',
        GOOGLE_MAPS_TIMEOUT_MS: '500',
      }),
    ).toMatchObject({
      GOOGLE_MAPS_API_KEY: 'k',
      GOOGLE_MAPS_BASE_URL: 'http://127.0.0.1:9999',
      GOOGLE_MAPS_TIMEOUT_MS: 500,
    });
  });

  it('names each bad variable', () => {
    try {
      parseHiresConfig({
        HIRES_TIME_ZONE: 'Mars/Olympus',
        GOOGLE_MAPS_BASE_URL: 'not a url',
        HIRES_HTTP_PORT: 'x',
      });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).issues.map((i) => i.variable).sort()).toEqual([
        'GOOGLE_MAPS_BASE_URL',
        'HIRES_HTTP_PORT',
        'HIRES_TIME_ZONE',
      ]);
    }
  });
});
