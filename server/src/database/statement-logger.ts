import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

const MAX_STATEMENT_CHARS = 500;

const oneLine = (statement: string) => {
  const text = statement.replace(/\s+/g, ' ').trim();
  return text.length > MAX_STATEMENT_CHARS ? `${text.slice(0, MAX_STATEMENT_CHARS)}…` : text;
};

/**
 * TypeORM's log, through the store's logger. A failed or slow statement is logged with its
 * error and its text, never its parameter values: those carry e-mails, mobile numbers and
 * password hashes.
 */
export class StatementLogger implements TypeOrmLogger {
  private readonly logger = new Logger('Database');

  logQuery() {}

  logQueryError(error: string | Error, statement: string) {
    const message = typeof error === 'string' ? error : error.message;
    const code = typeof error === 'string' ? undefined : (error as { code?: unknown }).code;
    const sqlState = typeof code === 'string' ? ` [${code}]` : '';
    this.logger.error(`statement failed${sqlState}: ${message} -- ${oneLine(statement)}`);
  }

  logQuerySlow(timeMs: number, statement: string) {
    this.logger.warn(`slow statement (${timeMs} ms): ${oneLine(statement)}`);
  }

  logSchemaBuild() {}

  logMigration(message: string) {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown) {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.debug?.(String(message));
  }
}
