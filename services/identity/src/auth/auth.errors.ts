import { MESSAGES, ServiceError } from '@planted/contracts';

/** One answer for unknown email, wrong password, inactive user and password-less user. */
export const invalidCredentials = () => new ServiceError('INVALID_CREDENTIALS', 'Invalid email or password');

export const wrongPassword = () => new ServiceError('WRONG_PASSWORD', MESSAGES.WRONG_PASSWORD);

/** An unknown, used or expired reset token: one answer for all three. */
export const resetTokenInvalid = () => new ServiceError('RESET_TOKEN_INVALID', MESSAGES.RESET_LINK_INVALID);
