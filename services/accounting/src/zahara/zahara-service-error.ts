import { ACCOUNTING_MESSAGES, ServiceError, zaharaRefusedMessage } from '@planted/contracts';
import { isZaharaError } from './zahara-error';

/** Words for a failed Zahara call in place of the connector's own (see zaharaServiceError). */
export interface ZaharaFailureWords {
  /** A 404: a lookup's 'Nominal code not found'. */
  notFound?: string;
  /** A refused key: a key typed on the settings form is not the saved one. */
  unauthorized?: string;
  /** Every failure, where the spec has one text for them all (test connection). */
  failed?: string;
}

/** A failed Zahara call as the connector answers it, in `words` where given. */
export function zaharaServiceError(err: unknown, words: ZaharaFailureWords = {}): unknown {
  if (!isZaharaError(err)) return err;
  switch (err.failure) {
    case 'unauthorized':
      return new ServiceError(
        'ZAHARA_AUTH_FAILED',
        words.failed ?? words.unauthorized ?? ACCOUNTING_MESSAGES.ZAHARA_AUTH_FAILED,
      );
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
export async function askZahara<T>(call: () => Promise<T>, words: ZaharaFailureWords = {}): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw zaharaServiceError(err, words);
  }
}
