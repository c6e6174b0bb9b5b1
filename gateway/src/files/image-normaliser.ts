import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_MAX_MEGAPIXELS } from '@planted/contracts';
import { detectImageType, type ImageType } from './image-type';

/**
 * The largest picture we decode: 25 megapixels (6000×4000 and more than any phone camera
 * we expect). A file's header can claim any size, so this is checked before decoding, and
 * again by libvips while it decodes.
 */
export const MAX_IMAGE_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

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

  const pipeline = sharp(input, options).rotate();
  try {
    const encoded = await encodeAs(pipeline, type.ext).toBuffer({ resolveWithObject: true });
    return { data: encoded.data, type, width: encoded.info.width, height: encoded.info.height };
  } catch (err) {
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
  const pipeline = sharp(image.data, { animated, limitInputPixels: MAX_IMAGE_PIXELS }).resize({
    width,
    withoutEnlargement: true,
  });
  const encoded = await encodeAs(pipeline, image.type.ext).toBuffer({ resolveWithObject: true });
  return {
    data: encoded.data,
    type: image.type,
    width: encoded.info.width,
    height: encoded.info.pageHeight ?? encoded.info.height,
  };
}
