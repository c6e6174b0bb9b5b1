/**
 * The local identity providers for social sign-in in development, as a process (npm start,
 * docker compose, the dev Kubernetes overlay). Its settings: see oidc-local.ts.
 */
import { startLocalProviders } from './oidc-local';

async function main(): Promise<void> {
  const local = await startLocalProviders(process.env);
  for (const { issuer, clients } of local.describe())
    process.stdout.write(
      `${JSON.stringify({ level: 30, service: 'oidc-local', msg: 'local identity provider listening', issuer, clients })}\n`,
    );
  const stop = () => {
    local.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`oidc-local: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
