import { Injectable } from '@nestjs/common';
import type { Order } from './order.js';

/** Called inside the transaction that moved the order, so what it writes commits with the move. */
export type OrderStatusListener = (order: Order) => Promise<void>;

/**
 * Modules that follow orders they placed for other clients (the reseller API's callbacks)
 * register here, so the orders module tells them of every status change without reading their
 * tables.
 */
@Injectable()
export class OrderStatusListeners {
  private readonly listeners: OrderStatusListener[] = [];

  register(listener: OrderStatusListener) {
    this.listeners.push(listener);
  }

  async moved(order: Order) {
    for (const listener of this.listeners) await listener(order);
  }
}
