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
import { smileSign } from '../../providers/smileone/smileone.adapter.js';
import {
  answerEarlyFault,
  answerLateFault,
  SupplierControls,
  type FaultSettings,
} from '../suppliers/supplier-controls.service.js';
import { hold } from '../suppliers/http-hooks.js';
import { deliveryOf, HOLD_MS, PAIR_NOT_FOUND, roleOf } from '../suppliers/test-players.js';

type Region = 'SMILEBR' | 'SMILEPH';

/** Error answers for what the docs leave unworded (PROVIDERS.md 7); all HTTP 200. */
export const SmileSimErrors = {
  missing: 10004,
  merchant: { code: 10003, message: 'Merchant does not exist' },
  expired: { code: 10002, message: 'Request expired, please check the time parameter' },
  sign: { code: 10001, message: 'Sign error' },
  product: { code: 20005, message: 'Product does not exist' },
  balance: { code: 20010, message: 'Insufficient smile points balance' },
  endpoint: { code: 404, message: 'API not found' },
};

/** Smile.one's MLBB catalogues: id, diamonds as `paid&bonus`, price in the region's currency. */
const CATALOGUE: Record<Region, Array<[id: string, spu: string, price: number]>> = {
  SMILEBR: [
    ['13', 'mobilelegends BR 78&8 Diamond', 6.25],
    ['14', 'mobilelegends BR 156&16 Diamond', 12.5],
    ['15', 'mobilelegends BR 234&23 Diamond', 18.75],
    ['16', 'mobilelegends BR 312&32 Diamond', 25],
    ['17', 'mobilelegends BR 625&81 Diamond', 50],
    ['23', 'mobilelegends BR 156&16 Diamond', 12.5],
    ['25', 'mobilelegends BR 234&23 Diamond', 18.75],
    ['26', 'mobilelegends BR 625&81 Diamond', 50],
    ['27', 'mobilelegends BR 1860&335 Diamond', 150],
    ['28', 'mobilelegends BR 3099&589 Diamond', 250],
    ['29', 'mobilelegends BR 4649&883 Diamond', 375],
    ['30', 'mobilelegends BR 7740&1548 Diamond', 625],
    ['33', 'mobilelegends BR Twilight Pass', 45],
    ['103', 'mobilelegends BR Weekly Diamond Pass', 8.5],
    ['108', 'mobilelegends BR Twilight Pass', 45],
    ['16642', 'mobilelegends BR Weekly Diamond Pass', 8.5],
    ['22590', 'mobilelegends BR 50&5 First Recharge', 4.5],
    ['22591', 'mobilelegends BR 150&15 First Recharge', 13.5],
    ['22592', 'mobilelegends BR 250&25 First Recharge', 22.5],
    ['22593', 'mobilelegends BR 500&65 First Recharge', 45],
  ],
  SMILEPH: [
    ['212', 'mobilelegends PH 78&8 Diamond', 60],
    ['213', 'mobilelegends PH 156&16 Diamond', 120],
    ['214', 'mobilelegends PH 234&23 Diamond', 180],
    ['215', 'mobilelegends PH 312&32 Diamond', 240],
    ['216', 'mobilelegends PH 625&81 Diamond', 480],
    ['217', 'mobilelegends PH 1860&335 Diamond', 1440],
    ['218', 'mobilelegends PH 3099&589 Diamond', 2400],
    ['219', 'mobilelegends PH 4649&883 Diamond', 3600],
    ['220', 'mobilelegends PH 7740&1548 Diamond', 6000],
    ['221', 'mobilelegends PH 50&5 First Recharge', 45],
    ['302', 'mobilelegends PH Weekly Diamond Pass', 85],
    ['307', 'mobilelegends PH Twilight Pass', 450],
    ['16641', 'mobilelegends PH Weekly Diamond Pass', 85],
  ],
};

const ENDPOINTS = new Set([
  'querypoints',
  'productlist',
  'product',
  'getserver',
  'getrole',
  'createorder',
]);
const MAX_SKEW_S = 300;

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Smile.one's reseller API (PROVIDERS.md 2 and 6.2) under `/sandbox/smileone`: `/smilecoin/api`
 * and `/br/...` answer for the Brazilian catalogue, `/ph/...` for the Philippine one. Signed
 * calls only; every `createorder` is a new purchase. The DESIGN section 9 test players decide
 * check-id answers and purchases; test controls set faults and balances and list the orders.
 */
@ApiExcludeController()
@Controller('sandbox/smileone')
export class SmileOneSimulator {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly controls: SupplierControls,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('smilecoin/api/:name')
  @Public()
  @HttpCode(200)
  brazil(
    @Param('name') name: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.handle('SMILEBR', name, body, request, reply);
  }

  @Post(':region/smilecoin/api/:name')
  @Public()
  @HttpCode(200)
  regional(
    @Param('region') region: string,
    @Param('name') name: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (region !== 'br' && region !== 'ph') {
      return reply.status(404).type('text/html').send('<html><body>Not Found</body></html>');
    }
    return this.handle(region === 'ph' ? 'SMILEPH' : 'SMILEBR', name, body, request, reply);
  }

  /** Test control: the purchases taken, newest last; `userid` and `region` filter. */
  @Get('orders')
  @Public()
  async orders(@Query('userid') userid?: string, @Query('region') region?: string) {
    const rows: Array<Record<string, unknown>> = await this.txHost.tx.query(
      `SELECT id::text AS order_id, region, userid, zoneid, product, productid, price::text AS price, created_at
       FROM sandbox_smileone_orders
       WHERE ($1::text IS NULL OR userid = $1) AND ($2::text IS NULL OR region = $2)
       ORDER BY id`,
      [userid ?? null, region ? region.toUpperCase() : null],
    );
    return { orders: rows };
  }

  /** Test control: `{ fault?, endpoint?, delayMs?, count? }`; `{}` clears. */
  @Post('faults')
  @Public()
  @HttpCode(200)
  faults(@Body() body: FaultSettings) {
    return this.controls.setFaults('smileone', body ?? {});
  }

  @Get('balances')
  @Public()
  balances() {
    return this.controls.balances('smileone');
  }

  /** Test control: `{ region: 'SMILEBR' | 'SMILEPH', points }`. */
  @Post('balances')
  @Public()
  @HttpCode(200)
  async setBalance(@Body() body: { region?: string; points?: number }) {
    const region = body?.region === 'SMILEPH' ? 'SMILEPH' : 'SMILEBR';
    await this.controls.setBalance('smileone', region, Number(body?.points) || 0);
    return this.controls.balances('smileone');
  }

  private async handle(
    region: Region,
    name: string,
    rawBody: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const { fault, delayMs } = await this.controls.take('smileone', name);
    await hold(request, reply, delayMs);
    if (answerEarlyFault(reply, fault, name === 'createorder')) return;
    const fail = (error: { code: number; message: string }) =>
      reply.send({ status: error.code, message: error.message });

    if (!ENDPOINTS.has(name)) return fail(SmileSimErrors.endpoint);
    const params = this.params(rawBody);
    for (const field of ['uid', 'email', 'time', 'sign']) {
      if (!params[field]) {
        return fail({ code: SmileSimErrors.missing, message: `${field} is required` });
      }
    }
    const { uid, email, key } = this.config.smileone;
    if (params.uid !== uid || params.email !== email) return fail(SmileSimErrors.merchant);
    // The supplier's own clock, never the store's: a store whose clock is off is refused.
    const now = Math.floor(Date.now() / 1000);
    if (!/^\d+$/.test(params.time) || Math.abs(now - Number(params.time)) > MAX_SKEW_S) {
      return fail(SmileSimErrors.expired);
    }
    if (!same(smileSign(params, key), params.sign.toLowerCase())) return fail(SmileSimErrors.sign);

    switch (name) {
      case 'querypoints': {
        const points = Number(await this.controls.balance('smileone', region));
        return reply.send({ status: 200, message: 'success', smile_points: points.toFixed(1) });
      }
      case 'productlist':
      case 'product':
        return reply.send({
          status: 200,
          message: 'success',
          data: {
            product: CATALOGUE[region].map(([id, spu, price]) => ({
              id,
              spu,
              price: price.toFixed(2),
              cost_price: (price * 0.95).toFixed(2),
              discount: '0.95',
            })),
          },
        });
      case 'getserver':
        return reply.send({ status: 200, message: 'success', data: { server: [] } });
      case 'getrole': {
        if (!params.userid || !params.zoneid || !params.productid) {
          return fail({
            code: SmileSimErrors.missing,
            message: 'userid, zoneid and productid are required',
          });
        }
        if (!this.price(region, params.productid)) return fail(SmileSimErrors.product);
        const role = roleOf(params.userid, params.zoneid, region === 'SMILEPH' ? 'PH' : 'BR');
        if (!role.ok) return fail(role);
        return reply.send({
          status: 200,
          message: 'success',
          username: role.username,
          zone: role.zone,
          change_price: '1',
          use: role.use,
          id_change_price_info: [{ product_id: Number(params.productid), change_price: '1' }],
        });
      }
      default:
        return this.createOrder(region, params, fault, request, reply);
    }
  }

  private async createOrder(
    region: Region,
    params: Record<string, string>,
    fault: Parameters<typeof answerLateFault>[2],
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const fail = (error: { code: number; message: string }) =>
      reply.send({ status: error.code, message: error.message });
    if (!params.userid || !params.zoneid || !params.productid) {
      return fail({
        code: SmileSimErrors.missing,
        message: 'userid, zoneid and productid are required',
      });
    }
    const price = this.price(region, params.productid);
    if (!price) return fail(SmileSimErrors.product);
    const role = roleOf(params.userid, params.zoneid, region === 'SMILEPH' ? 'PH' : 'BR');
    if (!role.ok) return fail(role);
    const delivery = deliveryOf(params.userid);
    if (delivery === 'refused') return fail(PAIR_NOT_FOUND);

    const orderId = await this.txHost.withTransaction(async () => {
      if (!(await this.controls.debit('smileone', region, price))) return undefined;
      const [row] = await this.txHost.tx.query<Array<{ id: string }>>(
        `INSERT INTO sandbox_smileone_orders (region, userid, zoneid, product, productid, price, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
        [
          region,
          params.userid,
          params.zoneid,
          params.product || 'mobilelegends',
          params.productid,
          price.toFixed(2),
          this.clock.now(),
        ],
      );
      return row.id;
    });
    if (!orderId) return fail(SmileSimErrors.balance);

    if (await answerLateFault(request, reply, fault)) return;
    if (delivery === 'held') await hold(request, reply, HOLD_MS);
    if (request.raw.socket?.destroyed) return;
    return reply.send({ status: 200, message: 'success', order_id: orderId });
  }

  private price(region: Region, productid: string) {
    return CATALOGUE[region].find(([id]) => id === productid)?.[2];
  }

  /** Form fields or JSON, every value as the string that was signed. */
  private params(body: unknown): Record<string, string> {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
    return Object.fromEntries(
      Object.entries(body as Record<string, unknown>)
        .filter(([, value]) => value !== undefined && value !== null && typeof value !== 'object')
        .map(([name, value]) => [name, String(value)]),
    );
  }
}
