import { ACCOUNTING_MESSAGES, ServiceError, zaharaRefusedMessage } from '@planted/contracts';
import { isZaharaError } from './zahara-error';

/**
 * A failed Zahara call as the connector answers it. `notFound` words a 404 (a lookup's
 * 'Nominal code not found'); `failed` replaces the message of every failure where the spec
 * has one text for them all (test connection).
 */
export function zaharaServiceError(
  err: unknown,
  words: { notFound?: string; failed?: string } = {},
): unknown {
  if (!isZaharaError(err)) return err;
  switch (err.failure) {
    case 'unauthorized':
      return new ServiceError('ZAHARA_AUTH_FAILED', words.failed ?? ACCOUNTING_MESSAGES.ZAHARA_AUTH_FAILED);
    case 'not_found':
      return new ServiceError(
        words.notFound ? 'NOT_FOUND' : 'ZAHARA_REJECTED',
        words.notFound ?? words.failed ?? `Zahara: ${err.message}`,
      );
    case 'rejected':
      return new ServiceError('ZAHARA_REJECTED', words.failed ?? zaharaRefusedMessage(err.message));
    case 'rate_limited':
      return new ServiceError('RATE_LIMITED', words.failed ?? ACCOUNTING_MESSAGES.ZAHARA_RATE_LIMITED);
    case 'unavailable':
      return new ServiceError('ZAHARA_UNAVAILABLE', words.failed ?? ACCOUNTING_MESSAGES.ZAHARA_UNAVAILABLE);
  }
}

/** Runs a Zahara call and answers its failure as a ServiceError. */
export async function askZahara<T>(
  call: () => Promise<T>,
  words: { notFound?: string; failed?: string } = {},
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw zaharaServiceError(err, words);
  }
}
