import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_MAX_MEGAPIXELS, ServiceError } from '@planted/contracts';
import { detectImageType, type ImageType } from './image-type';

// Nothing decoded is kept for a next image: each is a different upload.
sharp.cache(false);

/**
 * The largest picture we decode: 25 megapixels (6000×4000 and more than any phone camera
 * we expect). A file's header can claim any size, so this is checked before decoding, and
 * again by libvips while it decodes.
 */
export const MAX_IMAGE_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

/**
 * Decoding and encoding one image of the largest size takes about 300 MB and seconds of
 * libuv's threads, which also read the files we serve: a few uploads at once could take the
 * gateway past its memory limit and stall every image on every page (audit AW-1). So one
 * image is worked on at a time per gateway process, a few more wait their turn, and any
 * beyond those are answered 'Service temporarily unavailable' (503) at once.
 */
export const IMAGE_JOBS_AT_ONCE = 1;
export const IMAGE_JOBS_WAITING = 8;

let imageJobsRunning = 0;
const imageJobsWaiting: (() => void)[] = [];

/** Runs `work` when an image slot is free (see IMAGE_JOBS_AT_ONCE). */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (imageJobsRunning < IMAGE_JOBS_AT_ONCE) imageJobsRunning++;
  else if (imageJobsWaiting.length >= IMAGE_JOBS_WAITING)
    throw new ServiceError('UNAVAILABLE', 'too many images being processed at once');
  // A slot handed over by the job before keeps the count as it is.
  else await new Promise<void>((resolve) => imageJobsWaiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = imageJobsWaiting.shift();
    if (next) next();
    else imageJobsRunning--;
  }
}

export type ImageRefusal = 'not-an-image' | 'too-many-pixels';

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(reason === 'too-many-pixels' ? 'image has too many pixels' : 'not a whole image');
  }
}

export interface NormalisedImage {
  data: Buffer;
  type: ImageType;
  width: number;
  height: number;
}

/**
 * Decodes an uploaded image whole and encodes it again, so that what we store and serve is
 * only pixels that we wrote: no trailing HTML of a polyglot, no metadata (a site photo's
 * EXIF carries its GPS position), no truncated or bomb-sized file. JPEG is turned upright
 * by its orientation tag before the tag goes. Animated GIF and WebP keep their frames.
 */
export async function normaliseImage(input: Buffer, maxPixels = MAX_IMAGE_PIXELS): Promise<NormalisedImage> {
  const type = detectImageType(input);
  if (!type) throw new ImageRefused('not-an-image');
  const animated = type.ext === 'gif' || type.ext === 'webp';
  const options = { failOn: 'error' as const, limitInputPixels: maxPixels, animated };

  let header: Metadata;
  try {
    // Reads the header only; the size it claims is judged below, with our own message.
    header = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('not-an-image');
  }
  const width = header.width ?? 0;
  const height = header.pageHeight ?? header.height ?? 0;
  const pages = header.pages ?? 1;
  if (!width || !height) throw new ImageRefused('not-an-image');
  if (width * height * pages > maxPixels) throw new ImageRefused('too-many-pixels');

  try {
    const encoded = await withImageSlot(() =>
      encodeAs(sharp(input, options).rotate(), type.ext).toBuffer({ resolveWithObject: true }),
    );
    return { data: encoded.data, type, width: encoded.info.width, height: encoded.info.height };
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    if (/pixel limit/i.test((err as Error).message)) throw new ImageRefused('too-many-pixels');
    throw new ImageRefused('not-an-image');
  }
}

function encodeAs(pipeline: Sharp, ext: ImageType['ext']): Sharp {
  switch (ext) {
    case 'jpg':
      return pipeline.jpeg({ quality: 90, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9 });
    case 'gif':
      return pipeline.gif();
    case 'webp':
      return pipeline.webp({ quality: 90 });
  }
}

/**
 * A copy of a normalised image at most `width` pixels wide (never enlarged), in the same
 * format, animation kept: what a card in a grid of twelve shows instead of the full image.
 */
export async function resizedCopy(image: NormalisedImage, width: number): Promise<NormalisedImage> {
  const animated = image.type.ext === 'gif' || image.type.ext === 'webp';
  const encoded = await withImageSlot(() => {
    const pipeline = sharp(image.data, { animated, limitInputPixels: MAX_IMAGE_PIXELS }).resize({
      width,
      withoutEnlargement: true,
    });
    return encodeAs(pipeline, image.type.ext).toBuffer({ resolveWithObject: true });
  });
  return {
    data: encoded.data,
    type: image.type,
    width: encoded.info.width,
    height: encoded.info.pageHeight ?? encoded.info.height,
  };
}
