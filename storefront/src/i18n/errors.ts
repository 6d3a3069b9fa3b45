import { ErrorCode } from '@zstore/contract/error-codes';
import { ApiError } from '@/api/client';
import { i18n } from './index';
import { currentLanguage } from './language';

const CODES = new Set<string>(Object.values(ErrorCode));

/**
 * What to show for a failed call: the server's own words in English (the spec's texts), its
 * `code`'s text in Hindi, and `fallback` when the call never reached the server or the code
 * has no text of its own.
 */
export function failureText(failure: unknown, fallback: string): string {
  if (!(failure instanceof ApiError) || failure.isNetworkError) return fallback;
  if (currentLanguage() === 'en') return failure.message;
  const code = failure.code;
  return code && CODES.has(code) ? i18n.t(`errors.${code as ErrorCode}`) : fallback;
}

/** A server's success or refusal line: as sent in English, the page's own words otherwise. */
export function serverText(text: string | undefined | null, own: string): string {
  return currentLanguage() === 'en' && text ? text : own;
}
