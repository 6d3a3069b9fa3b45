import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Messages } from '@zstore/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../../../common/errors/app-error.js';
import { ExtendRouteConfig } from '../../../common/http/route-config.js';

/** A batch of 1,000 rows at their longest (a 254-character e-mail each) stays under this. */
export const CSV_BODY_LIMIT = 512 * 1024;
const TEXT = Symbol('csv-body');

/** The route takes a `text/csv` body up to `CSV_BODY_LIMIT` (read with `csvTextOf`). */
export const CsvBody = () => ExtendRouteConfig({ csvBody: true });

/** The text of a `text/csv` body ('' when there was none). */
export function csvTextOf(request: FastifyRequest): string {
  return (request as unknown as Record<symbol, string | undefined>)[TEXT] ?? '';
}

const takesCsv = (config: unknown) =>
  Boolean((config as { csvBody?: boolean } | undefined)?.csvBody);

/**
 * `text/csv` bodies, for the routes marked `@CsvBody()` only (anything else answers 415): kept
 * as text beside the request rather than as its parsed body, which the request checks bound to
 * short fields, and allowed up to `CSV_BODY_LIMIT` instead of the store's 100 KB.
 */
@Injectable()
export class CsvBodyHook {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance?.<FastifyInstance>();
    if (!fastify || typeof fastify.addContentTypeParser !== 'function') return;
    fastify.addHook('onRoute', (route) => {
      if (takesCsv(route.config)) route.bodyLimit = CSV_BODY_LIMIT;
    });
    fastify.addContentTypeParser('text/csv', { parseAs: 'string' }, (request, text, done) => {
      if (!takesCsv(request.routeOptions.config)) {
        return done(new AppError(ErrorCode.Validation, Messages.malformedRequest, 415));
      }
      (request as unknown as Record<symbol, string>)[TEXT] = text as string;
      done(null, undefined);
    });
  }
}
