import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  checkedTarget,
  RefusedAddress,
  type AddressPolicy,
  type Resolve,
} from './callback-address.js';

/** A 2xx within this long is a delivery (RESELLER-API.md section 4). */
export const CALLBACK_TIMEOUT_MS = 10_000;
const ANSWER_BYTES = 500;

export interface SendResult {
  statusCode: number | null;
  answer: string | null;
  error: string | null;
  latencyMs: number;
}

/**
 * POSTs a signed event to the address `checkedTarget` allowed: the connection's lookup answers
 * that address only, TLS still checks the certificate against the host name, and a redirect is
 * an answer like any other (never followed).
 */
export async function sendCallback(
  url: URL,
  body: string,
  headers: Record<string, string>,
  policy: AddressPolicy,
  resolve: Resolve,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: { address: string; family: 4 | 6 };
  try {
    target = await checkedTarget(url, policy, resolve);
  } catch (error) {
    const message = error instanceof RefusedAddress ? error.message : (error as Error).message;
    return { statusCode: null, answer: null, error: message, latencyMs: elapsed() };
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        target,
      ]);
    } else {
      callback(null, target.address, target.family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((done) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        timeout: CALLBACK_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'ZStore-Callbacks/1',
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          done({
            statusCode: response.statusCode ?? null,
            answer: Buffer.concat(chunks).subarray(0, ANSWER_BYTES).toString('utf8'),
            error: null,
            latencyMs: elapsed(),
          }),
        );
        response.on('error', (error) =>
          done({
            statusCode: response.statusCode ?? null,
            answer: null,
            error: error.message,
            latencyMs: elapsed(),
          }),
        );
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error('No answer within 10 s.')),
      CALLBACK_TIMEOUT_MS,
    );
    request.on('timeout', () => request.destroy(new Error('No answer within 10 s.')));
    request.on('error', (error) =>
      done({ statusCode: null, answer: null, error: error.message, latencyMs: elapsed() }),
    );
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
