import { LIMITS, type MessageKey } from '../../lib/rules';

/** Spec §5 Profile: an image, at most 10 MB, checked before anything is uploaded. */
export function validateProfileImage(file: Pick<File, 'type' | 'size'>): MessageKey | null {
  if (!file.type || !file.type.startsWith('image/')) return 'IMAGE_NOT_IMAGE';
  if (file.size > LIMITS.profilePictureMaxBytes) return 'IMAGE_TOO_LARGE';
  return null;
}
