import { Catch, type ArgumentsHost, type PipeTransform, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { ServiceError, toFieldErrors, type RequestSubject, type ServiceErrorBody } from '@planted/contracts';
import type { Logger } from '@planted/logging';

/** Parses a handler's payload with its subject's schema (the second end of "parsed on both ends"). */
export class SubjectPipe<S extends RequestSubject> implements PipeTransform {
  constructor(private readonly subject: S) {}

  transform(value: unknown) {
    const result = this.subject.request.safeParse(value);
    if (!result.success) {
      const details = toFieldErrors(result.error);
      throw new ServiceError('VALIDATION_FAILED', details[0]?.msg ?? 'Invalid request', details);
    }
    return result.data;
  }
}

/** Every failure leaves a service as {code, message, details?}; unknown ones as INTERNAL without internals. */
@Catch()
export class ServiceErrorFilter implements RpcExceptionFilter {
  /** redact: what of an unexpected error may be logged (e.g. without query parameters). */
  constructor(
    private readonly logger: Logger,
    private readonly redact: (err: unknown) => unknown = (err) => err,
    /** Failures of a dependency the caller should hear about as themselves (e.g. database unavailable → 503). */
    private readonly classify: (err: unknown) => ServiceError | undefined = () => undefined,
  ) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    let body: ServiceErrorBody;
    let classified: ServiceError | undefined;
    if (exception instanceof ServiceError) {
      body = exception.toBody();
    } else if ((classified = this.classify(exception))) {
      this.logger.warn({ err: this.redact(exception) }, classified.message);
      body = classified.toBody();
    } else {
      this.logger.error({ err: this.redact(exception) }, 'unhandled error in handler');
      body = { code: 'INTERNAL', message: 'Internal error' };
    }
    return throwError(() => body);
  }
}
