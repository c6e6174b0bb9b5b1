import { ServiceError } from '@planted/contracts';

/** The token's user is gone, inactive, or not in the token's company. */
export const sessionNoLongerValid = () => new ServiceError('UNAUTHENTICATED', 'Session is no longer valid');

export const emailTaken = () => new ServiceError('EMAIL_TAKEN', 'An account with this email already exists');

/** Name of the unique index that makes an email one account across every company. */
export const EMAIL_UNIQUE_INDEX = 'users_email_lower_unique';
