import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  isOwnProfilePicture,
  MESSAGES,
  profilePicturePrefix,
  ServiceError,
  type Actor,
} from '@planted/contracts';
import { ImageRefused, normaliseImage } from './image-normaliser';
import { RETIRED_FILES, type RetiredFiles } from './retired-files';
import { FILE_STORAGE, type FileStorage } from './storage';

export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const FILES_URL_PREFIX = '/files/';

/** The storage key of a URL we issued (`/files/<folder>…`); undefined for any other URL (e.g. a social avatar). */
export function storedKey(url: string | null | undefined, folder = ''): string | undefined {
  return url?.startsWith(FILES_URL_PREFIX + folder) ? url.slice(FILES_URL_PREFIX.length) : undefined;
}
export const NOT_AN_IMAGE = 'Please select an image file';
export const IMAGE_TOO_LARGE = 'Image must be less than 10MB';
export const IMAGE_TOO_MANY_PIXELS = MESSAGES.IMAGE_TOO_MANY_PIXELS;

/** Receives, checks and stores profile pictures; spec §5 Profile rules and messages. */
@Injectable()
export class ProfilePictureService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(RETIRED_FILES) private readonly retired: RetiredFiles,
  ) {}

  async receive(req: FastifyRequest, actor: Actor): Promise<string> {
    if (!req.isMultipart())
      throw new ServiceError('VALIDATION_FAILED', NOT_AN_IMAGE, [
        { param: 'profilePicture', msg: NOT_AN_IMAGE },
      ]);
    let data: Buffer | undefined;
    try {
      for await (const part of req.parts({
        limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 5 },
      })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'profilePicture') {
            part.file.resume();
            continue;
          }
          data = await part.toBuffer();
        }
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ServiceError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
        throw new ServiceError('VALIDATION_FAILED', NOT_AN_IMAGE);
      }
      throw new ServiceError('VALIDATION_FAILED', 'Malformed upload');
    }
    if (!data || data.length === 0) {
      throw new ServiceError('VALIDATION_FAILED', NOT_AN_IMAGE, [
        { param: 'profilePicture', msg: NOT_AN_IMAGE },
      ]);
    }
    // Only the re-encoded image is stored: whole pixels we wrote, with no metadata.
    let image;
    try {
      image = await normaliseImage(data);
    } catch (err) {
      if (!(err instanceof ImageRefused)) throw err;
      const msg = err.reason === 'too-many-pixels' ? IMAGE_TOO_MANY_PIXELS : NOT_AN_IMAGE;
      const code = err.reason === 'too-many-pixels' ? 'VALIDATION_FAILED' : 'UNSUPPORTED_MEDIA_TYPE';
      throw new ServiceError(code, msg, [{ param: 'profilePicture', msg }]);
    }
    const url = `${profilePicturePrefix(actor.userId)}${randomUUID()}.${image.type.ext}`;
    await this.storage.put(storedKey(url)!, image.data, image.type.mime);
    return url;
  }

  /** Removes a file we stored earlier; URLs we did not issue (e.g. a social avatar) are left alone. */
  async discard(url: string | null | undefined): Promise<void> {
    const key = storedKey(url);
    if (key) await this.storage.delete(key);
  }

  /**
   * A picture of the user's that a newer one replaced: removed once pages still showing it
   * have moved on (RetiredFiles). Only a file in the user's own folder is ever removed.
   */
  async retire(url: string | null | undefined, actor: Actor): Promise<void> {
    const key = url && isOwnProfilePicture(actor.userId, url) ? storedKey(url) : undefined;
    if (key) await this.retired.retire(key);
  }
}
