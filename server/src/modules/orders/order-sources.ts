import { Injectable } from '@nestjs/common';

/** Where an order placed by another client of the store came from, as the console shows it. */
export interface OrderSource {
  /** The client's own reference for the order. */
  reference: string;
  /** The label of the API key that placed it. */
  keyLabel: string;
}

export type OrderSourceReader = (orderids: string[]) => Promise<Map<string, OrderSource>>;

/** Finds orders by where they came from, for the console's filters. */
export interface OrderSourceFinder {
  /** The orders placed with this client reference (one per reseller at most). */
  byReference(reference: string): Promise<string[]>;
  /** The account id of the reseller with this userid, if there is one. */
  resellerAccount(userid: number): Promise<string | undefined>;
}

/**
 * The modules that place orders for other clients (the reseller API) register a reader here, so
 * the console's order lists can mark those orders without the orders module reading their tables.
 */
@Injectable()
export class OrderSources {
  private readonly readers: OrderSourceReader[] = [];
  private readonly finders: OrderSourceFinder[] = [];

  register(reader: OrderSourceReader, finder?: OrderSourceFinder) {
    this.readers.push(reader);
    if (finder) this.finders.push(finder);
  }

  async byReference(reference: string): Promise<string[]> {
    const found = await Promise.all(this.finders.map((finder) => finder.byReference(reference)));
    return found.flat();
  }

  async resellerAccount(userid: number): Promise<string | undefined> {
    for (const finder of this.finders) {
      const account = await finder.resellerAccount(userid);
      if (account) return account;
    }
    return undefined;
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
