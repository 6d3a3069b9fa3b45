import type { OrderEntity } from './order.entity.js';

/** An order, as its entity reads it. Money in paise. */
export type Order = OrderEntity;
