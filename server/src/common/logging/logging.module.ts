import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import type { AppConfig } from '../../config/config.js';
import { currentLogFields, LogContext } from './log-context.js';
import { REDACTED_PATHS, scrubText } from './log-redaction.js';
import { terminalDestination } from './terminal-lines.js';

/** pino options shared by the application logger and the process's start and stop lines. */
export function pinoOptions(config: Pick<AppConfig, 'logLevel' | 'role'>): pino.LoggerOptions {
  return {
    level: config.logLevel,
    base: { role: config.role, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // The request's or job's fields (`reqId`, `orderid`...), read as each line is written.
    mixin: currentLogFields,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg) =>
          typeof arg === 'string' ? scrubText(arg) : arg,
        ) as typeof args;
        return method.apply(this, scrubbed);
      },
    },
  };
}

/**
 * JSON logs through pino (nestjs-pino): Nest's `Logger` writes through it, and each request or
 * job runs in a context whose fields (`reqId`, `job`, `orderid`) every line carries. Requests
 * enter it in a Fastify hook (`request-logging.ts`), not in Nest middleware, so the context
 * spans the whole handler after the body is read.
 */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      // Through `process.stdout` rather than pino's own file descriptor writer, so whatever
      // hosts the process (a test, a supervisor piping it) sees every line in order; short
      // readable lines when that is a terminal.
      imports: [
        LoggerModule.forRoot({
          pinoHttp: [pinoOptions(config), terminalDestination()],
          forRoutes: [],
        }),
      ],
      providers: [LogContext],
      exports: [LogContext],
    };
  }
}
