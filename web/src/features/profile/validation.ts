import { isValidEmail, LIMITS, type FieldErrors, type MessageKey } from '../../lib/rules';

/** Spec §5 Profile: an image, at most 10 MB, checked before anything is uploaded. */
export function validateProfileImage(file: Pick<File, 'type' | 'size'>): MessageKey | null {
  if (!file.type || !file.type.startsWith('image/')) return 'IMAGE_NOT_IMAGE';
  if (file.size > LIMITS.profilePictureMaxBytes) return 'IMAGE_TOO_LARGE';
  return null;
}

export type ProfileField = 'name' | 'email';

export function validateProfile(values: { name: string; email: string }): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {};
  if (!values.name.trim()) errors.name = 'NAME_REQUIRED';
  const email = values.email.trim();
  if (!email) errors.email = 'EMAIL_REQUIRED';
  else if (!isValidEmail(email)) errors.email = 'EMAIL_INVALID';
  return errors;
}

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Spec §5 Password change. */
export function validatePasswordChange(values: Record<PasswordField, string>): FieldErrors<PasswordField> {
  const errors: FieldErrors<PasswordField> = {};
  if (!values.currentPassword) errors.currentPassword = 'CURRENT_PASSWORD_REQUIRED';
  if (!values.newPassword) errors.newPassword = 'NEW_PASSWORD_REQUIRED';
  if (!values.confirmPassword) errors.confirmPassword = 'CONFIRM_PASSWORD_REQUIRED';
  if (errors.newPassword || errors.confirmPassword) return errors;
  if (values.newPassword !== values.confirmPassword) errors.confirmPassword = 'NEW_PASSWORDS_DO_NOT_MATCH';
  else if (values.newPassword.length < LIMITS.passwordMin) errors.newPassword = 'NEW_PASSWORD_MIN';
  return errors;
}
