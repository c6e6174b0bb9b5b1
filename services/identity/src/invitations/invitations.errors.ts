import { MESSAGES, ServiceError, USER_LIMIT_MESSAGES } from '@planted/contracts';

export const onlyAdminsInvite = () => new ServiceError('FORBIDDEN', MESSAGES.ONLY_ADMINS_INVITE);

export const onlyAdminsManage = () => new ServiceError('FORBIDDEN', MESSAGES.ONLY_ADMINS_MANAGE_INVITATIONS);

/** Unknown, another company's, accepted and revoked invitations are not told apart. */
export const invitationNotFound = () => new ServiceError('NOT_FOUND', MESSAGES.INVITATION_NOT_FOUND);

export const userAlreadyExists = () => new ServiceError('CONFLICT', MESSAGES.USER_ALREADY_EXISTS);

/** Unknown, expired, revoked and used tokens are not told apart. */
export const invitationInvalid = () =>
  new ServiceError('INVITATION_INVALID', 'Invalid or expired invitation');

/** Inviting: an administrator reads it, and can upgrade. */
export const userLimitReached = (limit: number) =>
  new ServiceError('USER_LIMIT_REACHED', USER_LIMIT_MESSAGES.USER_LIMIT_INVITE(limit));

/** Accepting: the invitee reads it, who is not yet in the company and cannot upgrade it. */
export const companyFull = (limit: number) =>
  new ServiceError('USER_LIMIT_REACHED', USER_LIMIT_MESSAGES.USER_LIMIT_COMPANY_FULL(limit));

/** Inviting: the plan's seats are taken by its users and the invitations still open. */
export const seatsHeldByInvitations = (limit: number, users: number, invited: number) =>
  new ServiceError('USER_LIMIT_REACHED', USER_LIMIT_MESSAGES.USER_LIMIT_SEATS_HELD(limit, users, invited));

export const invitationEmailFailed = () =>
  new ServiceError('UNAVAILABLE', 'The invitation email could not be sent. Please try again.');
