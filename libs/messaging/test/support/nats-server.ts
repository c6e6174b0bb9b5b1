import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@planted/testing';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/**
 * A nats-server with JetStream owned by one test file: its own loopback port and store
 * directory, so the test can kill and restart it without disturbing anyone else.
 */
export class TestNatsServer {
  private process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    readonly storeDir: string,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<TestNatsServer> {
    const storeDir = await mkdtemp(join(tmpdir(), 'planted-nats-'));
    let lastError: unknown;
    // Another process can take the free port between probing and binding; try a few.
    for (let attempt = 0; attempt < 5; attempt++) {
      const server = new TestNatsServer(await freePort(), storeDir);
      try {
        await server.restart();
        return server;
      } catch (err) {
        lastError = err;
      }
    }
    await rm(storeDir, { recursive: true, force: true });
    throw lastError;
  }

  /** Starts the server (again) on the same port and store; resolves once it accepts clients. */
  async restart(): Promise<void> {
    if (this.process) throw new Error('nats-server already running');
    const child = spawn(
      NATS_SERVER,
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    this.process = child;
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${output}`)), 10_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Server is ready')) {
            clearTimeout(timer);
            child.stderr!.off('data', onData);
            child.off('exit', onExit);
            resolve();
          }
        };
        const onExit = (code: number | null) => {
          clearTimeout(timer);
          reject(new Error(`nats-server exited with ${code}:\n${output}`));
        };
        child.stderr!.on('data', onData);
        child.once('exit', onExit);
      });
    } catch (err) {
      this.process = undefined;
      child.kill('SIGKILL');
      throw err;
    }
    child.stderr!.resume();
  }

  /** Kills the server (SIGKILL by default, like a crash) and waits until it is gone. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.storeDir, { recursive: true, force: true });
  }
}
