import { ACCOUNTING_MESSAGES, ServiceError, type Actor } from '@planted/contracts';

export const notConfigured = () =>
  new ServiceError('ACCOUNTING_NOT_CONFIGURED', ACCOUNTING_MESSAGES.NOT_CONFIGURED);

/** The settings hold the company's key: only its administrators see or change them (issue 12). */
export function requireAdmin(actor: Actor): void {
  if (actor.role !== 'admin')
    throw new ServiceError('FORBIDDEN', ACCOUNTING_MESSAGES.ONLY_ADMINS_MANAGE_SETTINGS);
}
