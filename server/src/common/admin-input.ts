import { AppError } from './errors/app-error.js';
import { Messages } from './messages.js';

/**
 * Readers for the admin console's loose JSON bodies (the spec's clients send whole records and
 * strings for flags). Each one answers undefined when the value is missing, and throws the
 * given message when it is there but wrong, so a caller can check fields in the spec's order.
 */
export const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export function requireText(value: unknown, message: string, maxLength = 500): string {
  if (typeof value !== 'string' || value.trim() === '') throw AppError.badRequest(message);
  const text = value.trim();
  if (text.length > maxLength) throw AppError.badRequest(message);
  return text;
}

export function optionalText(value: unknown, maxLength: number, message: string) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > maxLength) throw AppError.badRequest(message);
  return value.trim();
}

export function optionalFlag(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw AppError.badRequest(Messages.flagInvalid);
}

/** A whole number (or its text) of at least `minimum`; undefined when missing. */
export function optionalWholeNumber(value: unknown, minimum: number, message: string) {
  if (isMissing(value)) return undefined;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < minimum) {
    throw AppError.badRequest(message);
  }
  return number;
}
