import type { LoggerService } from '@nestjs/common';
import type { Logger } from '@planted/logging';

const text = (message: unknown) => (typeof message === 'string' ? message : JSON.stringify(message));

/** Nest's own messages as JSON lines of the service logger; its start-up chatter at debug. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.debug({ context }, text(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, text(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, text(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, text(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, text(message));
  }
}
