import {
  applyDecorators,
  Injectable,
  SetMetadata,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiOkResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { map } from 'rxjs';
import { ApiAdminOperation, ApiErrors } from '../openapi/api-docs.decorators.js';
import { EdgeStage, UseEdgeInterceptor } from './edge-interceptors.js';
import { MAX_PAGE_SIZE, type PageQueryDto } from './page-query.dto.js';
import { contentRange, type ListQuery } from './simple-rest.js';

const LIST_RESOURCE_KEY = 'http:list-resource';

/** One page of a simple-rest list, as a handler answers it. */
export interface ListPage<T> {
  query: ListQuery;
  rows: T[];
  total: number;
}

@Injectable()
export class ListPageInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler) {
    const resource = this.reflector.get<string | undefined>(
      LIST_RESOURCE_KEY,
      context.getHandler(),
    );
    if (!resource) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map(({ query, rows, total }: ListPage<unknown>) => {
        void reply.header('Content-Range', contentRange(resource, query, rows.length, total));
        return rows;
      }),
    );
  }
}

/**
 * A console table's list route (ra-data-simple-rest): the handler answers a `ListPage`, and
 * `ListPageInterceptor` sends its rows with the `Content-Range` header the console pages by
 * (CORS exposes it, see `configureHttp`).
 */
export const SimpleRestList = (resource: string, summary: string, row: Type) =>
  applyDecorators(
    SetMetadata(LIST_RESOURCE_KEY, resource),
    UseEdgeInterceptor(ListPageInterceptor, EdgeStage.ListPage),
    ApiAdminOperation(
      summary,
      'Answers a Content-Range header; sort, range and filter are JSON query parameters.',
    ),
    ApiErrors(400),
    ApiOkResponse({ type: [row] }),
  );

/**
 * What a spec list answers without `limit`. Spec 002 shows these lists' calls with no paging and
 * names no size; the console's own screens read them through `rest/*` 50 rows a page, and the
 * spec's order and wallet lists default to 50, so these do too.
 */
export const SPEC_LIST_DEFAULT_LIMIT = 50;

/**
 * A spec list that once answered every row (`getallitems`, `getallcoupon`, …): still a plain
 * array, now a page at a time (`?page&limit`, the first 50 rows by default), with the
 * `Content-Range` header telling the rows' total so a client can read on.
 */
export const SpecPagedList = (resource: string, summary: string, row: Type) =>
  applyDecorators(
    SetMetadata(LIST_RESOURCE_KEY, resource),
    UseEdgeInterceptor(ListPageInterceptor, EdgeStage.ListPage),
    ApiAdminOperation(
      summary,
      `A page at a time: \`page\` from 1, \`limit\` rows (${SPEC_LIST_DEFAULT_LIMIT} by default, at most ${MAX_PAGE_SIZE}). ` +
        'The Content-Range header (`<resource> <first>-<last>/<total>`) tells the total.',
    ),
    ApiErrors(400),
    ApiOkResponse({ type: [row] }),
  );

/** The `ListQuery` of a spec list's `?page&limit`, in the order the list always answered. */
export function specPageQuery(
  paging: PageQueryDto,
  sort: [field: string, order: 'ASC' | 'DESC'],
): ListQuery {
  const limit = paging.limit ?? SPEC_LIST_DEFAULT_LIMIT;
  return {
    sortField: sort[0],
    sortOrder: sort[1],
    offset: ((paging.page ?? 1) - 1) * limit,
    limit,
    filter: {},
  };
}
