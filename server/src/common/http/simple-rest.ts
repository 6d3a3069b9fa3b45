import { AppError } from '../errors/app-error.js';
import { Messages } from '../messages.js';

/** The ra-data-simple-rest dialect: `sort=["field","ASC"]&range=[0,24]&filter={...}`. */
export interface ListQuery {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

function parseJson<T>(raw: string | undefined, fallback: T): T {
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    throw AppError.badRequest(Messages.malformedListQuery);
  }
}

export function parseListQuery(
  query: { sort?: string; range?: string; filter?: string },
  sortable: readonly string[],
  defaultSort: [string, 'ASC' | 'DESC'],
): ListQuery {
  const [field, order] = parseJson<[string, string]>(query.sort, defaultSort);
  const [from, to] = parseJson<[number, number]>(query.range, [0, 24]);
  const start = Math.max(0, Math.floor(Number(from) || 0));
  const last = Number(to);
  const end = Math.max(start, Math.floor(Number.isFinite(last) ? last : start + 24));
  return {
    sortField: sortable.includes(field) ? field : defaultSort[0],
    sortOrder: String(order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
    offset: start,
    limit: Math.min(end - start + 1, 500),
    filter: parseJson<Record<string, unknown>>(query.filter, {}),
  };
}

export function contentRange(resource: string, query: ListQuery, count: number, total: number) {
  const end = count === 0 ? query.offset : query.offset + count - 1;
  return `${resource} ${query.offset}-${end}/${total}`;
}
