import {
  Catch,
  Injectable,
  type ArgumentsHost,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
  type RpcExceptionFilter,
} from '@nestjs/common';
import { NatsContext } from '@nestjs/microservices';
import { Observable, throwError } from 'rxjs';
import { ServiceError, toFieldErrors, type RequestSubject, type ServiceErrorBody } from '@planted/contracts';
import { REQUEST_ID_HEADER, runWithRequestId, type Logger } from '@planted/logging';

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
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    let body: ServiceErrorBody;
    if (exception instanceof ServiceError) {
      body = exception.toBody();
    } else {
      this.logger.error({ err: exception }, 'unhandled error in handler');
      body = { code: 'INTERNAL', message: 'Internal error' };
    }
    return throwError(() => body);
  }
}

/** Runs each handler inside the caller's request id and logs its outcome and duration. */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  constructor(private readonly logger: Logger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const ctx = rpc.getContext<NatsContext>();
    const requestId = ctx?.getHeaders?.()?.get?.(REQUEST_ID_HEADER) || undefined;
    const subject = ctx?.getSubject?.() ?? 'unknown';
    return new Observable((subscriber) =>
      runWithRequestId(requestId, () => {
        const started = performance.now();
        return next.handle().subscribe({
          next: (v) => subscriber.next(v),
          error: (err) => {
            const code = err instanceof ServiceError ? err.code : 'INTERNAL';
            this.logger.info(
              { subject, code, ms: Math.round(performance.now() - started) },
              'handled with error',
            );
            subscriber.error(err);
          },
          complete: () => {
            this.logger.debug({ subject, ms: Math.round(performance.now() - started) }, 'handled');
            subscriber.complete();
          },
        });
      }),
    );
  }
}
