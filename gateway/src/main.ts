import { createLogger } from '@planted/logging';
import { createGatewayApp } from './app';
import { loadGatewayConfig } from './config';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', { level: config.LOG_LEVEL });
  let gateway;
  try {
    gateway = await createGatewayApp(config, { logger });
  } catch (err) {
    // Unreachable NATS/Redis and a taken port are operator problems: one clear line, no stack.
    process.stderr.write(`gateway: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await gateway.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

void main();
