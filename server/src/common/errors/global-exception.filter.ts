import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientErrorFields } from '../http/client-error-field.js';
import { errorAnswerOf } from '../http/error-answer.js';
import { Messages } from '@zstore/contract/messages';
import { isRedisOutOfMemory, isRedisUnavailable, redisFaults } from '../../redis/redis.module.js';
import { AppError, ErrorCode } from './app-error.js';

const codeByStatus: Record<number, ErrorCode> = {
  400: ErrorCode.Validation,
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.Validation,
  415: ErrorCode.Validation,
  429: ErrorCode.RateLimited,
  503: ErrorCode.Unavailable,
};

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const fixed = errorAnswerOf(request);
    if (fixed) {
      this.logger.warn(
        `${request.method} ${request.routeOptions.url}: answered ${fixed.status} to ${(exception as Error)?.message ?? String(exception)}`,
      );
      void reply.status(fixed.status).type('text/plain; charset=utf-8').send(fixed.text);
      return;
    }
    let status: number = HttpStatus.INTERNAL_SERVER_ERROR;
    let message: string = Messages.internal;
    let code: string = ErrorCode.Internal;
    let extra: Record<string, unknown> = {};

    if (exception instanceof AppError) {
      ({ status, message, code, extra } = exception);
      for (const [name, value] of Object.entries(exception.headers)) void reply.header(name, value);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      code = codeByStatus[status] ?? ErrorCode.Internal;
      const body = exception.getResponse();
      const text =
        typeof body === 'string' ? body : (body as { message?: string | string[] }).message;
      message =
        status >= 500
          ? Messages.internal
          : ((Array.isArray(text) ? text[0] : text) ?? exception.message);
      if (status === 404 && !text) message = Messages.notFound;
    } else if (isFastifyError(exception)) {
      status = exception.statusCode;
      code = codeByStatus[status] ?? ErrorCode.Validation;
      message = exception.message;
    } else if (isDatabaseBusy(exception) || isRedisUnavailable(exception)) {
      // Nothing was changed (the transaction rolled back): the client may simply try again.
      status = HttpStatus.SERVICE_UNAVAILABLE;
      code = ErrorCode.Unavailable;
      message = Messages.busy;
      void reply.header('Retry-After', '1');
      this.logger.warn(`dependency unavailable: ${(exception as Error).message}`);
      if (isRedisOutOfMemory(exception)) redisFaults.emit('out-of-memory', exception);
    }

    if (status >= 500) {
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    }
    // JSON even where the route had set another type (an HTML page's `@Header`).
    void reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({ ...clientErrorFields(request, message), message, code, ...extra });
  }
}

function isFastifyError(value: unknown): value is { statusCode: number; message: string } {
  const status = (value as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Lock, statement or connection waits that ran out, and a database going away: transient. */
const BUSY_SQLSTATES = new Set([
  '55P03',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '40001',
  '40P01',
]);

/** Connection failures that carry no SQLSTATE (the driver's or the socket's own). */
const BROKEN_CONNECTION = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const LOST_CONNECTION_TEXTS =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Connection ended unexpectedly/;

/**
 * TypeORM's answer to a statement on a connection the server already ended (a fast shutdown
 * ends the connections idle in a transaction at once).
 */
const RELEASED_RUNNER = new Set([
  'QueryRunnerAlreadyReleasedError',
  'QueryRunnerProviderAlreadyReleasedError',
]);

export function isDatabaseBusy(value: unknown): boolean {
  const error = value as {
    code?: unknown;
    name?: unknown;
    driverError?: { code?: unknown };
    message?: unknown;
  };
  if (typeof error?.name === 'string' && RELEASED_RUNNER.has(error.name)) return true;
  const code = error?.driverError?.code ?? error?.code;
  if (typeof code === 'string' && (BUSY_SQLSTATES.has(code) || BROKEN_CONNECTION.has(code))) {
    return true;
  }
  return typeof error?.message === 'string' && LOST_CONNECTION_TEXTS.test(error.message);
}
