import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ServiceError, type equipmentImageSchema } from '@planted/contracts';
import { VALIDATION_MESSAGES as V } from '@planted/domain';
import { ImageRefused, normaliseImage, resizedCopy } from '../files/image-normaliser';
import { FILES_URL_PREFIX, IMAGE_TOO_MANY_PIXELS, storedKey } from '../files/profile-picture.service';
import type { RetiredFiles } from '../files/retired-files';
import type { FileStorage } from '../files/storage';

/** The form's file field (spec §7: POST /equipment multipart ... image). */
export const IMAGE_FIELD = 'image';

/** How wide the card copy is: a card of the 3-column grid at twice its CSS width, for sharp screens. */
export const CARD_WIDTH = 480;

/** The stored image's paths as the catalogue keeps them. */
export type EquipmentImage = z.output<typeof equipmentImageSchema>;

const refusal = (code: 'VALIDATION_FAILED' | 'UNSUPPORTED_MEDIA_TYPE', msg: string) =>
  new ServiceError(code, msg, [{ param: IMAGE_FIELD, msg }]);

/** Spec §5 Equipment: "image of image type". */
export const notAnImage = () => refusal('UNSUPPORTED_MEDIA_TYPE', V.IMAGE_NOT_IMAGE);

/**
 * Equipment images in file storage: the upload decoded and re-encoded (only pixels we wrote),
 * under `equipment/<customerId>/<uuid>.<ext>`, and a card-sized copy beside it
 * (`<uuid>-card.<ext>`). Keys are new for every upload, so the files can be cached for a
 * year (files.route.ts) and a replaced image is a new URL.
 */
export class EquipmentImages {
  constructor(
    private readonly storage: FileStorage,
    private readonly retired: RetiredFiles,
  ) {}

  /** Re-encodes and stores an upload; refuses what is not a whole JPEG, PNG, GIF or WebP image. */
  async store(customerId: string, upload: Buffer): Promise<EquipmentImage> {
    let image;
    try {
      image = await normaliseImage(upload);
    } catch (err) {
      if (!(err instanceof ImageRefused)) throw err;
      throw err.reason === 'too-many-pixels'
        ? refusal('VALIDATION_FAILED', IMAGE_TOO_MANY_PIXELS)
        : notAnImage();
    }
    const card = await resizedCopy(image, CARD_WIDTH);
    const base = `equipment/${customerId}/${randomUUID()}`;
    const keys = { url: `${base}.${image.type.ext}`, card_url: `${base}-card.${image.type.ext}` };
    await this.storage.put(keys.url, image.data, image.type.mime);
    try {
      await this.storage.put(keys.card_url, card.data, card.type.mime);
    } catch (err) {
      await this.storage.delete(keys.url);
      throw err;
    }
    return { url: FILES_URL_PREFIX + keys.url, card_url: FILES_URL_PREFIX + keys.card_url };
  }

  /** Removes stored equipment images by their paths (`/files/equipment/…`); other paths are left alone. */
  async discard(paths: readonly (string | null | undefined)[]): Promise<void> {
    for (const key of equipmentKeys(paths)) await this.storage.delete(key);
  }

  /**
   * Images a change replaced: removed once lists still showing them have moved on (cached
   * pages, hires' read model: RetiredFiles).
   */
  async retire(paths: readonly (string | null | undefined)[]): Promise<void> {
    for (const key of equipmentKeys(paths)) await this.retired.retire(key);
  }
}

function equipmentKeys(paths: readonly (string | null | undefined)[]): string[] {
  return paths.map((path) => storedKey(path, 'equipment/')).filter((key): key is string => key !== undefined);
}
