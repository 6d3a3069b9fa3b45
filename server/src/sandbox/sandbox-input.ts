import { AppError } from '../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';

/** Longer than any field a provider's client sends a simulator. */
const MAX_FIELD_LENGTH = 2000;

/**
 * A simulator's form or JSON body as text fields. No body is no fields; a body that is not an
 * object, or a field that is an object, a list or overlong text, is refused in the store's
 * error shape (a provider's real client never sends one). Numbers and flags become their text.
 */
export function textFields(body: unknown): Record<string, string | undefined> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw AppError.badRequest(Messages.malformedRequest);
  }
  const fields: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === null) continue;
    if (typeof value === 'object') throw AppError.badRequest(Messages.malformedRequest);
    const text = String(value);
    if (text.length > MAX_FIELD_LENGTH) throw AppError.badRequest(Messages.textTooLong);
    fields[name] = text;
  }
  return fields;
}

/** An absolute http(s) URL from a simulator's input, or a refusal in the store's error shape. */
export function absoluteUrl(text: string | undefined): URL {
  const url = text && URL.canParse(text) ? new URL(text) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) throw AppError.badRequest(Messages.malformedRequest);
  return url;
}
