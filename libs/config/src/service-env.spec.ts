import { z } from 'zod';
import { ConfigError, parseConfig } from './config';
import { httpPortVariable, serviceEnvSchema } from './service-env';

describe('service environment', () => {
  it('names the HTTP port after the service and defaults the role to planted_<service>', () => {
    expect(httpPortVariable('accounting-connector')).toBe('ACCOUNTING_CONNECTOR_HTTP_PORT');
    const config = parseConfig(serviceEnvSchema('accounting-connector', { httpPort: 3105 }), {});
    expect(config).toMatchObject({
      ACCOUNTING_CONNECTOR_HTTP_PORT: 3105,
      DB_APP_ROLE: 'planted_accounting_connector',
      DB_POOL_SIZE: 10,
      NATS_SUBJECT_PREFIX: '',
      LOG_LEVEL: 'info',
    });
  });

  it('takes the service’s own variables and names every bad one', () => {
    const schema = serviceEnvSchema('hires', { httpPort: 3103 }).extend({ HIRE_LIMIT: z.coerce.number() });
    expect(parseConfig(schema, { HIRES_HTTP_PORT: '0', HIRE_LIMIT: '5' })).toMatchObject({
      HIRES_HTTP_PORT: 0,
      HIRE_LIMIT: 5,
    });
    let caught: unknown;
    try {
      parseConfig(schema, { HIRES_HTTP_PORT: '70000', DB_APP_ROLE: 'Bad-Role', HIRE_LIMIT: 'x' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).issues.map((i) => i.variable).sort()).toEqual([
      'DB_APP_ROLE',
      'HIRES_HTTP_PORT',
      'HIRE_LIMIT',
    ]);
  });
});
