import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { configIssues } from './config';
import { DEPLOYABLES, ROOT, SERVICES } from './kube';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** docker-compose.yml as `docker compose up` sees it in a shell that sets none of its variables. */
function interpolate(value: unknown): unknown {
  if (typeof value === 'string')
    return value.replace(
      /\$\{([A-Z0-9_]+)(:?-([^}]*))?\}/g,
      (_m, _name: string, _d, fallback?: string) => fallback ?? '',
    );
  if (Array.isArray(value)) return value.map(interpolate);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)]));
  return value;
}

const compose = interpolate(
  parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }),
) as {
  services: Record<string, any>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const env = (name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(services[name].environment ?? {}).map(([k, v]) => [k, String(v)]));
const dependsOn = (name: string): Record<string, { condition: string }> => services[name].depends_on ?? {};

/** The source of a built image's entry (ENTRY, default dist/main.js): src/<same>.ts. */
function entrySource(build: any): string {
  const entry = String(build.args?.ENTRY ?? 'dist/main.js');
  return path.join(
    ROOT,
    String(build.args.PROJECT),
    entry.replace(/^dist\//, 'src/').replace(/\.js$/, '.ts'),
  );
}

const FAKE_SERVICES = {
  'stripe-local': 'libs/stripe-local',
  zahara: 'libs/zahara-local',
  'oidc-local': 'libs/testing',
};

describe('docker-compose.yml', () => {
  it('runs every deployable from the root Dockerfile, with its project and entry', () => {
    for (const name of DEPLOYABLES) {
      const { build, image } = services[name] ?? {};
      expect({ name, image }).toEqual({ name, image: `planted/${name}:dev` });
      expect(build.context).toBe('.');
      expect(build.dockerfile).toBe('Dockerfile');
      expect(build.target).toBe(name === 'gateway' ? 'gateway' : 'service');
      expect(build.args.PROJECT).toBe(name === 'gateway' ? 'gateway' : `services/${name}`);
      expect(existsSync(entrySource(build))).toBe(true);
    }
  });

  it('runs the infrastructure and the fakes: PostgreSQL, Redis, NATS with JetStream, local Stripe, Zahara simulator, identity provider, Mailpit', () => {
    expect(services.postgres.image).toMatch(/^postgres:16/);
    expect(services.redis.image).toMatch(/^redis:7/);
    expect(services.nats.command).toEqual(expect.arrayContaining(['-js', '-c', '/etc/nats/nats.conf']));
    expect(services.nats.volumes).toContain('./deploy/nats/nats.conf:/etc/nats/nats.conf:ro');
    expect(services.mailpit.image).toMatch(/mailpit/);
    for (const [name, project] of Object.entries(FAKE_SERVICES)) {
      const { build } = services[name];
      expect(build.dockerfile).toBe('Dockerfile');
      expect(build.args.PROJECT).toBe(project);
      expect(existsSync(entrySource(build))).toBe(true);
    }
  });

  it('gives every deployable the configuration its code requires (its config schema parses the compose environment)', () => {
    for (const name of DEPLOYABLES) {
      expect({ name, issues: configIssues(name, env(name)) }).toEqual({ name, issues: [] });
      const own = env(name);
      expect(own.DATABASE_URL).toMatch(/@postgres:5432\/planted$/);
      expect(own.NATS_URL).toBe('nats://nats:4222');
      // Logged in to NATS as itself, with the password nats-server has for that user.
      expect(own.NATS_USER).toBe(name);
      expect(own.NATS_PASSWORD).toBe(env('nats')[`${name.toUpperCase()}_NATS_PASSWORD`]);
      expect(readFileSync(path.join(ROOT, 'deploy/nats/nats.conf'), 'utf8')).toContain(
        `password: $${name.toUpperCase()}_NATS_PASSWORD`,
      );
      // Trust on the bus: the pinned public keys, from the one-shot that makes them.
      expect(own.SESSION_PUBLIC_KEYS_FILE ?? own.SESSION_PUBLIC_KEYS).toBeDefined();
      if (name !== 'gateway') expect(own.GATEWAY_PUBLIC_KEYS_FILE ?? own.GATEWAY_PUBLIC_KEYS).toBeDefined();
      // And the secret events are signed and checked with, from the same one-shot.
      expect(own.EVENT_SIGNING_SECRET_FILE).toBe('/data/event-secret/event-signing.secret');
      expect(services[name].volumes).toContain('event-secret:/data/event-secret:ro');
    }
    expect(env('gateway').REDIS_URL).toBe('redis://redis:6379');
  });

  it('applies each service’s migrations in a one-shot of its image before the service starts', () => {
    for (const name of SERVICES) {
      const migrate = services[`${name}-migrate`];
      expect(migrate.image).toBe(services[name].image);
      expect(migrate.command).toEqual(['node', '/app/main.js', 'migrate']);
      expect(migrate.environment.DATABASE_URL).toBe(env(name).DATABASE_URL);
      expect(dependsOn(`${name}-migrate`).postgres.condition).toBe('service_healthy');
      expect(dependsOn(name)[`${name}-migrate`].condition).toBe('service_completed_successfully');
    }
  });

  it('points the deployables at the fakes, with matching keys and secrets', () => {
    const stripe = env('stripe-local');
    expect(env('billing').STRIPE_API_BASE_URL).toBe(`http://stripe-local:${stripe.STRIPE_LOCAL_PORT}`);
    expect(env('billing').STRIPE_SECRET_KEY).toBe(stripe.STRIPE_LOCAL_SECRET_KEY);
    expect(stripe.STRIPE_LOCAL_WEBHOOK_SECRET).toBe(env('gateway').STRIPE_WEBHOOK_SECRET);
    expect(stripe.STRIPE_LOCAL_WEBHOOK_URL).toBe('http://gateway:3000/api/webhooks/stripe');
    expect(env('accounting').ZAHARA_BASE_URL).toBe(`http://zahara:${env('zahara').ZAHARA_SIM_PORT}`);
    expect(env('identity').SMTP_URL).toBe('smtp://mailpit:1025');

    const oidc = env('oidc-local');
    const gateway = env('gateway');
    const clients = Object.fromEntries(oidc.OIDC_LOCAL_CLIENTS.split(',').map((c) => c.split(':')));
    for (const provider of ['GOOGLE', 'MICROSOFT']) {
      expect(clients[gateway[`${provider}_CLIENT_ID`]]).toBe(gateway[`${provider}_CLIENT_SECRET`]);
      expect(gateway[`${provider}_ISSUER`]).toBe(oidc.OIDC_LOCAL_PUBLIC_URL);
      expect(gateway[`${provider}_AUTHORIZATION_URL`]).toBe(`${oidc.OIDC_LOCAL_PUBLIC_URL}/authorize`);
      expect(gateway[`${provider}_TOKEN_URL`]).toBe(`http://oidc-local:${oidc.OIDC_LOCAL_PORT}/token`);
      expect(gateway[`${provider}_JWKS_URL`]).toBe(`http://oidc-local:${oidc.OIDC_LOCAL_PORT}/jwks`);
      expect(oidc.OIDC_LOCAL_REDIRECT_URIS.split(',')).toContain(
        `${gateway.APP_URL}/api/auth/${provider.toLowerCase()}/callback`,
      );
    }
    expect(services['oidc-local'].ports).toContain(`${oidc.OIDC_LOCAL_PORT}:${oidc.OIDC_LOCAL_PORT}`);
  });

  it('names only services and volumes it defines, and waits only on checks that exist', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(dependsOn(name))) {
        expect(`${name} → ${dependency}: ${dependency in services}`).toBe(`${name} → ${dependency}: true`);
        // Our Dockerfile's images have a HEALTHCHECK; others need one here.
        if (condition === 'service_healthy' && !services[dependency].build && dependency !== 'mailpit')
          expect(`${dependency} healthcheck: ${Boolean(services[dependency].healthcheck)}`).toBe(
            `${dependency} healthcheck: true`,
          );
      }
      for (const volume of service.volumes ?? []) {
        const source = String(volume).split(':')[0];
        if (!source.startsWith('.')) expect(Object.keys(compose.volumes)).toContain(source);
        else expect(existsSync(path.join(ROOT, source))).toBe(true);
      }
    }
    expect(Object.keys(dependsOn('gateway'))).toEqual(expect.arrayContaining([...SERVICES, 'redis', 'nats']));
  });

  it('passes `docker compose config` where the compose plugin is installed', () => {
    const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (version.status !== 0) {
      // No compose plugin here (the checks above read the file as compose does); CI
      // machines with it run the real parser too.
      console.info('docker compose is not installed: `docker compose config` not run');
      return;
    }
    const result = spawnSync(
      'docker',
      ['compose', '-f', path.join(ROOT, 'docker-compose.yml'), 'config', '--quiet'],
      {
        encoding: 'utf8',
        cwd: ROOT,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

  it('builds every deployable and fake from one file: PROJECT and ENTRY, a gateway and a service target', () => {
    expect(dockerfile).toMatch(/^ARG PROJECT$/m);
    expect(dockerfile).toMatch(/^ARG ENTRY=dist\/main\.js$/m);
    expect(dockerfile).toMatch(/^FROM runtime AS gateway$/m);
    // The last stage is the default target: a service.
    const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((m) => m[1]);
    expect(stages.at(-1)).toBe('service');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain('ln -s "/app/${PROJECT}/${ENTRY}" /app/main.js');
  });

  it('leaves out of the build context nothing an image needs', () => {
    const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    for (const needed of [
      'libs',
      'services',
      'gateway',
      'web',
      'scripts',
      'package.json',
      'package-lock.json',
    ])
      expect(ignored).not.toContain(needed);
  });
});
