import { MESSAGES, ServiceError } from '@planted/contracts';

/** One answer for unknown email, wrong password, inactive user and password-less user. */
export const invalidCredentials = () => new ServiceError('INVALID_CREDENTIALS', 'Invalid email or password');

export const wrongPassword = () => new ServiceError('WRONG_PASSWORD', MESSAGES.WRONG_PASSWORD);

/** A "change" to the password already held: refused on the field, as the form does. */
export const samePassword = () =>
  new ServiceError('VALIDATION_FAILED', MESSAGES.NEW_PASSWORD_SAME, [
    { param: 'newPassword', msg: MESSAGES.NEW_PASSWORD_SAME },
  ]);

/** An unknown, used or expired reset token: one answer for all three. */
export const resetTokenInvalid = () => new ServiceError('RESET_TOKEN_INVALID', MESSAGES.RESET_LINK_INVALID);
