import type { FuzzCase } from './fuzz.js';

/**
 * What attackers send that the API document does not describe: every route the server has
 * (read from its own route table, so a new route is fuzzed without a line of test), with query
 * parameters, bodies, content types, cookies and headers of no route's design.
 */

export interface Route {
  method: string;
  /** Fastify's pattern, e.g. `/api/order/:userid`. */
  path: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The routes of Fastify's `printRoutes({ commonPrefix: false })`: one line per node, indented
 * four characters a level, `segment (METHODS)`; a node's path is its parents' joined.
 */
export function routesOf(printed: string): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    parents.length = depth;
    const path = (parents[depth - 1] ?? '') + match[2];
    parents.push(path);
    if (path.includes('*')) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (METHODS.has(method)) routes.push({ method, path });
    }
  }
  return routes;
}

/** The size of the many-keys and large-array bodies: what an attacker sends in one request. */
export interface AttackSizes {
  manyKeys: number;
  arrayLength: number;
}

const BOUNDARY = 'attackboundary9f2b';

const manyKeys = (count: number) =>
  `{${Array.from({ length: count }, (_, i) => `"k${i}":${i % 2 ? '"x"' : '0'}`).join(',')}}`;
const largeArray = (length: number) => `{"items":[${Array(length).fill('"0"').join(',')}]}`;

/** The webhook's form fields (PROVIDERS.md 1.4) with values no gateway sends. */
const WEBHOOK_FORM = new URLSearchParams([
  ['id', '1e308'],
  ['client_txn_id', '../../x'],
  ['client_txn_id', 'twice'],
  ['amount', '-1'],
  ['status', 'success'],
  ['upi_txn_id', '\u{1F642}'],
  ['customer_vpa', 'x'.repeat(5000)],
  ['udf1', '{"$gt":""}'],
  ['txnAt', '2026-02-30'],
  ['__proto__[status]', 'success'],
  ['remark[]', 'a'],
]).toString();

/** Query parameters the document omits (`to`, `code`, `state`, paging), repeated and odd. */
const QUERY_CASES: [string, string][] = [
  [
    'repeated undocumented',
    'to=a&to=b&code=a&code=b&state=x&state=y&access_token=a&access_token=b',
  ],
  ['repeated paging', 'page=1&page=2&limit=1&limit=2&filter=%7B%7D&filter=%5B%5D&sort=a&range=b'],
  ['bracketed keys', 'to[]=a&code[a]=1&state[__proto__]=x&filter[id]=1'],
  ['odd values', 'to=%00&code=%E0%A4%A&state=..%2F..%2F&redirect=%2F%2Fevil.example'],
  ['many parameters', Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join('&')],
];

const CONTENT_TYPE_CASES: [string, string, string][] = [
  [
    'xml',
    'application/xml',
    '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b SYSTEM "file:///etc/passwd">]><a>&b;</a>',
  ],
  ['octet-stream', 'application/octet-stream', '\u0000\u0001\u0002'],
  ['json as utf-16', 'application/json; charset=utf-16', '{"a":1}'],
  ['vendor json', 'application/vnd.api+json', '{"data":{"a":1}}'],
  ['json without type params', 'application/json;', '{"a":1}'],
  [
    'form with brackets',
    'application/x-www-form-urlencoded',
    'a[b]=1&__proto__[x]=1&a=1&a=2&c=%00',
  ],
  ['webhook form', 'application/x-www-form-urlencoded', WEBHOOK_FORM],
  ['multipart/mixed', `multipart/mixed; boundary=${BOUNDARY}`, `--${BOUNDARY}--\r\n`],
  ['type with no subtype', 'json', '{}'],
  ['text/html', 'text/html', '<script>alert(1)</script>'],
];

const part = (name: string, content: string, file = '') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${content}\r\n`;

const MULTIPART_CASES: [string, string, string][] = [
  ['multipart without boundary', 'multipart/form-data', part('title', 'a')],
  ['multipart with JSON body', `multipart/form-data; boundary=${BOUNDARY}`, '{"title":"a"}'],
  [
    'multipart cut short',
    `multipart/form-data; boundary=${BOUNDARY}`,
    part('title', 'a') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n\x89PNG`,
  ],
  [
    'multipart of many parts',
    `multipart/form-data; boundary=${BOUNDARY}`,
    Array.from({ length: 500 }, (_, i) => part(`f${i}`, 'x')).join('') + `--${BOUNDARY}--\r\n`,
  ],
  [
    'multipart with odd names',
    `multipart/form-data; boundary=${BOUNDARY}`,
    part('__proto__', 'x') +
      part('title', '\u0000') +
      part('type', 'a', '; filename="../../x.png"') +
      `--${BOUNDARY}--\r\n`,
  ],
];

const COOKIE_CASES: [string, string][] = [
  ['garbage cookies', 'token=garbage; refresh=a.b.c; session=%ZZ; __proto__=x'],
  ['signed cookie forged', 'oauth_state=s%3Aabc.forged; google_state=x.y'],
  ['many cookies', Array.from({ length: 300 }, (_, i) => `c${i}=${i}`).join('; ')],
];

/** Authorization values no client of ours sends; `token` is a real session's. */
const authorizationCases = (token: string): [string, string][] => [
  ['bare Bearer', 'Bearer'],
  ['Bearer and spaces', 'Bearer    '],
  ['three dots', 'Bearer a.b.c'],
  [
    'alg none',
    `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"id":"x","role":"admin"}').toString('base64url')}.`,
  ],
  ['Basic', 'Basic YWRtaW46YWRtaW4='],
  ['lower-case scheme', `bearer ${token}`],
  ['token and junk', `Bearer ${token} junk`],
  ['token twice', `Bearer ${token}, Bearer ${token}`],
  ['long', `Bearer ${'x'.repeat(8000)}`],
];

const HOST_CASES = [
  'evil.example',
  'localhost:99999',
  'x'.repeat(1000),
  '[::1]:1',
  'a b',
  '127.0.0.1.nip.io',
];

/** A path's `:name` segments filled with a plausible value (`fill` by name, else a text). */
export function concretePath(route: Route, fill: (name: string) => string | undefined) {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) =>
    encodeURIComponent(fill(name) ?? 'fuzz'),
  );
}

/**
 * Every attack case for one route: bodies to every method that reads one; `token` is the
 * caller's own session for the Authorization variants (empty for a visitor).
 */
export function attackCasesFor(
  route: Route,
  path: string,
  sizes: AttackSizes,
  token: string,
): (() => FuzzCase)[] {
  const base = (label: string, change: Partial<FuzzCase> = {}): FuzzCase => ({
    label: `${route.method} ${route.path} ${label}`,
    method: route.method,
    path,
    headers: {},
    ...change,
  });
  const body = (label: string, contentType: string, text: string) => () =>
    base(label, { body: text, contentType });
  const cases: (() => FuzzCase)[] = [
    () => base('URL over 16 kB', { path: `${path}?x=${'a'.repeat(17_000)}` }),
    () => base('path over 16 kB', { path: `${path}/${'a'.repeat(17_000)}` }),
  ];
  for (const [label, query] of QUERY_CASES) {
    cases.push(() => base(`query ${label}`, { path: `${path}?${query}` }));
  }
  // Fastify reads no body on a GET: the server may answer and close before one arrives.
  if (route.method !== 'GET') {
    cases.push(
      body(`${sizes.manyKeys} keys`, 'application/json', manyKeys(sizes.manyKeys)),
      body(`array of ${sizes.arrayLength}`, 'application/json', largeArray(sizes.arrayLength)),
      body('top-level array', 'application/json', `[${Array(1000).fill('{}').join(',')}]`),
    );
    for (const [label, contentType, text] of [...CONTENT_TYPE_CASES, ...MULTIPART_CASES]) {
      cases.push(body(label, contentType, text));
    }
  }
  for (const [label, cookie] of COOKIE_CASES) {
    cases.push(() => base(label, { headers: { Cookie: cookie } }));
  }
  for (const [label, authorization] of authorizationCases(token || 'x')) {
    cases.push(() => base(`Authorization ${label}`, { headers: { Authorization: authorization } }));
  }
  for (const host of HOST_CASES) {
    cases.push(() => base(`Host ${host.slice(0, 20)}`, { headers: { Host: host } }));
  }
  return cases;
}
