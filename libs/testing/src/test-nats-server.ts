import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export interface TestNatsServerOptions {
  /** The text of a nats-server configuration file. */
  config?: string;
  /** Environment of the server, for variables the configuration refers to ($NAME). */
  env?: Record<string, string>;
}

/**
 * A nats-server with JetStream owned by one test file: its own loopback port and store
 * directory, so the test can kill and restart it without disturbing anyone else. With
 * `config`, that configuration (e.g. users and permissions) is written into the store's
 * temp directory and given to the server, with `env` in the server's environment.
 */
export class TestNatsServer {
  private process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    readonly storeDir: string,
    private readonly options: TestNatsServerOptions,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  static async start(options: TestNatsServerOptions = {}): Promise<TestNatsServer> {
    const storeDir = await mkdtemp(join(tmpdir(), 'planted-nats-'));
    if (options.config !== undefined) await writeFile(join(storeDir, 'nats.conf'), options.config);
    let lastError: unknown;
    // Another process can take the free port between probing and binding; try a few.
    for (let attempt = 0; attempt < 5; attempt++) {
      const server = new TestNatsServer(await freePort(), storeDir, options);
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
    const config = this.options.config === undefined ? [] : ['-c', join(this.storeDir, 'nats.conf')];
    // The store is a subdirectory: the configuration file lives beside it.
    const args = [
      '-a',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-js',
      '-sd',
      join(this.storeDir, 'js'),
      ...config,
    ];
    const child = spawn(NATS_SERVER, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...this.options.env },
    });
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
