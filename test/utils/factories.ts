import { faker } from '@faker-js/faker';
import type { OrderStatus } from '@zstore/contract/statuses';
import { Factory } from 'fishery';
import { DataSource, type EntityMetadata, type ValueTransformer } from 'typeorm';
import { newBusinessId, userNumber, userUuid } from '../../server/src/common/ids.js';
import { istDate } from '../../server/src/common/india-time.js';
import { storeEntities } from '../../server/src/entities.js';
import { SnakeNamingStrategy } from '../../server/src/database/naming-strategy.js';
import type { DeliveryStatus } from '../../server/src/modules/orders/delivery-state.js';
import { OrderEntity } from '../../server/src/modules/orders/order.entity.js';
import type { TestApp } from './app.js';

/**
 * The one place tests make users, accounts, coupons and orders: `build` gives the fields, `create`
 * (with the app as a transient parameter) writes the row. Every build is unique.
 */

type Db = { app?: Pick<TestApp, 'sql'> };

function dbOf({ app }: Db) {
  if (!app) throw new Error('create() needs the app: factory.transient({ app }).create()');
  return app;
}

/** A 10-digit Indian mobile number no seeded account uses. */
export const newMobile = () => `7${faker.string.numeric({ length: 9, allowLeadingZeros: true })}`;

/** Registration details of a new account, as the sign-up form sends them. */
export interface AccountInput {
  name: string;
  email: string;
  mobileNumber: string;
  password: string;
}

export const accountFactory = Factory.define<AccountInput>(({ sequence }) => {
  const tag = `${faker.string.alphanumeric({ length: 8, casing: 'lower' })}${sequence}`;
  return {
    name: `Player ${tag}`,
    email: `player.${tag}@example.com`,
    mobileNumber: newMobile(),
    password: `quiet river ${tag}`,
  };
});

export interface UserFields {
  name: string;
  email: string;
  mobile: string | null;
  verified: boolean;
  role: 'user' | 'reseller' | 'admin';
}

export interface CreatedUser {
  id: string;
  userid: number;
  email: string;
  /** Empty (null) when the user was made with `mobile: null`. */
  mobile: string;
  role: UserFields['role'];
}

/** A user row written straight to the database, for tests that only need it to exist. */
export const userFactory = Factory.define<UserFields, Db, CreatedUser>(
  ({ transientParams, onCreate }) => {
    onCreate(async (user) => {
      const [row] = await dbOf(transientParams).sql<{
        id: string;
        userid: string;
        email: string;
        mobilenumber: string;
      }>(
        `INSERT INTO users (name, email, mobilenumber, verified, role) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, userid, email, mobilenumber`,
        [user.name, user.email, user.mobile, user.verified, user.role],
      );
      return {
        id: row.id,
        userid: Number(row.userid),
        email: row.email,
        mobile: row.mobilenumber,
        role: user.role,
      };
    });
    const account = accountFactory.build();
    return {
      name: account.name,
      email: account.email,
      mobile: account.mobileNumber,
      verified: true,
      role: 'user',
    };
  },
);

/** A coupon row as the tests need it; every field has a usable default. */
export interface CouponFields {
  coupon_code: string;
  discount_type: 'percentage' | 'fixed';
  /** Paise, for fixed coupons. */
  discount_amount: number;
  discount_percentage: number;
  expiry_date: string;
  min_purchase_amount: number;
  max_discount_amount: number;
  usage_limit: number;
  user_limit: number;
  is_active: boolean;
  used_count: number;
}

/** A coupon written straight to the database; `create` answers its id. */
export const couponFactory = Factory.define<CouponFields, Db, string>(
  ({ sequence, transientParams, onCreate }) => {
    onCreate(async (coupon) => {
      const columns = Object.keys(coupon) as Array<keyof CouponFields>;
      const [created] = await dbOf(transientParams).sql<{ id: string }>(
        `INSERT INTO coupons (${columns.join(', ')})
         VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
        columns.map((column) => coupon[column]),
      );
      return created.id;
    });
    return {
      coupon_code: `${faker.string.alpha({ length: 6, casing: 'upper' })}${sequence}`,
      discount_type: 'fixed',
      discount_amount: 0,
      discount_percentage: 0,
      expiry_date: '2031-01-01',
      min_purchase_amount: 0,
      max_discount_amount: 0,
      usage_limit: 100,
      user_limit: 5,
      is_active: true,
      used_count: 0,
    };
  },
);

/** Writes a coupon straight into the database and returns its id. */
export function createCoupon(
  app: Pick<TestApp, 'sql'>,
  code: string,
  fields: Partial<Omit<CouponFields, 'coupon_code'>> = {},
): Promise<string> {
  return couponFactory.transient({ app }).create({ ...fields, coupon_code: code });
}

/** Who buys an order: a user row's ids and e-mail. */
export interface Buyer {
  id: string;
  userid: number;
  email: string;
}

/** The pack an order buys, as the order copies it from the catalogue. */
export type Pack = Pick<
  OrderEntity,
  | 'productId'
  | 'itemId'
  | 'productName'
  | 'itemName'
  | 'price'
  | 'isApi'
  | 'apiType'
  | 'itemIdArray'
>;

/** An order's row: what the store must be told, and any other column of the entity. */
export type NewOrder = Pick<
  OrderEntity,
  | 'orderid'
  | 'userId'
  | 'userid'
  | 'userEmail'
  | 'input1'
  | 'input2'
  | 'discount'
  | 'value'
  | 'paymentMode'
  | 'status'
  | 'txnDate'
> &
  Pack &
  Partial<OrderEntity>;

type OrderParams = Db & { buyer?: Buyer; pack?: Pack };

/** Statuses in which the buyer has paid. */
const PAID: readonly OrderStatus[] = ['Processing', 'Completed', 'Refunded'];

/** Where the delivery of an order in `status` stands, as the store leaves it. */
const deliveryAt = (status: OrderStatus): DeliveryStatus =>
  status === 'Completed' ? 'delivered' : status === 'Refunded' ? 'refunded' : 'pending';

/**
 * An order row written straight to the database, for tests that need orders to exist (a long
 * history, a batch of late ones, one a crash left behind). Its money is UPI's by default: a paid
 * UPI order moves nothing in the ledger, so the ledger stays whole. A paid Z-Coins order debits
 * the wallet, which only the store's checkout does: place it through the API instead.
 * `transient({ app, buyer, pack })`; `create` answers the row as written.
 */
export const orderFactory = Factory.define<NewOrder, OrderParams, NewOrder>(
  ({ params, transientParams, onCreate }) => {
    onCreate(async (order) => {
      await insertOrders(dbOf(transientParams), [order]);
      return order;
    });
    const { buyer, pack } = transientParams;
    if (!buyer || !pack) throw new Error('an order needs transient({ buyer, pack })');
    const status = params.status ?? 'Completed';
    const createdAt = params.createdAt ?? new Date();
    return {
      orderid: newBusinessId('ZS'),
      userId: userUuid(buyer.id),
      userid: userNumber(buyer.userid),
      userEmail: buyer.email,
      ...pack,
      input1: faker.string.numeric({ length: 9, allowLeadingZeros: false }),
      input2: faker.string.numeric({ length: 4, allowLeadingZeros: false }),
      discount: 0,
      value: pack.price,
      paymentMode: 'upi',
      status,
      deliveryStatus: deliveryAt(status),
      txnDate: istDate(createdAt),
      createdAt,
      paidAt: PAID.includes(status) ? createdAt : null,
    };
  },
);

let orderColumnsRead: Promise<EntityMetadata['columns']> | undefined;

/** Column by column, how the entity writes an order (names from its metadata, no SQL text). */
function orderColumns() {
  orderColumnsRead ??= readOrderColumns();
  return orderColumnsRead;
}

async function readOrderColumns() {
  const dataSource = new DataSource({
    type: 'postgres',
    entities: storeEntities,
    namingStrategy: new SnakeNamingStrategy(),
  });
  await (dataSource as unknown as { buildMetadatas(): Promise<void> }).buildMetadatas();
  return dataSource.getMetadata(OrderEntity).columns;
}

/**
 * Writes orders in one statement (a history of hundreds stays one round trip); every order of
 * a batch gives the same fields, as orders built by one factory do.
 */
export async function insertOrders(app: Pick<TestApp, 'sql'>, orders: NewOrder[]) {
  for (const order of orders) {
    if (order.paymentMode === 'wallet' && PAID.includes(order.status)) {
      throw new Error(
        `${order.orderid}: a paid Z-Coins order moves money; place it through the store`,
      );
    }
  }
  const columns = (await orderColumns()).filter((column) =>
    orders.some((order) => column.getEntityValue(order) !== undefined),
  );
  const rows = orders.map((order) =>
    Object.fromEntries(
      columns.map((column) => {
        const value: unknown = column.getEntityValue(order);
        const transformer = column.transformer as ValueTransformer | undefined;
        return [column.databaseName, transformer ? transformer.to(value) : value];
      }),
    ),
  );
  const names = columns.map((column) => column.databaseName).join(', ');
  await app.sql(
    `INSERT INTO orders (${names}) SELECT ${names} FROM jsonb_populate_recordset(NULL::orders, $1)`,
    [JSON.stringify(rows)],
  );
}

/** The buyer and pack of an order the store placed, to make more orders like it. */
export async function partiesOf(app: Pick<TestApp, 'sql'>, orderid: string) {
  const [row] = await app.sql<Record<string, unknown>>('SELECT * FROM orders WHERE orderid = $1', [
    orderid,
  ]);
  if (!row) throw new Error(`no order ${orderid}`);
  const order = {} as OrderEntity;
  for (const column of await orderColumns()) {
    const transformer = column.transformer as ValueTransformer | undefined;
    const value = row[column.databaseName];
    column.setEntityValue(order, transformer ? transformer.from(value) : value);
  }
  const buyer: Buyer = { id: order.userId, userid: order.userid, email: order.userEmail };
  const { productId, itemId, productName, itemName, price, isApi, apiType, itemIdArray } = order;
  const pack: Pack = {
    productId,
    itemId,
    productName,
    itemName,
    price,
    isApi,
    apiType,
    itemIdArray,
  };
  return { buyer, pack, order };
}

/** An item of the catalogue as an order copies it (its product's name, its price and supplier). */
export async function catalogPack(app: Pick<TestApp, 'sql'>, itemId: string): Promise<Pack> {
  const [row] = await app.sql<{
    product_id: string;
    product_name: string;
    item_name: string;
    price: string;
    is_api: boolean;
    api_type: string | null;
    itemidarray: string[];
  }>(
    `SELECT p.id AS product_id, p.name AS product_name, i.name AS item_name, i.discountedprice AS price,
            i.is_api, i.api_type, i.itemidarray
     FROM items i JOIN products p ON i.itemid = ANY(p.items) WHERE i.id = $1`,
    [itemId],
  );
  if (!row) throw new Error(`no catalogue item ${itemId}`);
  return {
    productId: row.product_id,
    itemId,
    productName: row.product_name,
    itemName: row.item_name,
    price: Number(row.price),
    isApi: row.is_api,
    apiType: row.api_type,
    itemIdArray: row.itemidarray,
  };
}

/**
 * `count` orders like the placed order `orderid` (its buyer, pack and inputs), written in one
 * statement; `each(n, placed)` for n = 1..count gives what sets the n-th apart.
 */
export async function ordersLike(
  app: Pick<TestApp, 'sql'>,
  orderid: string,
  count: number,
  each: (n: number, placed: OrderEntity) => Partial<NewOrder>,
) {
  const { buyer, pack, order } = await partiesOf(app, orderid);
  const like = orderFactory
    .transient({ buyer, pack })
    .params({ input1: order.input1, input2: order.input2 });
  const orders = Array.from({ length: count }, (_, index) => like.build(each(index + 1, order)));
  await insertOrders(app, orders);
  return orders;
}

/** `hours` before `at`. */
export const hoursBefore = (at: Date, hours: number) => new Date(at.getTime() - hours * 3_600_000);
