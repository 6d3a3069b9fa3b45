import type { AppConfig } from '../../../server/src/config/config.js';

/** Field names no response may carry, at any depth. */
export const FORBIDDEN_FIELDS = [
  'password',
  'passwordHash',
  'password_hash',
  'otp',
  'otpHash',
  'code_hash',
  'token_hash',
  'googleSub',
  'google_sub',
  'tokenVersion',
  'token_version',
];

export function fieldNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) fieldNames(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      fieldNames(inner, into);
    }
  }
  return into;
}

/** The server's secrets as they would appear if one leaked. */
export function secretValues(config: AppConfig) {
  return [config.jwt.secret, config.sms.apiKey, config.google.clientSecret].filter(Boolean);
}

/** What a leak would look like in a response: a forbidden field, a hash, or a secret. */
export function leaksIn(body: unknown, config: AppConfig) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const fields = [...fieldNames(body)].filter((name) => FORBIDDEN_FIELDS.includes(name));
  const values = [...secretValues(config), '$argon2'].filter((secret) => text.includes(secret));
  return [...fields, ...values];
}
