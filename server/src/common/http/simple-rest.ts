import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID } from 'class-validator';
import { AppError } from '../errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { isCleanInput } from './input-shape.js';
import { AFTER_DESCRIPTION, MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './page-query.dto.js';

/** The query of a simple-rest list, as the console sends it (each part JSON text). */
export class ListQueryDto {
  @ApiPropertyOptional({ description: 'JSON `[field, "ASC" | "DESC"]`', example: '["id","ASC"]' })
  @IsOptional()
  @IsString()
  sort?: string;

  @ApiPropertyOptional({ description: 'JSON `[from, to]`, both included', example: '[0,24]' })
  @IsOptional()
  @IsString()
  range?: string;

  @ApiPropertyOptional({ description: 'JSON object of filters', example: '{}' })
  @IsOptional()
  @IsString()
  filter?: string;
}

/** A list whose deep pages the console reads by keyset: `range` plus the previous page's last id. */
export class KeysetListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: AFTER_DESCRIPTION, format: 'uuid' })
  @IsOptional()
  @IsUUID()
  after?: string;
}

/** The ra-data-simple-rest dialect: `sort=["field","ASC"]&range=[0,24]&filter={...}`. */
export interface ListQuery {
  sortField: string;
  sortOrder: 'ASC' | 'DESC';
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
  /** The previous page's last id, on the lists that seek (`KeysetListQueryDto`). */
  after?: string;
}

const MAX_OFFSET = MAX_PAGE_NUMBER * MAX_PAGE_SIZE;

/** The JSON text of one part, or `fallback` when the part is absent. */
function parseJson(raw: string | undefined, fallback: unknown): unknown {
  if (raw === undefined || raw === '') return fallback;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw malformed();
  }
}

const malformed = () => AppError.badRequest(Messages.malformedListQuery);
const isOffset = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_OFFSET;
const isSort = (value: unknown): value is [string, string] =>
  Array.isArray(value) &&
  value.length === 2 &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'string' &&
  /^(asc|desc)$/i.test(value[1]);
const isRange = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && value.every(isOffset) && value[0] <= value[1];
const isFilter = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && isCleanInput(value);

/** `sort`, `range` and `filter` of the right shape, or 400; an unknown sort field sorts by default. */
export function parseListQuery(
  query: ListQueryDto,
  sortable: readonly string[],
  defaultSort: [string, 'ASC' | 'DESC'],
): ListQuery {
  const sort = parseJson(query.sort, defaultSort);
  const range = parseJson(query.range, [0, 24]);
  const filter = parseJson(query.filter, {});
  if (!isSort(sort) || !isRange(range) || !isFilter(filter)) throw malformed();
  const [field, order] = sort;
  const [from, to] = range;
  return {
    sortField: sortable.includes(field) ? field : defaultSort[0],
    sortOrder: order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
    offset: from,
    limit: Math.min(to - from + 1, MAX_PAGE_SIZE),
    filter,
    after: query instanceof KeysetListQueryDto ? query.after : undefined,
  };
}

export function contentRange(resource: string, query: ListQuery, count: number, total: number) {
  const end = count === 0 ? query.offset : query.offset + count - 1;
  return `${resource} ${query.offset}-${end}/${total}`;
}
