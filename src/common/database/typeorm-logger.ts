import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * TypeORM's messages in the service's JSON log. A failed query is logged at debug level only: the error
 * reaches the caller, and the exception filter logs the ones that are faults of the service.
 */
export class TypeOrmNestLogger implements TypeOrmLogger {
  private readonly logger = new Logger('TypeORM');

  logQuery(): void {}

  logQueryError(error: string | Error, query: string): void {
    this.logger.debug({ err: error, query }, 'Query failed');
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ duration_ms: time, query }, 'Slow query');
  }

  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') {
      this.logger.warn(message);
    } else {
      this.logger.debug(message);
    }
  }
}
