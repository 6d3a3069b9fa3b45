import { HttpError } from 'react-admin';
import { httpClient } from '@/dataProvider';

const ADMIN_API = '/api/admin';

interface AdminCallOptions {
  method?: 'GET' | 'POST';
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls one of the spec's `/api/admin/*` endpoints with the admin's token; answers the JSON. */
export const adminCall = async <T = unknown>(
  path: string,
  { method = 'GET', body, headers = {} }: AdminCallOptions = {},
): Promise<T> => {
  const payload =
    body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
  const { json } = await httpClient(`${ADMIN_API}${path}`, {
    method,
    body: payload,
    headers: new Headers({ Accept: 'application/json', ...headers }),
  });
  return json as T;
};

/** The server's own `message`, when it sent one (httpClient copies it onto the error). */
export const serverMessage = (error: unknown): string | undefined => {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.body as { message?: unknown; msg?: unknown } | undefined;
  return typeof body?.message === 'string' || typeof body?.msg === 'string'
    ? error.message
    : undefined;
};

/** A key that makes a retried money request count once; crypto.randomUUID needs a secure origin. */
export const newIdempotencyKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
};
