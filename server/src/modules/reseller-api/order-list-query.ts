import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { ResellerErrorCode, ResellerMessages } from './reseller-errors.js';
import type { ResellerOrderView } from './reseller-order-view.js';

export interface OrderListQuery {
  status?: string;
  since?: Date;
  limit: number;
  cursor?: string;
}

export interface Position {
  at: string;
  id: string;
}

const encode = (position: { at: Date; id: string }) =>
  Buffer.from(`${position.at.toISOString()}|${position.id}`, 'utf8').toString('base64url');

function decode(cursor: string): Position {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError(
      ResellerErrorCode.InvalidInput,
      ResellerMessages.invalidCursor,
      HttpStatus.BAD_REQUEST,
    );
  }
  return { at, id };
}

/** Reads no more than this many rows for one page when a status filter skips most of them. */
const MAX_SCANNED_PAGES = 10;

/**
 * One page of a newest-first keyset list: reads rows after the cursor in chunks of `limit`,
 * keeps those of the asked status, and answers the position of the last row read as the next
 * cursor (null once nothing is left).
 */
export async function keysetPage(
  query: OrderListQuery,
  read: (
    after: Position | undefined,
    size: number,
  ) => Promise<Array<{ at: Date; id: string; order: ResellerOrderView }>>,
) {
  let after = query.cursor ? decode(query.cursor) : undefined;
  const orders: ResellerOrderView[] = [];
  for (let scanned = 0; scanned < MAX_SCANNED_PAGES; scanned += 1) {
    const wanted = query.limit - orders.length;
    const rows = await read(after, wanted);
    for (const row of rows) {
      if (!query.status || row.order.status === query.status) orders.push(row.order);
    }
    const last = rows.at(-1);
    if (last) after = { at: last.at.toISOString(), id: last.id };
    if (rows.length < wanted) return { orders, next_cursor: null };
    if (orders.length >= query.limit) break;
  }
  return { orders, next_cursor: after ? encode({ at: new Date(after.at), id: after.id }) : null };
}
