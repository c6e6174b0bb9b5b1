import type { RunningSystem } from './start-system.mjs';
import type { FakeSmtp } from '@planted/testing';

/** Environment variables through which the global setup tells the test files where things are. */
export const E2E_ENV = {
  baseUrl: 'E2E_BASE_URL',
  mailboxDir: 'E2E_MAILBOX_DIR',
  demoEmail: 'E2E_DEMO_EMAIL',
  demoPassword: 'E2E_DEMO_PASSWORD',
  runId: 'E2E_RUN_ID',
  /** The local Stripe's base URL (its /_local/clock/advance moves its clock on). */
  stripeUrl: 'E2E_STRIPE_URL',
} as const;

export interface E2eState {
  system: RunningSystem;
  smtp: FakeSmtp;
  mailboxDir: string;
}

export function e2eEnv(name: keyof typeof E2E_ENV): string {
  const value = process.env[E2E_ENV[name]];
  if (!value)
    throw new Error(
      `${E2E_ENV[name]} is not set: run the e2e tests through e2e/jest.config.js (its global setup starts the system)`,
    );
  return value;
}
