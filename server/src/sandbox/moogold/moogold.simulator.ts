import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { moogoldAuth } from '../../providers/moogold/moogold.adapter.js';
import {
  answerEarlyFault,
  answerLateFault,
  SupplierControls,
  type FaultSettings,
} from '../suppliers/supplier-controls.service.js';
import { hold, rawBodyOf } from '../suppliers/http-hooks.js';
import {
  deliveryOf,
  genericPlayerValid,
  HOLD_MS,
  roleOf,
  SETTLE_MS,
} from '../suppliers/test-players.js';

interface SimProduct {
  name: string;
  fields: string[];
  variations: Record<string, [name: string, usd: number]>;
}

/** The Direct Top-up products (list category 50) the store sells through MooGold. */
const PRODUCTS: Record<string, SimProduct> = {
  '15145': {
    name: 'Mobile Legends',
    fields: ['User ID', 'Server ID'],
    variations: {
      '15146': ['86 Diamonds', 1.49],
      '15147': ['172 Diamonds', 2.95],
      '15148': ['257 Diamonds', 4.39],
      '15149': ['344 Diamonds', 5.89],
      '15150': ['706 Diamonds', 11.79],
      '15151': ['Weekly Diamond Pass', 1.59],
    },
  },
  '428075': {
    name: 'Genshin Impact',
    fields: ['User ID', 'Server'],
    variations: {
      '4690540': ['Blessing of the Welkin Moon', 4.49],
      '4690541': ['60 Genesis Crystals', 0.89],
      '4690542': ['300 + 30 Genesis Crystals', 4.49],
      '4690543': ['980 + 110 Genesis Crystals', 13.49],
      '4690544': ['1980 + 260 Genesis Crystals', 26.99],
    },
  },
  '5177311': {
    name: 'Honor of Kings',
    fields: ['Player ID'],
    variations: {
      '5177311': ['80 Tokens', 0.99],
      '5177312': ['240 Tokens', 2.89],
      '5177313': ['400 Tokens', 4.79],
      '5177314': ['800 Tokens', 9.49],
    },
  },
};
const GENSHIN_SERVERS: Record<string, string> = {
  os_usa: 'America',
  os_euro: 'Europe',
  os_asia: 'Asia',
  os_cht: 'TW, HK, MO',
};
const MAX_SKEW_S = 300;

/** Error answers (PROVIDERS.md 3.3; the HTTP statuses are a guess, section 7). */
export const MooGoldSimErrors = {
  credentials: [401, '401', 'Invalid partner id or secret key'],
  timestamp: [403, '403', 'Invalid or expired timestamp'],
  signature: [403, '403', 'Invalid auth signature'],
  path: [400, '418', 'Path mismatch'],
  productMissing: [400, '113', 'Product id is missing'],
  quantity: [400, '116', 'Quantity cannot be more than 10'],
  product: [400, '422', 'Invalid product id'],
  category: [400, '422', 'Invalid category'],
  field: [400, '400', 'Missing required field'],
  duplicate: [400, '420', 'Duplicate partner order id'],
  balance: [400, '111', 'Insufficient balance'],
  notFound: [404, '404', 'Order not found'],
} as const;

interface SimOrder {
  order_id: string;
  partner_order_id: string | null;
  product_id: string;
  variation_id: string;
  quantity: number;
  player_id: string;
  server_id: string;
  price: string;
  status: string;
  outcome: string;
  settle_at: Date;
  created_at: Date;
}

/** A `partnerOrderId` MooGold already holds (error 420). */
class DuplicateReference extends Error {}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

function productOfVariation(id: string): [string, SimProduct] | undefined {
  return Object.entries(PRODUCTS).find(([, product]) => id in product.variations);
}

/**
 * MooGold's partner API (PROVIDERS.md 3 and 6.3) under `/sandbox/moogold/wp-json/v1/api`:
 * Basic auth, a fresh `timestamp`, the `auth` HMAC over the raw body bytes + timestamp + path,
 * and `path` repeated in the body, checked in that order. Orders take our `partnerOrderId`,
 * start `processing` and settle after about a second (`...13` players are refunded).
 * Over 300 lines as one controller on purpose: it stands in for the whole partner API, so its
 * routes and their checks read together, in the order the real API applies them.
 */
@ApiExcludeController()
@Controller('sandbox/moogold')
export class MooGoldSimulator {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly controls: SupplierControls,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('wp-json/v1/api/:group/:name')
  @Public()
  @HttpCode(200)
  async api(
    @Param('group') group: string,
    @Param('name') name: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const path = `${group}/${name}`;
    const { fault, delayMs } = await this.controls.take('moogold', path);
    await hold(request, reply, delayMs);
    if (answerEarlyFault(reply, fault, path === 'order/create_order')) return;
    const error = (entry: readonly [number, string, string], detail?: string) =>
      reply
        .status(entry[0])
        .send({ err_code: entry[1], err_message: detail ? `${entry[2]}: ${detail}` : entry[2] });

    const { partnerId, secret } = this.config.moogold;
    const expected = `Basic ${Buffer.from(`${partnerId}:${secret}`).toString('base64')}`;
    if (!same(String(request.headers.authorization ?? ''), expected)) {
      return error(MooGoldSimErrors.credentials);
    }
    const timestamp = String(request.headers.timestamp ?? '');
    // The supplier's own clock, never the store's: a store whose clock is off is refused.
    const now = Math.floor(Date.now() / 1000);
    if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MAX_SKEW_S) {
      return error(MooGoldSimErrors.timestamp);
    }
    const raw = rawBodyOf(request) ?? '';
    if (!same(String(request.headers.auth ?? ''), moogoldAuth(secret, raw, timestamp, path))) {
      return error(MooGoldSimErrors.signature);
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return error(MooGoldSimErrors.path);
    }
    if (body?.path !== path) return error(MooGoldSimErrors.path);

    switch (path) {
      case 'order/create_order':
        return this.createOrder(body, fault, request, reply, error);
      case 'order/order_detail':
      case 'order/order_detail_partner_id': {
        const order =
          path === 'order/order_detail'
            ? await this.find('order_id', String(Number(body.order_id) || 0))
            : await this.find('partner_order_id', String(body.partner_order_id ?? ''));
        if (!order) return error(MooGoldSimErrors.notFound);
        return reply.send(this.detail(order, path === 'order/order_detail_partner_id'));
      }
      case 'product/list_product':
        return reply.send(
          Number(body.category_id) === 50
            ? Object.entries(PRODUCTS).map(([id, product]) => ({
                ID: id,
                post_title: product.name,
              }))
            : [],
        );
      case 'product/product_detail': {
        const product = PRODUCTS[String(body.product_id)];
        if (!product) return error(MooGoldSimErrors.product);
        return reply.send({
          Product_Name: product.name,
          Image_URL: '',
          Variation: Object.entries(product.variations).map(([id, [variation, usd]]) => ({
            variation_name: `${product.name} - ${variation}`,
            variation_id: Number(id),
            variation_price: usd,
          })),
          fields: product.fields,
        });
      }
      case 'product/server_list':
        return reply.send(String(body.product_id) === '428075' ? GENSHIN_SERVERS : {});
      case 'product/validate':
        return this.validate(body, reply);
      case 'user/balance':
        return reply.send({
          currency: 'USD',
          balance: Number(await this.controls.balance('moogold', 'USD')).toFixed(2),
        });
      default:
        return reply.status(404).send({
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        });
    }
  }

  /** Test control: the orders taken, oldest first, settled as of now. */
  @Get('orders')
  @Public()
  async orders(
    @Query('partnerOrderId') partnerOrderId?: string,
    @Query('playerId') playerId?: string,
  ) {
    await this.settleDue();
    const rows: SimOrder[] = await this.txHost.tx.query(
      `SELECT * FROM sandbox_moogold_orders
       WHERE ($1::text IS NULL OR partner_order_id = $1 OR partner_order_id LIKE $1 || '-%')
         AND ($2::text IS NULL OR player_id = $2)
       ORDER BY order_id`,
      [partnerOrderId ?? null, playerId ?? null],
    );
    return {
      orders: rows.map((row) => ({
        order_id: String(row.order_id),
        partner_order_id: row.partner_order_id,
        variation_id: row.variation_id,
        quantity: row.quantity,
        player_id: row.player_id,
        server_id: row.server_id,
        price: row.price,
        status: row.status,
        created_at: row.created_at,
      })),
    };
  }

  /** Test control: `{ fault?, endpoint?, delayMs?, count? }`; `{}` clears. */
  @Post('faults')
  @Public()
  @HttpCode(200)
  faults(@Body() body: FaultSettings) {
    return this.controls.setFaults('moogold', body ?? {});
  }

  /** Test control: `{ enabled }` turns `product/validate` on or off for the account. */
  @Post('validate')
  @Public()
  @HttpCode(200)
  async setValidate(@Body() body: { enabled?: boolean }) {
    await this.controls.setValidateEnabled(body?.enabled !== false);
    return { enabled: body?.enabled !== false };
  }

  @Get('balances')
  @Public()
  balances() {
    return this.controls.balances('moogold');
  }

  /** Test control: `{ balance }` in USD. */
  @Post('balances')
  @Public()
  @HttpCode(200)
  async setBalance(@Body() body: { balance?: number }) {
    await this.controls.setBalance('moogold', 'USD', Number(body?.balance) || 0);
    return this.controls.balances('moogold');
  }

  private async createOrder(
    body: Record<string, unknown>,
    fault: Parameters<typeof answerLateFault>[2],
    request: FastifyRequest,
    reply: FastifyReply,
    error: (entry: readonly [number, string, string], detail?: string) => unknown,
  ) {
    const data = (body.data ?? {}) as Record<string, unknown>;
    const variationId = String(data['product-id'] ?? '');
    if (!variationId) return error(MooGoldSimErrors.productMissing);
    if (![1, 50].includes(Number(data.category))) return error(MooGoldSimErrors.category);
    const found = productOfVariation(variationId);
    if (!found) return error(MooGoldSimErrors.product);
    const [productId, product] = found;
    const quantity = Number(data.quantity ?? 1);
    if (!Number.isInteger(quantity) || quantity < 1) {
      return error(MooGoldSimErrors.field, 'quantity');
    }
    if (quantity > 10) return error(MooGoldSimErrors.quantity);
    const missing = product.fields.find((field) => !String(data[field] ?? '').trim());
    if (missing) return error(MooGoldSimErrors.field, missing);
    const playerId = String(data[product.fields[0]]);
    const serverId = product.fields[1] ? String(data[product.fields[1]]) : '';
    const partnerOrderId = body.partnerOrderId ? String(body.partnerOrderId).slice(0, 64) : null;
    const price = product.variations[variationId][1] * quantity;
    const delivery = deliveryOf(playerId);
    const now = this.clock.now();

    const outcome = await this.txHost
      .withTransaction(async () => {
        if (!(await this.controls.debit('moogold', 'USD', price))) return 'balance';
        const rows = await this.txHost.tx.query<Array<{ order_id: string }>>(
          `INSERT INTO sandbox_moogold_orders (partner_order_id, product_id, variation_id, quantity, player_id, server_id,
                                             price, outcome, settle_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (partner_order_id) DO NOTHING RETURNING order_id::text AS order_id`,
          [
            partnerOrderId,
            productId,
            variationId,
            quantity,
            playerId,
            serverId,
            price.toFixed(2),
            delivery === 'refused' ? 'refunded' : 'completed',
            new Date(now.getTime() + SETTLE_MS),
            now,
          ],
        );
        if (rows[0]) return { orderId: rows[0].order_id };
        // The reference is taken: throwing rolls the debit back with the transaction.
        throw new DuplicateReference();
      })
      .catch((failure: unknown) => {
        if (failure instanceof DuplicateReference) return 'duplicate' as const;
        throw failure;
      });
    if (outcome === 'duplicate') return error(MooGoldSimErrors.duplicate);
    if (outcome === 'balance') return error(MooGoldSimErrors.balance);

    if (await answerLateFault(request, reply, fault)) return;
    if (delivery === 'held') await hold(request, reply, HOLD_MS);
    if (request.raw.socket?.destroyed) return;
    return reply.send({
      status: true,
      message: 'Order has been created successfully',
      account_details: { player_id: playerId, server_id: serverId, order_id: outcome.orderId },
    });
  }

  private async validate(body: Record<string, unknown>, reply: FastifyReply) {
    if (!(await this.controls.validateEnabled())) {
      return reply.status(404).send({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
    }
    const data = (body.data ?? {}) as Record<string, unknown>;
    const id = String(data['product-id'] ?? '');
    const found = PRODUCTS[id] ? ([id, PRODUCTS[id]] as const) : productOfVariation(id);
    if (!found) return reply.send({ status: false, message: 'Invalid product id' });
    const [productId, product] = found;
    const field = (name: string) => String(data[name] ?? '').trim();
    const missing = product.fields.find((name) => !field(name));
    if (missing) return reply.send({ status: false, message: `${missing} is required` });
    if (productId === '15145') {
      const role = roleOf(field('User ID'), field('Server ID'), 'PH');
      return reply.send(
        role.ok
          ? { status: true, message: 'Validation successful', username: role.username }
          : { status: false, message: role.message },
      );
    }
    const playerId = field(product.fields[0]);
    if (!genericPlayerValid(playerId)) {
      return reply.send({ status: false, message: 'Invalid player id' });
    }
    if (productId === '428075' && !(field('Server') in GENSHIN_SERVERS)) {
      return reply.send({ status: false, message: 'Invalid server' });
    }
    return reply.send({
      status: true,
      message: 'Validation successful',
      username: `Player${playerId.slice(-4)}`,
    });
  }

  private async find(column: 'order_id' | 'partner_order_id', value: string) {
    if (!value || (column === 'order_id' && value === '0')) return undefined;
    await this.settleDue();
    const rows: SimOrder[] = await this.txHost.tx.query(
      `SELECT * FROM sandbox_moogold_orders WHERE ${column} = $1`,
      [column === 'order_id' ? Number(value) : value],
    );
    return rows[0];
  }

  /** Orders whose processing time is over take their outcome; refunds credit the balance back. */
  private async settleDue() {
    await this.txHost.withTransaction(async () => {
      const [rows] = await this.txHost.tx.query<
        [Array<{ outcome: string; price: string }>, number]
      >(
        `UPDATE sandbox_moogold_orders SET status = outcome
         WHERE status = 'processing' AND settle_at <= $1 RETURNING outcome, price`,
        [this.clock.now()],
      );
      const refunded = rows
        .filter((row) => row.outcome === 'refunded')
        .reduce((sum, row) => sum + Number(row.price), 0);
      if (refunded > 0) await this.controls.credit('moogold', 'USD', refunded);
    });
  }

  private detail(order: SimOrder, withPartnerId: boolean) {
    const created = new Date(order.created_at);
    return {
      order_id: String(order.order_id),
      ...(withPartnerId ? { partner_order_id: order.partner_order_id } : {}),
      date_created: {
        date: created.toISOString().replace('T', ' ').replace('Z', '000'),
        timezone_type: 3,
        timezone: 'UTC',
      },
      order_status: order.status,
      item: [
        {
          product: PRODUCTS[order.product_id]?.name ?? '',
          variation_id: order.variation_id,
          quantity: String(order.quantity),
          price: order.price,
          player_id: order.player_id,
          server_id: order.server_id,
          voucher_code: [],
        },
      ],
      total: order.price,
    };
  }
}
