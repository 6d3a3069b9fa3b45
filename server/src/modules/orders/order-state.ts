import {
  canMove as tableAllows,
  sourcesOf as tableSources,
  type TransitionTable,
} from '../../common/state-machine.js';

import type { OrderStatus } from '@zstore/contract/statuses';

export type { OrderStatus };

/**
 * Every legal move of an order (DESIGN section 5). A UPI order starts `Created`; a wallet order
 * (or a UPI order costing nothing) starts `Processing`. Anything not listed is refused (409).
 */
export const orderTransitions: TransitionTable<OrderStatus> = {
  Created: ['Processing', 'Failed'],
  Processing: ['Completed', 'Refunded', 'Cancelled'],
  Completed: [],
  Refunded: [],
  Failed: [],
  Cancelled: [],
};

/** The states an order may be in for a move to `to`. */
export function sourcesOf(to: OrderStatus): OrderStatus[] {
  return tableSources(orderTransitions, to);
}

export function canMove(from: OrderStatus, to: OrderStatus) {
  return tableAllows(orderTransitions, from, to);
}
