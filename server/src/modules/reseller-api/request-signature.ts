import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KeyMode } from './reseller-api-key.entity.js';

/** How far a request's `X-Timestamp` may be from the server's clock. */
export const TIMESTAMP_WINDOW_SECONDS = 300;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `rk_live_<20 base-32 characters>` or `rk_test_<...>`. */
export function newKeyId(mode: KeyMode) {
  const bytes = randomBytes(20);
  let id = '';
  for (const byte of bytes) id += BASE32[byte & 31];
  return `rk_${mode}_${id}`;
}

export const KEY_ID_PATTERN = /^rk_(live|test)_[a-z2-7]{20}$/;

/** 32 random bytes, base64url: the HMAC key the reseller signs with. */
export const newSecret = () => randomBytes(32).toString('base64url');

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** `timestamp \n METHOD \n path_with_query \n hex(SHA-256(raw body))`, as the contract defines. */
export function signedText(timestamp: string, method: string, pathWithQuery: string, body: Buffer) {
  return `${timestamp}\n${method.toUpperCase()}\n${pathWithQuery}\n${sha256Hex(body)}`;
}

export function sign(secret: string, text: string) {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

/** Compares in constant time; a malformed signature costs the same comparison. */
export function signatureMatches(expected: string, given: string) {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.alloc(a.length);
  b.write(given.slice(0, a.length), 'utf8');
  return timingSafeEqual(a, b) && given.length === expected.length;
}
