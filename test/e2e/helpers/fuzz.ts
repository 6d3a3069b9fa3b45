import http from 'node:http';

/**
 * Malformed requests for every operation of an OpenAPI document: each body field, query, path
 * and header parameter replaced in turn by each value of a fixed corpus, and whole bodies that
 * are not what any route expects. Deterministic: the same document gives the same cases.
 */

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  method: string;
  path: string;
  secured: boolean;
  parameters: Parameter[];
  body?: { contentType: string; schema: Schema };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        secured: Boolean(operation.security?.length),
        parameters: operation.parameters ?? [],
        body: contentType
          ? { contentType, schema: resolve(document, media?.schema ?? {}) }
          : undefined,
      });
    }
  }
  return operations;
}

function resolve(document: OpenApiDocument, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return resolve(document, document.components?.schemas?.[name] ?? {});
}

/** A JSON value written as text, so keys like `__proto__` and very deep nesting survive as sent. */
interface RawValue {
  label: string;
  json: string;
}

const raw = (label: string, value: unknown): RawValue => ({ label, json: JSON.stringify(value) });
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** Values that replace one body field: wrong types, edges, NUL, huge, deep, prototype keys. */
export const VALUE_CORPUS: RawValue[] = [
  raw('null', null),
  raw('true', true),
  raw('false', false),
  raw('0', 0),
  raw('-1', -1),
  raw('1.5', 1.5),
  raw('1e308', 1e308),
  raw('2^53+2', 2 ** 53 + 2),
  raw('2^31', 2 ** 31),
  raw('empty', ''),
  raw('NUL', '\u0000'),
  raw('text with NUL', 'a\u0000b'),
  raw('70k text', 'x'.repeat(70_000)),
  raw('"1e308"', '1e308'),
  raw('"NaN"', 'NaN'),
  raw('lone surrogate', '\ud800'),
  raw('emoji', '🙂'),
  raw('bad date', '2026-02-30'),
  raw('[]', []),
  raw('["a"]', ['a']),
  raw('{}', {}),
  { label: '__proto__ object', json: '{"__proto__":{"polluted":true}}' },
  { label: 'constructor object', json: '{"constructor":{"prototype":{"polluted":true}}}' },
  { label: 'nested 3000', json: nested(3000) },
];

/** Values for query and path parameters (text; sent percent-encoded). */
export const TEXT_CORPUS: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '0',
  '-1',
  '1.5',
  '1e308',
  '99999999999999999999',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  '🙂',
  '..',
  'x'.repeat(3000),
  '[]',
  '{}',
  '["id"]',
  '[null,null]',
  '["a","b","c"]',
  '[-5,-1]',
  '[10,2]',
  '[0,1e308]',
  '[1e308,1e308]',
  '"text"',
  '{"id":{"$gt":1}}',
  '{"q":["a",{"b":1}]}',
  '{"from":"2026-13-45"}',
  '{"id":"\\u0000"}',
  '{"__proto__":{"polluted":true}}',
  // Deep, yet short enough percent-encoded to stay under Node's 16 kB limit on the request head.
  '{"a":'.repeat(800) + '1' + '}'.repeat(800),
];

/** The few values sent where a role is refused anyway (the guard answers before any parsing). */
const LIGHT_VALUES = new Set(['null', 'NUL', '1e308', '[]', 'nested 3000']);
const LIGHT_TEXTS = new Set(['\u0000', '1e308', '99999999999999999999', '[]']);

/** Path segments sent as they are: already percent-encoded or meant to be odd. */
const RAW_PATH_SEGMENTS = ['%00', 'a%00b', '%E0%A4%A', '%25', '%2F', '%2e%2e', '%20'];

const HEADER_CORPUS = ['', ' ', 'x'.repeat(300), 'a b', '../'];

export interface FuzzCase {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  contentType?: string;
}

/** Plausible values for fields the corpus leaves alone, so a case reaches past the first check. */
export interface Fixtures {
  /** A base value for a field or parameter by name, or undefined to fall back on its schema. */
  byName(name: string, schema: Schema, where: 'body' | 'path' | 'query' | 'header'): unknown;
  /** A new Idempotency-Key for every request, so a key never replays another case's answer. */
  idempotencyKey(): string;
}

function baseValue(fixtures: Fixtures, name: string, schema: Schema, where: 'body'): unknown {
  const named = fixtures.byName(name, schema, where);
  if (named !== undefined) return named;
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type ?? 'string') {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return schema.properties ? baseObject(fixtures, schema) : null;
    default:
      return `fuzz ${name}`;
  }
}

function baseObject(fixtures: Fixtures, schema: Schema): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const property = schema.properties?.[name];
    if (!property || property.format === 'binary') continue;
    object[name] = baseValue(fixtures, name, property, 'body');
  }
  return object;
}

function paramBase(fixtures: Fixtures, parameter: Parameter): string {
  // Path and query values are strings or numbers (only a body's values are objects).
  const named = fixtures.byName(parameter.name, parameter.schema ?? {}, parameter.in as 'path') as
    string | number | undefined;
  if (named !== undefined) return String(named);
  return parameter.schema?.type === 'number' ? '999999' : '00000000-0000-4000-8000-000000000000';
}

const jsonObject = (entries: [string, string][]) =>
  `{${entries.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`;

/**
 * Every case for one operation: the whole corpus, or (`light`) whole bodies and a few values
 * per field, for a caller the route refuses. Bodies and Idempotency-Keys are made when sent.
 */
export function casesFor(
  operation: Operation,
  fixtures: Fixtures,
  light = false,
): (() => FuzzCase)[] {
  const values = light ? VALUE_CORPUS.filter((v) => LIGHT_VALUES.has(v.label)) : VALUE_CORPUS;
  const texts = light ? TEXT_CORPUS.filter((t) => LIGHT_TEXTS.has(t)) : TEXT_CORPUS;
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');
  const basePath = () =>
    Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(paramBase(fixtures, p))]));
  const baseQuery = () =>
    queryParams.filter((p) => p.required).map((p) => [p.name, paramBase(fixtures, p)]);
  const baseHeaders = () =>
    Object.fromEntries(
      headerParams.map((p) => [
        p.name,
        /idempotency/i.test(p.name) ? fixtures.idempotencyKey() : paramBase(fixtures, p),
      ]),
    );
  const schema = operation.body?.schema ?? {};
  const multipart = operation.body?.contentType === 'multipart/form-data';
  const baseEntries = (): [string, string][] =>
    Object.entries(operation.body ? baseObject(fixtures, schema) : {}).map(([key, value]) => [
      key,
      JSON.stringify(value),
    ]);

  const build = (
    label: string,
    change: {
      path?: Record<string, string>;
      query?: string[][];
      headers?: Record<string, string>;
      body?: string | Buffer;
      contentType?: string;
    } = {},
  ): FuzzCase => {
    const segments = { ...basePath(), ...change.path };
    const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => segments[name]);
    const query = (change.query ?? baseQuery())
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join('&');
    const body =
      change.body ?? (operation.body && !multipart ? jsonObject(baseEntries()) : undefined);
    return {
      label: `${operation.method} ${operation.path} ${label}`,
      method: operation.method,
      path: query ? `${path}?${query}` : path,
      headers: { ...baseHeaders(), ...change.headers },
      body,
      contentType: change.contentType ?? (body === undefined ? undefined : 'application/json'),
    };
  };

  const cases: (() => FuzzCase)[] = [];
  for (const parameter of pathParams) {
    for (const value of texts) {
      cases.push(() =>
        build(`path ${parameter.name}=${short(value)}`, {
          path: { [parameter.name]: encodeURIComponent(value) || '%20' },
        }),
      );
    }
    for (const segment of light ? [] : RAW_PATH_SEGMENTS) {
      cases.push(() =>
        build(`path ${parameter.name}=${segment}`, { path: { [parameter.name]: segment } }),
      );
    }
  }
  for (const parameter of queryParams) {
    const others = () => baseQuery().filter(([key]) => key !== parameter.name);
    for (const value of texts) {
      cases.push(() =>
        build(`query ${parameter.name}=${short(value)}`, {
          query: [...others(), [parameter.name, value]],
        }),
      );
    }
    cases.push(() =>
      build(`query ${parameter.name} twice`, {
        query: [...others(), [parameter.name, '1'], [parameter.name, '2']],
      }),
    );
  }
  for (const parameter of headerParams) {
    for (const value of light ? [] : HEADER_CORPUS) {
      cases.push(() =>
        build(`header ${parameter.name}=${short(value)}`, { headers: { [parameter.name]: value } }),
      );
    }
  }

  if (multipart) {
    for (const name of Object.keys(schema.properties ?? {})) {
      for (const value of values) {
        cases.push(() => {
          const { body, contentType } = multipartBody(schema, fixtures, name, value);
          return build(`multipart ${name}=${value.label}`, { body, contentType });
        });
      }
    }
  } else if (operation.body) {
    for (const name of Object.keys(schema.properties ?? {})) {
      for (const value of values) {
        cases.push(() =>
          build(`body ${name}=${value.label}`, {
            body: jsonObject([
              ...baseEntries().filter(([key]) => key !== name),
              [name, value.json],
            ]),
          }),
        );
      }
      cases.push(() =>
        build(`body without ${name}`, {
          body: jsonObject(baseEntries().filter(([key]) => key !== name)),
        }),
      );
    }
  }

  // Whole bodies no route takes, sent to every operation (with or without a body of its own).
  const withBase = (extra: string) => {
    const entries = baseEntries()
      .map(([key, json]) => `${JSON.stringify(key)}:${json}`)
      .join(',');
    return `{${entries}${entries ? ',' : ''}${extra}}`;
  };
  const wholeBodies: [string, string, string][] = [
    ['text/plain body', 'text/plain', 'hello'],
    ['text/plain JSON', 'text/plain', '{"a":1}'],
    ['JSON string', 'application/json', '"a string"'],
    ['JSON number', 'application/json', '1e308'],
    ['JSON null', 'application/json', 'null'],
    ['JSON array', 'application/json', '[{}]'],
    ['empty JSON', 'application/json', ''],
    ['broken JSON', 'application/json', '{"a":'],
    ['array nested 5000', 'application/json', nested(5000)],
    ['object nested 3000', 'application/json', nestedObject(3000)],
    ['field nested 3000', 'application/json', withBase(`"deep":${nested(3000)}`)],
    ['__proto__ key', 'application/json', withBase('"__proto__":{"role":"admin"}')],
    ['constructor key', 'application/json', withBase('"constructor":{"prototype":{"x":1}}')],
    ['NUL key', 'application/json', withBase('"a\\u0000":1')],
    ['form body', 'application/x-www-form-urlencoded', 'a=1&b%00=%00&c[d]=2'],
    ['xml body', 'application/xml', '<a/>'],
  ];
  // A route without a body, or one that refuses the caller, gets only a few of them.
  const few = new Set(['text/plain body', 'JSON string', 'array nested 5000']);
  for (const [label, contentType, body] of wholeBodies) {
    if ((light || !operation.body) && !few.has(label)) continue;
    cases.push(() => build(label, { body, contentType }));
  }
  return cases;
}

/** A 1x1 PNG, for the file fields of multipart operations. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipartBody(schema: Schema, fixtures: Fixtures, name: string, value: RawValue) {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const fields: [string, string][] = Object.entries(baseObject(fixtures, schema)).map(
    ([key, base]) => [key, String(base)],
  );
  const parsed = JSON.parse(value.json) as unknown;
  const text = typeof parsed === 'string' ? parsed : value.json;
  const parts: Buffer[] = [...fields.filter(([key]) => key !== name), [name, text]].map(
    ([key, content]) =>
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${content}\r\n`,
      ),
  );
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (property.format !== 'binary' || key === name) continue;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="fuzz.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      PNG,
      Buffer.from('\r\n'),
    );
  }
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const short = (value: string) => {
  const printable = JSON.stringify(value);
  return printable.length > 40 ? `${printable.slice(0, 30)}…(${value.length} chars)` : printable;
};

export interface FuzzAnswer {
  status: number;
  ms: number;
  contentType: string;
  body: string;
}

/** Sends one case; a connection reset or a timeout is an answer with status 0. */
export function send(baseUrl: string, fuzz: FuzzCase, timeoutMs: number): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  const started = Date.now();
  const payload = typeof fuzz.body === 'string' ? Buffer.from(fuzz.body, 'utf8') : fuzz.body;
  return new Promise((resolve) => {
    const done = (status: number, contentType = '', body = '') =>
      resolve({ status, ms: Date.now() - started, contentType, body });
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path: fuzz.path,
        // A connection of its own, so no case is answered on a socket an earlier one spoilt.
        agent: false,
        headers: {
          ...fuzz.headers,
          ...(payload
            ? { 'content-type': fuzz.contentType!, 'content-length': payload.length }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done(
            res.statusCode ?? 0,
            String(res.headers['content-type'] ?? ''),
            Buffer.concat(chunks).toString('utf8'),
          ),
        );
        res.on('error', () => done(0));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (error) => done(0, '', error.message));
    req.end(payload);
  });
}

/** Runs `tasks` with at most `limit` in flight. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
