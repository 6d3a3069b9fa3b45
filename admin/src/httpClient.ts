import { fetchUtils, HttpError } from 'react-admin';
import { readToken } from '@/session';

/** fetchJson with the admin's bearer token; errors carry the server's `message` (or `msg`). */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as { message?: unknown; msg?: unknown } | undefined;
      const text = [body?.message, body?.msg].find((value) => typeof value === 'string' && value);
      throw new HttpError((text as string | undefined) ?? error.message, error.status, error.body);
    }
    throw error;
  }
};

const ADMIN_API = '/api/admin';

interface AdminCallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * One of the spec's `/api/admin/*` endpoints, answered as react-admin answers: `{ data }`.
 * Only the dataProvider calls it, so that a 401 signs the admin out (authProvider.checkError).
 */
export const adminCall = async <T>(
  path: string,
  { method = 'GET', body, headers = {} }: AdminCallOptions = {},
): Promise<{ data: T }> => {
  const payload =
    body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
  const answer = await httpClient(`${ADMIN_API}${path}`, {
    method,
    body: payload,
    headers: new Headers({ Accept: 'application/json', ...headers }),
  });
  return { data: answer.json as T };
};
