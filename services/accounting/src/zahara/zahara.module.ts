import { Global, Module } from '@nestjs/common';
import type { Logger } from '@planted/logging';
import { CONFIG, LOGGER } from '@planted/service-kit';
import type { AccountingConfig } from '../config';
import { ApiKeyCipher } from '../crypto/api-key-cipher';
import { ZaharaClient } from './zahara-client';

/** One Zahara client per process (the rate limit is per key, across every request) and the key cipher. */
@Global()
@Module({
  providers: [
    {
      provide: ZaharaClient,
      inject: [CONFIG, LOGGER],
      useFactory: (config: AccountingConfig, logger: Logger) =>
        new ZaharaClient({
          baseUrl: config.ZAHARA_BASE_URL,
          timeoutMs: config.ZAHARA_TIMEOUT_MS,
          deadlineMs: config.ZAHARA_DEADLINE_MS,
          maxAttempts: config.ZAHARA_MAX_ATTEMPTS,
          retryBaseMs: config.ZAHARA_RETRY_BASE_MS,
          ratePerWindow: config.ZAHARA_RATE_PER_MINUTE,
          rateWindowMs: config.ZAHARA_RATE_WINDOW_MS,
          logger,
        }),
    },
    {
      provide: ApiKeyCipher,
      inject: [CONFIG],
      useFactory: (config: AccountingConfig) => new ApiKeyCipher(config.ACCOUNTING_ENCRYPTION_KEY),
    },
  ],
  exports: [ZaharaClient, ApiKeyCipher],
})
export class ZaharaModule {}
