/**
 * Thrown for input that breaks a domain rule (bad amount, bad date, end before start).
 * It is a RangeError so callers can catch either; the server maps it to a 400 and can
 * point at the offending payload field through `field`.
 */
export class InvalidInputError extends RangeError {
  readonly field: string | undefined;

  constructor(message: string, field?: string) {
    super(message);
    this.name = 'InvalidInputError';
    this.field = field;
  }
}
