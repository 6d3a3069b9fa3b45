import { istDayStart } from '../india-time.js';
import { AppError } from '../errors/app-error.js';
import { Messages } from '@zstore/contract/messages';

type Filter = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 3600_000;

/** A filter value as trimmed text; undefined when absent or empty. */
export function textFilter(filter: Filter, key: string): string | undefined {
  const value = filter[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
    throw AppError.badRequest(Messages.malformedListQuery);
  }
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

const literally = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** A `contains` pattern for ILIKE, with the user's own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${literally(text)}%`;
}

/** An `ends with` pattern for ILIKE, the user's text taken literally. */
export function endsWithPattern(text: string): string {
  return `%${literally(text)}`;
}

/** A `starts with` pattern for LIKE on a lower-cased column, the user's text taken literally. */
export function prefixPattern(text: string): string {
  return `${literally(text.toLowerCase())}%`;
}

/**
 * The console's text search of orders and wallet transactions: rows whose ids or e-mail start
 * with the text, and every row of the customers whose e-mail contains it (`userids`, from the
 * users table). Without `userids` (too many customers match) the rows are searched with
 * `contains` over the columns themselves.
 */
export interface TextSearch {
  prefix: string;
  contains: string;
  userids?: number[];
}

export function textSearch(text: string, userids: number[] | undefined): TextSearch {
  return { prefix: prefixPattern(text), contains: containsPattern(text), userids };
}

/** One value or a list of values out of `allowed`; anything else is refused (400). */
export function choiceFilter<T extends string>(
  filter: Filter,
  key: string,
  allowed: readonly T[],
): T[] | undefined {
  const raw = filter[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  const values = Array.isArray(raw) ? raw : [raw];
  if (!values.every((value): value is T => allowed.includes(value as T))) {
    throw AppError.badRequest(Messages.malformedListQuery);
  }
  return values;
}

/** react-admin's getMany (`filter={"id":[...]}`); ids that are not UUIDs match nothing. */
export function idFilter(filter: Filter): string[] | undefined {
  const raw = filter.id;
  if (raw === undefined) return undefined;
  const values = Array.isArray(raw) ? raw : [raw];
  return values.filter((value): value is string => typeof value === 'string' && UUID.test(value));
}

/** `from`/`to` as India days (YYYY-MM-DD, both included), as the instants [from, until). */
export function istDayRange(filter: Filter): { from?: Date; until?: Date } {
  const day = (key: string) => {
    const text = textFilter(filter, key);
    if (text === undefined) return undefined;
    const start = istDayStart(text);
    if (!start) throw AppError.badRequest(Messages.malformedListQuery);
    return start;
  };
  const from = day('from');
  const to = day('to');
  return { from, until: to && new Date(to.getTime() + DAY_MS) };
}

export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);
