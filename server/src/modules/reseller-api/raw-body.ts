import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

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
      keepRawBody(request, payload).then(
        (replay) => done(null, replay),
        (error: Error) => done(error),
      );
    });
  }
}

export async function keepRawBody(request: FastifyRequest, payload: AsyncIterable<unknown>) {
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(Buffer.from(chunk as Buffer));
  const raw = Buffer.concat(chunks);
  (request as unknown as Record<symbol, Buffer>)[RAW] = raw;
  const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = raw.length;
  return replay;
}
