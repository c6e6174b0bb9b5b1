import { LIMITS } from '../../lib/rules';

/** The formats the server re-encodes (spec §2 guidance: JPG, PNG, GIF, WebP). */
export const EQUIPMENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Where a picked image came from (spec §2: each picked image is tagged with its source). */
export type ImageSource = 'browse' | 'drag' | 'paste';

/**
 * Spec §5 Equipment: an image, of a format the server takes, at most 5 MB (5242880 bytes);
 * checked before anything is uploaded. Answers the i18next key of the message, or null.
 */
export function equipmentImageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type || !file.type.startsWith('image/')) return 'common:validation.IMAGE_NOT_IMAGE';
  if (!(EQUIPMENT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'equipment:image.unsupported';
  if (file.size > LIMITS.equipmentImageMaxBytes) return 'forms:validation.EQUIPMENT_IMAGE_TOO_LARGE';
  return null;
}
