import { ServiceError } from '@planted/contracts';

export const onlyAdminsInvite = () => new ServiceError('FORBIDDEN', 'Only administrators can invite users');

export const userAlreadyExists = () => new ServiceError('CONFLICT', 'A user with this email already exists');

/** Unknown, expired, revoked and used tokens are not told apart. */
export const invitationInvalid = () =>
  new ServiceError('INVITATION_INVALID', 'Invalid or expired invitation');

export const userLimitReached = (limit: number) =>
  new ServiceError(
    'USER_LIMIT_REACHED',
    `Your plan allows up to ${limit} users. Ask an administrator to upgrade your subscription.`,
  );

export const invitationEmailFailed = () =>
  new ServiceError('UNAVAILABLE', 'The invitation email could not be sent. Please try again.');
