import { HttpStatus } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may read `/api/metrics`: with a token configured, callers presenting it as a bearer
 * token. Without one, in production nobody (404: a reverse proxy on the same host makes every
 * visitor a loopback caller, and no header proves otherwise); elsewhere callers on this machine
 * only, and never through a proxy that says so.
 */
export function assertMetricsAccess(
  request: FastifyRequest,
  { token, production }: { token?: string; production: boolean },
) {
  const header = request.headers.authorization;
  if (token) {
    const given = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    if (!given) {
      throw new AppError(ErrorCode.Unauthorized, Messages.unauthorized, HttpStatus.UNAUTHORIZED);
    }
    if (!sameSecret(given, token)) {
      throw new AppError(ErrorCode.Forbidden, Messages.forbidden, HttpStatus.FORBIDDEN);
    }
    return;
  }
  if (production) throw AppError.notFound(Messages.notFound);
  const peer = request.raw.socket.remoteAddress ?? '';
  const proxied = request.headers['x-forwarded-for'] !== undefined;
  if (!LOOPBACK.test(peer) || proxied) {
    throw new AppError(ErrorCode.Forbidden, Messages.forbidden, HttpStatus.FORBIDDEN);
  }
}
