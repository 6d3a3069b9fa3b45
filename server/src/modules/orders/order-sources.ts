import { Injectable } from '@nestjs/common';

/** Where an order placed by another client of the store came from, as the console shows it. */
export interface OrderSource {
  /** The client's own reference for the order. */
  reference: string;
  /** The label of the API key that placed it. */
  keyLabel: string;
}

export type OrderSourceReader = (orderids: string[]) => Promise<Map<string, OrderSource>>;

/**
 * The modules that place orders for other clients (the reseller API) register a reader here, so
 * the console's order lists can mark those orders without the orders module reading their tables.
 */
@Injectable()
export class OrderSources {
  private readonly readers: OrderSourceReader[] = [];

  register(reader: OrderSourceReader) {
    this.readers.push(reader);
  }

  async of(orderids: string[]): Promise<Map<string, OrderSource>> {
    const sources = new Map<string, OrderSource>();
    if (orderids.length === 0) return sources;
    for (const reader of this.readers) {
      for (const [orderid, source] of await reader(orderids)) sources.set(orderid, source);
    }
    return sources;
  }
}
