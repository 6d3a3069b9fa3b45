import createClient from 'openapi-fetch';
import type { ApiPaths } from '@zstore/contract/api';
import { readToken } from '@/auth/sessionStorage';
import { currentLanguage } from '@/i18n/language';

/** A failed API call. `message` is the server's own text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = code;
  }

  /** True when the request never reached the server or the answer could not be read. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

type ErrorFields = { message?: unknown; msg?: unknown; error?: unknown; code?: unknown };

/** Picks the readable text out of an error body, whichever field the endpoint uses. */
/** The error answer's `code` (`@zstore/contract/error-codes`): what a page decides by. */
export function errorCodeOf(failure: unknown): string | undefined {
  return failure instanceof ApiError ? failure.code : undefined;
}

export function errorText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { message, msg, error } = body as ErrorFields;
  for (const candidate of [msg, message, error]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate;
    if (Array.isArray(candidate) && typeof candidate[0] === 'string') return candidate[0];
  }
  return undefined;
}

/**
 * The API, typed by the server's OpenAPI document (`@zstore/contract/api`): paths, parameters,
 * bodies and answers are checked at compile time. Each call sends the session's token.
 */
export const api = createClient<ApiPaths>({
  headers: { Accept: 'application/json' },
  credentials: 'same-origin',
  // Read at call time, so a page that swaps `fetch` (tests, extensions) is honoured.
  fetch: (request) => fetch(request),
});

api.use({
  onRequest({ request }) {
    const token = readToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    // The server answers in the spec's English; the language tells it what to send by e-mail.
    request.headers.set('Accept-Language', currentLanguage());
  },
});

/** The headers of a money-moving call: its key makes a retried request apply once. */
export const idempotent = (idempotencyKey: string) => ({
  headers: { 'Idempotency-Key': idempotencyKey },
});

/**
 * The answer of an `api` call, or an `ApiError`: status 0 when the request never reached the
 * server, else the server's own text and code when it sent them.
 */
export async function answerOf<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: Awaited<typeof call>;
  try {
    result = await call;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('Network error', 0, undefined);
  }
  const { data, error, response } = result;
  if (!response.ok) {
    const code = (error as ErrorFields | undefined)?.code;
    throw new ApiError(
      errorText(error) ?? `Request failed (${response.status})`,
      response.status,
      error,
      typeof code === 'string' ? code : undefined,
    );
  }
  return data as T;
}

/** One key per user action on a money-moving call, so a retried request is never applied twice. */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https or localhost).
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Downloads a file the API serves only to a signed-in caller (the bearer token cannot ride on a
 * plain link), or, with `body`, to whoever posts it (a guest's order and mobile): fetched, then
 * saved under `fileName`.
 */
export async function downloadFile(path: string, fileName: string, body?: unknown): Promise<void> {
  const token = readToken();
  const response = await fetch(`/api${path}`, {
    ...(body === undefined
      ? {
          headers: {
            'Accept-Language': currentLanguage(),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
        }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Accept-Language': currentLanguage() },
          body: JSON.stringify(body),
        }),
    credentials: 'same-origin',
  }).catch(() => {
    throw new ApiError('Network error', 0, undefined);
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as unknown;
    throw new ApiError(
      errorText(body) ?? `Request failed (${response.status})`,
      response.status,
      body,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
