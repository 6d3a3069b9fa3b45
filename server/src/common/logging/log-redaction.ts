/** Fields that never reach a log line, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_hash',
  '*.passwordHash',
  '*.token',
  '*.otp',
  '*.email',
  '*.useremail',
  '*.mobile',
  '*.mobilenumber',
  '*.authorization',
  '*.cookie',
];

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const MOBILE = /(?<![\w+])(?:\+?91[- ]?)?[6-9]\d{9}(?!\w)/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;

/** Masks e-mail addresses, Indian mobile numbers and credentials inside free text. */
export function scrubText(text: string) {
  return text
    .replace(BEARER, '$1 [redacted]')
    .replace(EMAIL, '[email]')
    .replace(MOBILE, '[mobile]');
}

/**
 * A request path fit for a log: no query string (reset links, filters by e-mail), and no long
 * path segment (the e-mailed link tokens travel in the path).
 */
export function loggablePath(url: string | undefined) {
  const path = (url ?? '').split('?')[0];
  return path
    .split('/')
    .map((segment) => (segment.length > 40 ? ':redacted' : scrubText(segment)))
    .join('/');
}
