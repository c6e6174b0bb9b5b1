import { Writable } from 'node:stream';
import { connect, type NatsConnection } from 'nats';
import { createLogger, type Logger } from '@planted/logging';
import { testServiceEnv } from './test-database';

/**
 * What the harness uses of a running service: the service kit's ServiceApp has it. Typed
 * by shape because the libraries' own tests depend on this one, so it imports none of them.
 */
export interface TestableApp {
  listen(): Promise<void>;
  close(): Promise<void>;
  /** The service's JetStream stream under this run's prefix, deleted after the test. */
  readonly streamName: string;
  readonly httpPort: number;
}

/** A service the harness can start: `serviceUnderTest(definition)` of @planted/service-kit. */
export interface TestableService<A extends TestableApp> {
  name: string;
  create(env: Record<string, string | undefined>, options: { logger: Logger }): A;
}

export interface ServiceHarness<A extends TestableApp> {
  app: A;
  /** The environment the service was configured from (its NATS_SUBJECT_PREFIX is unique to it). */
  env: Record<string, string | undefined>;
  prefix: string;
  /** A NATS connection of the test's own, to call the service as the gateway does. */
  nc: NatsConnection;
  /** The service's log lines at info and above, parsed. */
  logLines: Record<string, unknown>[];
  /** GET on the service's health port: /healthz, /readyz, /metrics. */
  get(path: string): Promise<{ status: number; type: string | null; body: string }>;
  /** Closes the service, deletes its stream and closes the test's connection. Safe to call twice. */
  close(): Promise<void>;
}

/** A logger at info level whose lines the test can read (TEST_LOG_LEVEL=info also prints them). */
export function capturingLogger(service: string, lines: Record<string, unknown>[]): Logger {
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
        if (process.env.TEST_LOG_LEVEL && process.env.TEST_LOG_LEVEL !== 'silent')
          process.stderr.write(`${line}\n`);
      }
      cb();
    },
  });
  return createLogger(service, { level: 'info' }, stream);
}

/**
 * Starts any service in this process against the run's database and the real NATS, with
 * a subject prefix (and so a stream) of its own and its HTTP port picked by the OS, so
 * test files running in parallel, and two runs on one machine, never meet.
 */
export async function startService<A extends TestableApp>(
  service: TestableService<A>,
  options: { env?: Record<string, string | undefined> } = {},
): Promise<ServiceHarness<A>> {
  const env = testServiceEnv({
    [`${service.name.toUpperCase().replace(/-/g, '_')}_HTTP_PORT`]: '0',
  });
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const logLines: Record<string, unknown>[] = [];
  const app = service.create(env, { logger: capturingLogger(service.name, logLines) });
  await app.listen();
  const nc = await connect({
    servers: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    // As the service logs in (natsCredentials of @planted/messaging): its own reply inbox.
    ...(env.NATS_USER
      ? { user: env.NATS_USER, pass: env.NATS_PASSWORD, inboxPrefix: `_INBOX_${env.NATS_USER}` }
      : {}),
  });
  let closing: Promise<void> | undefined;
  return {
    app,
    env,
    prefix: env.NATS_SUBJECT_PREFIX ?? '',
    nc,
    logLines,
    async get(path) {
      const res = await fetch(`http://127.0.0.1:${app.httpPort}${path}`);
      return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    },
    close() {
      closing ??= (async () => {
        await app.close();
        // Each run has its own stream; leave nothing behind on the shared NATS server.
        const jsm = await nc.jetstreamManager();
        await jsm.streams.delete(app.streamName).catch(() => undefined);
        await nc.close();
      })();
      return closing;
    },
  };
}
