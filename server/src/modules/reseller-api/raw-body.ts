import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { Messages } from '@zstore/contract/messages';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';

export const RESELLER_API_PREFIX = '/api/reseller/v1/';
const RAW = Symbol('reseller-raw-body');

/** The exact bytes of a reseller API request's body, as its signature covers them. */
export function rawBodyOf(request: FastifyRequest): Buffer {
  return (request as unknown as Record<symbol, Buffer | undefined>)[RAW] ?? Buffer.alloc(0);
}

/**
 * Keeps the raw body of every reseller API request before Fastify parses it (the signature is
 * over those bytes, not over a re-serialised object), and lets `text/csv` bodies through as text.
 */
@Injectable()
export class ResellerRawBodyHook {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance?.<FastifyInstance>();
    if (!fastify || typeof fastify.addHook !== 'function') return;
    fastify.addHook('preParsing', (request, _reply, payload, done) => {
      if (!request.url.startsWith(RESELLER_API_PREFIX)) return done(null, payload);
      // Past the route's limit, the store's own check refuses it (413) unread.
      const limit = request.routeOptions.bodyLimit;
      if (Number(request.headers['content-length']) > limit) return done(null, payload);
      keepRawBody(request, payload, limit).then(
        (replay) => done(null, replay),
        (error: Error) => done(error),
      );
    });
  }
}

export async function keepRawBody(
  request: FastifyRequest,
  payload: AsyncIterable<unknown>,
  limit: number,
) {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of payload) {
    chunks.push(Buffer.from(chunk as Buffer));
    length += chunks[chunks.length - 1].length;
    // A chunked body gives no length up front: it is cut off at the route's limit.
    if (length > limit) throw new AppError(ErrorCode.Validation, Messages.requestTooLarge, 413);
  }
  const raw = Buffer.concat(chunks);
  (request as unknown as Record<symbol, Buffer>)[RAW] = raw;
  const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = raw.length;
  return replay;
}
