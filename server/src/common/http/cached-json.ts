import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * How long a shared cache (a CDN, a reverse proxy) may serve a public catalogue answer without
 * asking, and how long a CDN may serve a stale one while it revalidates: `s-maxage` in
 * `Cache-Control`, which every shared cache reads, and the same with `stale-while-revalidate` in
 * `CDN-Cache-Control` (RFC 9213), which only CDNs read. A browser gets `max-age=0`, its usual
 * behaviour for these answers: it revalidates with the ETag on each use, so the storefront's
 * preloaded answers are used as they arrive and a price an admin changes shows on the next visit.
 */
const CACHE_CONTROL = 'public, max-age=0, s-maxage=30';
const CDN_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';

type Encoding = 'br' | 'gzip';

/**
 * A JSON answer built once and sent many times: its bytes, a weak ETag of them, and its brotli and
 * gzip forms, each made the first time a client asks for it.
 */
export class CachedJson {
  readonly body: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly json: string) {
    this.body = Buffer.from(json, 'utf8');
    this.etag = `W/"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
  }

  encodedAs(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipSync(this.body, { level: 9 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** The encoding a client prefers of the two: brotli, then gzip, if it accepts either. */
function preferredEncoding(accepted: string): Encoding | undefined {
  const offered = accepted
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
    .map(([name]) => name.toLowerCase());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip') || offered.includes('*')) return 'gzip';
  return undefined;
}

/**
 * Browsers send one of a few `Accept-Encoding` values, so each is read once; the memo is
 * emptied when odd clients fill it.
 */
const preferredByHeader = new Map<string, Encoding | undefined>();
const MEMO_LIMIT = 64;

/** The encoding to send, when the client accepts one and the answer is worth compressing. */
function chooseEncoding(accepted: string | undefined, size: number): Encoding | undefined {
  if (!accepted || size < COMPRESS_FROM_BYTES) return undefined;
  if (preferredByHeader.has(accepted)) return preferredByHeader.get(accepted);
  if (preferredByHeader.size >= MEMO_LIMIT) preferredByHeader.clear();
  const encoding = preferredEncoding(accepted);
  preferredByHeader.set(accepted, encoding);
  return encoding;
}

function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const weak = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/**
 * Sends a cached JSON answer with its ETag (304 when the client's copy is current) in the encoding
 * the client prefers. A caller without credentials may be answered from a CDN; a signed-in caller's
 * answer keeps the `no-store` the auth guard gave it, so no cache keeps trade prices.
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedJson) {
  // A cache that keeps the public answer must not hand it to a signed-in reseller.
  void reply.header('etag', answer.etag).header('vary', 'Accept-Encoding, Authorization');
  if (!request.headers.authorization) {
    void reply
      .header('cache-control', CACHE_CONTROL)
      .header('cdn-cache-control', CDN_CACHE_CONTROL);
  }
  if (matches(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  void reply.type('application/json; charset=utf-8');
  const encoding = chooseEncoding(request.headers['accept-encoding'], answer.body.length);
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encodedAs(encoding));
}
