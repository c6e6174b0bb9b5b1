import { loadConfig } from '@planted/config';
import { simulatorEnvSchema } from './config';
import { startZaharaSimulator } from './simulator';

async function main(): Promise<void> {
  const config = loadConfig(simulatorEnvSchema);
  const simulator = await startZaharaSimulator({
    port: config.ZAHARA_SIM_PORT,
    host: config.ZAHARA_SIM_HOST,
    keys: config.ZAHARA_SIM_KEYS,
    acceptAnyKey: config.ZAHARA_SIM_ACCEPT_ANY_KEY,
    keyPattern: config.ZAHARA_SIM_KEY_PATTERN,
    ratePerMinute: config.ZAHARA_SIM_RATE_PER_MINUTE,
  });
  const { acceptAnyKey, keyPattern } = simulator.settings();
  process.stdout.write(
    `Zahara simulator listening at ${simulator.url} (ZAHARA_BASE_URL); ` +
      `keys: ${simulator.keys.join(', ') || '(none)'}` +
      `${acceptAnyKey ? `, and any key matching /${keyPattern}/` : ''}; control API at ${simulator.url}/_sim\n`,
  );
  const stop = () => {
    void simulator.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Zahara simulator failed to start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
