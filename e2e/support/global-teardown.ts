import { rm } from 'node:fs/promises';
import { presetHook } from './global-setup';
import type { E2eState } from './state';

/** Stops the system (SIGINT, as Ctrl-C would), the fake SMTP server, and drops what the setup made. */
export default async function globalTeardown(globalConfig: unknown, projectConfig: unknown): Promise<void> {
  const holder = globalThis as { __plantedE2e?: E2eState };
  const state = holder.__plantedE2e;
  delete holder.__plantedE2e;
  if (state) {
    await state.system.stop();
    await state.smtp.stop();
    await rm(state.mailboxDir, { recursive: true, force: true });
  }
  await presetHook('globalTeardown', globalConfig, projectConfig);
}
