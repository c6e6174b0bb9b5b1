import { MESSAGES, ServiceError } from '@planted/contracts';

/** The token's user is gone, inactive, or not in the token's company. */
export const sessionNoLongerValid = () => new ServiceError('UNAUTHENTICATED', 'Session is no longer valid');

export const emailTaken = () => new ServiceError('EMAIL_TAKEN', MESSAGES.EMAIL_TAKEN);

/** Name of the unique index that makes an email one account across every company. */
export const EMAIL_UNIQUE_INDEX = 'users_email_lower_unique';

export const onlyAdminsManageUsers = () => new ServiceError('FORBIDDEN', MESSAGES.ONLY_ADMINS_MANAGE_USERS);

/** Unknown, another company's and removed users are not told apart. */
export const userNotFound = () => new ServiceError('NOT_FOUND', MESSAGES.USER_NOT_FOUND);

/** Only an administrator can manage users, so the last one is always the caller. */
export const lastAdmin = (message: string) => new ServiceError('CONFLICT', message);
