import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

export const WHATSAPP_WEBHOOK_PATH = '/api/whatsapp/webhook';
const RAW = Symbol('whatsapp-raw-body');

/** The exact bytes of a webhook's body, as Meta's `X-Hub-Signature-256` covers them. */
export function webhookBodyOf(request: FastifyRequest): Buffer {
  return (request as unknown as Record<symbol, Buffer | undefined>)[RAW] ?? Buffer.alloc(0);
}

/** Keeps the raw body of each WhatsApp webhook before Fastify parses it. */
@Injectable()
export class WhatsAppRawBodyHook {
  constructor(adapterHost: HttpAdapterHost) {
    const fastify = adapterHost.httpAdapter?.getInstance?.<FastifyInstance>();
    if (!fastify || typeof fastify.addHook !== 'function') return;
    fastify.addHook('preParsing', (request, _reply, payload, done) => {
      if (request.method !== 'POST' || request.url.split('?')[0] !== WHATSAPP_WEBHOOK_PATH) {
        return done(null, payload);
      }
      keepRawBody(request, payload).then(
        (replay) => done(null, replay),
        (error: Error) => done(error),
      );
    });
  }
}

async function keepRawBody(request: FastifyRequest, payload: AsyncIterable<unknown>) {
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(Buffer.from(chunk as Buffer));
  const raw = Buffer.concat(chunks);
  (request as unknown as Record<symbol, Buffer>)[RAW] = raw;
  const replay = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
  replay.receivedEncodedLength = raw.length;
  return replay;
}
