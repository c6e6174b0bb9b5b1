import { Module } from '@nestjs/common';
import type { Logger } from '@planted/logging';
import { CONFIG, LOGGER } from '@planted/service-kit';
import type { HiresConfig } from '../config';
import { GEOCODER, type Geocoder } from './geocoder';
import { GoogleGeocoder } from './google-geocoder';
import { OfflineGeocoder } from './offline-geocoder';

/**
 * Google's geocoder when GOOGLE_MAPS_API_KEY is set (falling back to the offline one
 * when Google cannot place a site), otherwise the offline one alone. The place data is
 * read here, at start-up, so no request waits for it.
 */
export function createGeocoder(config: HiresConfig, logger: Logger): Geocoder {
  const offline = new OfflineGeocoder();
  offline.warm();
  if (!config.GOOGLE_MAPS_API_KEY) return offline;
  return new GoogleGeocoder({
    apiKey: config.GOOGLE_MAPS_API_KEY,
    baseUrl: config.GOOGLE_MAPS_BASE_URL,
    timeoutMs: config.GOOGLE_MAPS_TIMEOUT_MS,
    logger,
    fallback: offline,
  });
}

@Module({
  providers: [{ provide: GEOCODER, useFactory: createGeocoder, inject: [CONFIG, LOGGER] }],
  exports: [GEOCODER],
})
export class GeocodingModule {}
