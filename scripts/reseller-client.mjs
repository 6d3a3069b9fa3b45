#!/usr/bin/env node
// A reference client of the Z Store reseller API (docs/reseller-api.md): it signs each request
// as the API asks. Use it as a library:
//
//   import { resellerClient } from './scripts/reseller-client.mjs';
//   const api = resellerClient({ baseUrl, keyId, secret });
//   const { status, body } = await api.post('/api/reseller/v1/orders', { reference, item_id, input1, input2 });
//
// or from a shell, with RESELLER_URL, RESELLER_KEY_ID and RESELLER_SECRET set:
//
//   node scripts/reseller-client.mjs GET /api/reseller/v1/balance
//   node scripts/reseller-client.mjs POST /api/reseller/v1/orders '{"reference":"r-1",...}'
import { createHash, createHmac } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** The three signing headers for one request; `body` is the exact bytes sent ('' for none). */
export function signRequest({ keyId, secret, method, pathWithQuery, body = '', timestamp }) {
  const ts = String(timestamp ?? Math.floor(Date.now() / 1000));
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const text = `${ts}\n${method.toUpperCase()}\n${pathWithQuery}\n${bodyHash}`;
  const signature = createHmac('sha256', secret).update(text).digest('hex');
  return { 'X-Key-Id': keyId, 'X-Timestamp': ts, 'X-Signature': signature };
}

/**
 * A client for one key. `now` (ms) lets a caller sign with another clock; `fetch` another
 * transport. Answers `{ status, headers, body }`, the body parsed when it is JSON.
 */
export function resellerClient({
  baseUrl,
  keyId,
  secret,
  now = () => Date.now(),
  fetch: send = fetch,
}) {
  async function request(method, pathWithQuery, payload, contentType = 'application/json') {
    const body =
      payload === undefined ? '' : typeof payload === 'string' ? payload : JSON.stringify(payload);
    const headers = signRequest({
      keyId,
      secret,
      method,
      pathWithQuery,
      body,
      timestamp: Math.floor(now() / 1000),
    });
    if (body) headers['Content-Type'] = contentType;
    const response = await send(new URL(pathWithQuery, baseUrl), {
      method,
      headers,
      body: body || undefined,
    });
    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('json');
    return {
      status: response.status,
      headers: response.headers,
      body: json && text ? JSON.parse(text) : text,
    };
  }
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, payload, contentType) => request('POST', path, payload, contentType),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [method = 'GET', path = '/api/reseller/v1/balance', payload] = process.argv.slice(2);
  const { RESELLER_URL = 'http://localhost:3000', RESELLER_KEY_ID, RESELLER_SECRET } = process.env;
  if (!RESELLER_KEY_ID || !RESELLER_SECRET) {
    console.error('Set RESELLER_KEY_ID and RESELLER_SECRET (and RESELLER_URL).');
    process.exit(2);
  }
  const api = resellerClient({
    baseUrl: RESELLER_URL,
    keyId: RESELLER_KEY_ID,
    secret: RESELLER_SECRET,
  });
  const answer = await api.request(method, path, payload);
  console.log(
    answer.status,
    typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2),
  );
  process.exit(answer.status < 400 ? 0 : 1);
}
