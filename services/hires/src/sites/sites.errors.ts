import { HIRES_MESSAGES, ServiceError } from '@planted/contracts';

/** Also what another company's site id answers: its existence is not disclosed. */
export const siteNotFound = () => new ServiceError('NOT_FOUND', HIRES_MESSAGES.SITE_NOT_FOUND);

export const siteHasHires = () => new ServiceError('CONFLICT', HIRES_MESSAGES.SITE_HAS_HIRES);
