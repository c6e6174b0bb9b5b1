import { Writable } from 'node:stream';
import { connect, type NatsConnection } from 'nats';
import type { Actor, Session } from '@planted/contracts';
import { IdentityRegister } from '@planted/contracts';
import { createLogger, type Logger } from '@planted/logging';
import { NatsTypedClient } from '@planted/messaging';
import { FakeSmtp, testServiceEnv, uniqueName } from '@planted/testing';
import { createIdentityApp, type IdentityApp } from '../../src/app';
import { identityStreamSpec } from '../../src/core/event-stream';
import { parseIdentityConfig, type IdentityConfig } from '../../src/config';

export interface IdentityHarness {
  app: IdentityApp;
  config: IdentityConfig;
  client: NatsTypedClient;
  nc: NatsConnection;
  smtp: FakeSmtp | undefined;
  logLines: Record<string, unknown>[];
  close(): Promise<void>;
}

/** A logger at info level whose lines the test can read. */
function capturingLogger(lines: Record<string, unknown>[]): Logger {
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
        // TEST_LOG_LEVEL=info shows the service's log while debugging a test.
        if (process.env.TEST_LOG_LEVEL && process.env.TEST_LOG_LEVEL !== 'silent')
          process.stderr.write(`${line}\n`);
      }
      cb();
    },
  });
  return createLogger('identity', { level: 'info' }, stream);
}

/**
 * The identity service in this process with its own subject prefix, the run's database,
 * real NATS, and (unless `smtp: false`) a fake SMTP server it sends mail to. The test
 * talks to it only through NATS, as the gateway does.
 */
export async function startIdentity(
  options: { smtp?: boolean; env?: Record<string, string> } = {},
): Promise<IdentityHarness> {
  const smtp = options.smtp === false ? undefined : new FakeSmtp();
  const smtpUrl = smtp ? await smtp.start() : undefined;
  const env = testServiceEnv({
    IDENTITY_HTTP_PORT: '0',
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    ...options.env,
  });
  if (!smtpUrl) delete env.SMTP_URL;
  const config = parseIdentityConfig(env);
  const logLines: Record<string, unknown>[] = [];
  const app = createIdentityApp(config, { logger: capturingLogger(logLines) });
  await app.listen();
  const nc: NatsConnection = await connect({ servers: config.NATS_URL });
  const client = new NatsTypedClient(nc, config.NATS_SUBJECT_PREFIX, 10_000);
  return {
    app,
    config,
    client,
    nc,
    smtp,
    logLines,
    async close() {
      await app.close();
      // Each run has its own stream; leave nothing behind on the shared NATS server.
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(identityStreamSpec(config.NATS_SUBJECT_PREFIX).name).catch(() => undefined);
      await nc.close();
      await smtp?.stop();
    },
  };
}

export function uniqueEmail(label = 'user'): string {
  return `${uniqueName(label)}@example.test`.toLowerCase();
}

export const PASSWORD = 'correct horse battery';

/** Registers a new company and answers its admin's session and actor. */
export async function registerCompany(
  client: NatsTypedClient,
  overrides: Partial<{ customerName: string; userName: string; email: string; password: string }> = {},
): Promise<{ session: Session; actor: Actor; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail('admin');
  const password = overrides.password ?? PASSWORD;
  const session = await client.send(IdentityRegister, {
    customerName: overrides.customerName ?? 'Acme Plant Ltd',
    customerAddress: '1 Builders Yard, Leeds LS1 1AA',
    userName: overrides.userName ?? 'Alice Admin',
    email,
    password,
  });
  return { session, actor: actorOf(session.user), email, password };
}

export function actorOf(user: Session['user']): Actor {
  return {
    userId: user.id,
    customerId: user.customer_id,
    role: user.role,
    email: user.email,
    name: user.name,
  };
}

/** The ServiceError a call rejects with (fails the test when it resolves). */
export async function errorOf(
  call: Promise<unknown>,
): Promise<{ code: string; message: string; details?: unknown }> {
  try {
    await call;
  } catch (err) {
    const e = err as { code: string; message: string; details?: unknown };
    return { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
  }
  throw new Error('expected the call to fail');
}
