import type { ExecutionContext } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../common/clock.js';
import type { AppError } from '../../common/errors/app-error.js';
import type { RateLimitService } from '../../common/http/rate-limit.service.js';
import { keepRawBody } from './raw-body.js';
import { newSecret, sign, signedText } from './request-signature.js';
import type { ActiveKey, ResellerKeysService } from './reseller-keys.service.js';
import { SignedRequestGuard } from './signed-request.guard.js';

const NOW_SECONDS = 1_790_000_000;
const PATH = '/api/reseller/v1/orders?limit=5';
const BODY = '{"reference":"R-1","item_id":"12","input1":"10000001","input2":"1001"}';

const key = (overrides: Partial<ActiveKey> = {}): ActiveKey =>
  ({
    id: 'key-1',
    keyId: 'rk_live_abcdefghijklmnopqrst',
    label: 'shop',
    mode: 'live',
    secret: newSecret(),
    allowedIps: [],
    rateLimit: 60,
    callbackUrl: null,
    reseller: { id: 'u-1', userid: 7, name: 'Shop' },
    ...overrides,
  }) as ActiveKey;

interface Sent {
  method?: string;
  path?: string;
  body?: string;
  timestamp?: number | string;
  signedBody?: string;
  signedPath?: string;
  signedMethod?: string;
  secret?: string;
  keyId?: string;
  ip?: string;
}

/** The guard over one known key, a counting rate limit and a fixed clock. */
function guardFor(known: ActiveKey, limit = { allowed: true, remaining: 59 }) {
  const keys = {
    active: (keyId: string) => Promise.resolve(keyId === known.keyId ? known : undefined),
  } as unknown as ResellerKeysService;
  const limits = {
    take: () => Promise.resolve({ ...limit, windowEndsInMs: 30_000 }),
  } as unknown as RateLimitService;
  const clock = { now: () => new Date(NOW_SECONDS * 1000) } as unknown as Clock;
  return new SignedRequestGuard(keys, limits, clock);
}

/** A request as a reseller's client sends it, with any part of it changed after signing. */
async function call(guard: SignedRequestGuard, known: ActiveKey, sent: Sent = {}) {
  const method = sent.method ?? 'POST';
  const path = sent.path ?? PATH;
  const timestamp = String(sent.timestamp ?? NOW_SECONDS);
  const signature = sign(
    sent.secret ?? known.secret,
    signedText(
      timestamp,
      sent.signedMethod ?? method,
      sent.signedPath ?? path,
      Buffer.from(sent.signedBody ?? sent.body ?? BODY),
    ),
  );
  const request = {
    method,
    url: path,
    ip: sent.ip ?? '203.0.113.7',
    headers: {
      'x-key-id': sent.keyId ?? known.keyId,
      'x-timestamp': timestamp,
      'x-signature': signature,
    },
  } as unknown as FastifyRequest & { resellerKey?: ActiveKey };
  await keepRawBody(request, Readable.from([Buffer.from(sent.body ?? BODY)]), 1 << 20);
  const headers: Record<string, string> = {};
  const reply = {
    header: (name: string, value: string) => {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  const context = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
  } as unknown as ExecutionContext;
  try {
    await guard.canActivate(context);
    return { passed: true, key: request.resellerKey, headers } as const;
  } catch (error) {
    const refusal = error as AppError;
    return {
      passed: false,
      status: refusal.status,
      code: refusal.code,
      message: refusal.message,
      headers: { ...headers, ...refusal.headers },
    } as const;
  }
}

describe('SignedRequestGuard', () => {
  it('lets a well-signed request through with its key and the rate-limit headers', async () => {
    const known = key();
    const answer = await call(guardFor(known), known);
    expect(answer).toMatchObject({ passed: true, key: { keyId: known.keyId } });
    expect(answer.headers).toMatchObject({
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '59',
      'cache-control': 'no-store',
    });
  });

  it('gives every wrong signature the same 401, whatever was changed', async () => {
    const known = key();
    const other = key({ keyId: 'rk_live_bbbbbbbbbbbbbbbbbbbb' });
    const guard = guardFor(known);
    const refusals = await Promise.all([
      call(guard, known, { signedBody: BODY.replace('R-1', 'R-2') }),
      call(guard, known, { signedPath: '/api/reseller/v1/orders?limit=6' }),
      call(guard, known, { signedPath: '/api/reseller/v1/balance' }),
      call(guard, known, { signedMethod: 'GET' }),
      call(guard, known, { secret: other.secret }),
      call(guard, known, { keyId: other.keyId, secret: other.secret }),
      call(guard, known, { keyId: 'rk_live_' + 'x'.repeat(60) }),
    ]);
    const first = refusals[0];
    expect(first).toMatchObject({ passed: false, status: 401 });
    for (const refusal of refusals) {
      expect({ ...refusal, headers: undefined }).toEqual({ ...first, headers: undefined });
    }
  });

  it('refuses a timestamp outside the 300 s window either way, and one that is no number', async () => {
    const known = key();
    const guard = guardFor(known);
    const late = await call(guard, known, { timestamp: NOW_SECONDS - 301 });
    const early = await call(guard, known, { timestamp: NOW_SECONDS + 301 });
    expect(late).toMatchObject({ passed: false, status: 401 });
    expect(early).toMatchObject({ passed: false, status: 401, code: late.code });
    expect(await call(guard, known, { timestamp: `${NOW_SECONDS}.5` })).toMatchObject({
      passed: false,
      status: 401,
    });
    expect(await call(guard, known, { timestamp: NOW_SECONDS - 299 })).toMatchObject({
      passed: true,
    });
  });

  it('refuses an address outside the key allow-list after checking the signature', async () => {
    const known = key({ allowedIps: ['198.51.100.0/24'] });
    const guard = guardFor(known);
    expect(await call(guard, known, { ip: '198.51.100.20' })).toMatchObject({ passed: true });
    expect(await call(guard, known, { ip: '::ffff:198.51.100.20' })).toMatchObject({
      passed: true,
    });
    expect(await call(guard, known, { ip: '203.0.113.7' })).toMatchObject({
      passed: false,
      status: 403,
    });
    // A bad signature from a refused address still says only that the signature is wrong.
    expect(await call(guard, known, { ip: '203.0.113.7', signedBody: 'changed' })).toMatchObject({
      passed: false,
      status: 401,
    });
  });

  it('answers 429 with Retry-After once the key has spent its rate', async () => {
    const known = key();
    const answer = await call(guardFor(known, { allowed: false, remaining: 0 }), known);
    expect(answer).toMatchObject({ passed: false, status: 429 });
    expect(answer.headers).toMatchObject({ 'x-ratelimit-remaining': '0', 'retry-after': '30' });
  });
});
