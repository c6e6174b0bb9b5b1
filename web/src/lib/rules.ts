import { LIMITS, VALIDATION_MESSAGES } from '@planted/domain';

export { LIMITS };

/** Keys of the shared message table; the texts themselves are shown through i18next (common:validation.*). */
export type MessageKey = keyof typeof VALIDATION_MESSAGES;
