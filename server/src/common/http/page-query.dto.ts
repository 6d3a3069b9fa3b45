import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';

const toNumber = ({ value }: { value: unknown }) => Number(value);

/** Far beyond any real list, small enough that `(page - 1) * limit` stays an exact bigint. */
export const MAX_PAGE_NUMBER = 1_000_000;
export const MAX_PAGE_SIZE = 500;

/**
 * `?page&limit` of every paged list: whole numbers, page from 1, at most `MAX_PAGE_SIZE` a page.
 * Anything else (`1.5`, `1e308`, `abc`, a repeated parameter) is refused with 400.
 */
export class PageQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_PAGE_NUMBER })
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_NUMBER)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}

/** The console's keyset cursor: the id of the last row of the page before the one asked for. */
export const AFTER_DESCRIPTION =
  'Id of the last row of the previous page (same filter and sort): the page is read from there, ' +
  'so a deep page costs what the first does. Without it the page is found by its number.';

/** Spec 002's transaction lists (default 50 a page), with the console's keyset cursor. */
export class AdminPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: AFTER_DESCRIPTION, format: 'uuid' })
  @IsOptional()
  @IsUUID()
  after?: string;
}
