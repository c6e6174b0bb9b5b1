import { LIMITS } from '@planted/domain';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Spec §5: the crop is saved as a 400x400 JPEG at quality 0.9. */
export const CROP_OUTPUT = {
  size: LIMITS.profilePictureSizePx,
  type: 'image/jpeg',
  quality: LIMITS.profilePictureJpegQuality,
} as const;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Could not read the image'));
    image.src = src;
  });
}

export async function cropToJpeg(src: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = CROP_OUTPUT.size;
  canvas.height = CROP_OUTPUT.size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, CROP_OUTPUT.size, CROP_OUTPUT.size);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, CROP_OUTPUT.size, CROP_OUTPUT.size);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the image'))),
      CROP_OUTPUT.type,
      CROP_OUTPUT.quality,
    );
  });
}
