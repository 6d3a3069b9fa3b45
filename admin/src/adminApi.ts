import { HttpError } from 'react-admin';

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
