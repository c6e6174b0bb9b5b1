import { ServiceError } from '@planted/contracts';

/** The token's company is gone (a user row cannot outlive it, so this means a deleted company). */
export const companyNotFound = () => new ServiceError('NOT_FOUND', 'Company not found');
