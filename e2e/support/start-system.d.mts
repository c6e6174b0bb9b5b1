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
}

export interface RunningSystem {
  id: string;
  baseUrl: string;
  port: number;
  identityPort: number;
  /** The local Stripe's base URL (its /_local/clock/advance moves the renewal clock). */
  stripeUrl: string;
  demo: { email: string; password: string };
  tempDir: string;
  logFile: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export declare function startSystem(options?: StartOptions): Promise<RunningSystem>;
