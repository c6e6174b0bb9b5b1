import { connect } from 'nats';
import { streamName } from '@planted/messaging';
import { freePort, testServiceEnv, waitFor } from '@planted/testing';
import { runService } from '../src';
import { kitTestService } from './kit-test-service/kit-test.service';

/** process.exit, made to stop runService where it would have ended the process. */
class Exited extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

describe('runService (all of a main.ts)', () => {
  const savedEnv = process.env;
  let stderr: string[];

  beforeEach(() => {
    stderr = [];
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    process.env = savedEnv;
  });

  const exitThrows = () =>
    jest.spyOn(process, 'exit').mockImplementation((code?: string | number | null) => {
      throw new Exited(Number(code ?? 0));
    });

  it('exits 1 with one line per bad variable when the configuration is wrong', async () => {
    exitThrows();
    process.env = { ...testServiceEnv(), KIT_TEST_HTTP_PORT: 'eighty' };
    await expect(runService(kitTestService)).rejects.toEqual(new Exited(1));
    expect(stderr.join('')).toMatch(/^kit-test: Invalid configuration:\n {2}KIT_TEST_HTTP_PORT: .+\n$/);
  });

  it('exits 1 with one line naming PostgreSQL when it cannot be reached', async () => {
    exitThrows();
    const port = await freePort();
    process.env = testServiceEnv({
      KIT_TEST_HTTP_PORT: '0',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none`,
    });
    await expect(runService(kitTestService)).rejects.toEqual(new Exited(1));
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(
      /^kit-test: Cannot reach PostgreSQL at .+ Set DATABASE_URL, or start PostgreSQL\.\n$/,
    );
  });

  it('runs until SIGTERM, then shuts down gracefully and exits 0, once', async () => {
    const exits: number[] = [];
    jest.spyOn(process, 'exit').mockImplementation((code?: string | number | null) => {
      exits.push(Number(code ?? 0));
      return undefined as never;
    });
    const added = jest.spyOn(process, 'on');
    const env = testServiceEnv({ KIT_TEST_HTTP_PORT: String(await freePort()) });
    process.env = env;
    await runService(kitTestService);
    const onSigterm = added.mock.calls.find(([event]) => event === 'SIGTERM')?.[1] as
      ((signal: NodeJS.Signals) => void) | undefined;
    const onSigint = added.mock.calls.find(([event]) => event === 'SIGINT')?.[1];
    try {
      expect(onSigterm).toBeDefined();
      expect(onSigint).toBeDefined();
      const ready = await fetch(`http://127.0.0.1:${env.KIT_TEST_HTTP_PORT}/readyz`);
      expect(ready.status).toBe(200);
      onSigterm!('SIGTERM');
      onSigterm!('SIGTERM');
      await waitFor(() => (exits.length > 0 ? true : undefined));
      expect(exits).toEqual([0]);
      await expect(fetch(`http://127.0.0.1:${env.KIT_TEST_HTTP_PORT}/healthz`)).rejects.toThrow();
    } finally {
      if (onSigterm) process.off('SIGTERM', onSigterm);
      if (onSigint) process.off('SIGINT', onSigint as (signal: NodeJS.Signals) => void);
      const nc = await connect({ servers: env.NATS_URL ?? 'nats://127.0.0.1:4222' });
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(streamName(env.NATS_SUBJECT_PREFIX!, 'KIT_TEST')).catch(() => undefined);
      await nc.close();
    }
  });
});
