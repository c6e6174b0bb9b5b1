// Types of start-system.mjs for the TypeScript side of the e2e project.
export declare const repoRoot: string;
export declare function uniqueId(prefix: string): string;

export interface StartOptions {
  databaseUrl?: string;
  smtpUrl?: string;
  demoEmail?: string;
  demoPassword?: string;
  logFile?: string;
  echo?: boolean;
  timeoutMs?: number;
  /** Run as a plain `npm start` does: start.mjs's own nats-server, with credentials. */
  ownNats?: boolean;
}

export interface RunningSystem {
  id: string;
  baseUrl: string;
  port: number;
  identityPort: number;
  /** The local Stripe's base URL (its /_local/clock/advance moves the renewal clock). */
  stripeUrl: string;
  /** With ownNats: the URL of start.mjs's own nats-server. */
  natsUrl: string | undefined;
  /** Where scripts/start.mjs keeps each process's pid, as <name>.pid (identity, hires, gateway, …). */
  pidDir: string;
  /** The run's Zahara simulator (its API and its /_sim control API). */
  zaharaUrl: string;
  demo: { email: string; password: string };
  tempDir: string;
  logFile: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export declare function startSystem(options?: StartOptions): Promise<RunningSystem>;
