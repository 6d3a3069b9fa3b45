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
import { randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { textFields } from '../sandbox-input.js';

interface SimOrder {
  order_id: string;
  client_txn_id: string;
  amount: string;
  p_info: string;
  customer_name: string;
  customer_email: string;
  customer_mobile: string;
  redirect_url: string;
  udf1: string;
  udf2: string;
  udf3: string;
  status: string;
  upi_txn_id: string | null;
  customer_vpa: string | null;
  remark: string;
  txn_date: string;
  txn_at: Date | null;
  created_at: Date;
}

const REQUIRED = [
  'key',
  'client_txn_id',
  'amount',
  'p_info',
  'customer_name',
  'customer_email',
  'customer_mobile',
  'redirect_url',
];
/** The longest text each stored field takes (its column's length). */
const FIELD_LENGTHS: Record<string, number> = {
  client_txn_id: 64,
  p_info: 200,
  customer_name: 120,
  customer_email: 254,
  customer_mobile: 10,
  redirect_url: 500,
  udf1: 200,
  udf2: 200,
  udf3: 200,
};
/** Above any amount a UPI payment carries; keeps the stored `0.00` text within its column. */
const MAX_AMOUNT = 1_000_000_000;
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

function istDate(at: Date) {
  const d = new Date(at.getTime() + IST_OFFSET_MS);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

/** The simulator's merchant, as a UPI app shows the payee. */
const PAYEE_VPA = 'zstore@sandbox';
const PAYEE_NAME = 'Z Store';

/**
 * The `upi_intent` links of an order, as UPIGateway sends them: one UPI payment (payee, amount,
 * reference, note) in each app's own scheme, the BHIM one the plain `upi://pay` any UPI app opens.
 */
function upiIntentLinks(orderId: number, amount: string, note: string) {
  const query = new URLSearchParams({
    pa: PAYEE_VPA,
    pn: PAYEE_NAME,
    am: Number(amount).toFixed(2),
    cu: 'INR',
    tr: String(orderId),
    tn: note.slice(0, 50),
  }).toString();
  return {
    bhim_link: `upi://pay?${query}`,
    phonepe_link: `phonepe://pay?${query}`,
    paytm_link: `paytmmp://pay?${query}`,
    gpay_link: `tez://upi/pay?${query}`,
  };
}

const APP_NAMES: Record<string, string> = {
  gpay: 'Google Pay',
  phonepe: 'PhonePe',
  paytm: 'Paytm',
  bhim: 'BHIM',
  any: 'UPI app',
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * UPIGateway's Dynamic QR API as PROVIDERS.md 1 and 6.1 describe it, with its state in
 * PostgreSQL so any instance answers for any order. The payment page fires the webhook to the
 * store (`POST /api/payments/upigateway/webhook`, form-encoded) and then redirects the browser.
 */
@ApiExcludeController()
@Controller('sandbox/upigateway')
export class UpiGatewaySimulator {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(['api/create_order', 'api/v2/create_order'])
  @Public()
  @HttpCode(200)
  async createOrder(@Body() form: unknown, @Req() request: FastifyRequest) {
    const body = textFields(form);
    const field = (name: string) => body[name] ?? '';
    if (field('key') !== this.config.upi.apiKey) return { status: false, msg: 'Invalid API key' };
    if (Object.entries(FIELD_LENGTHS).some(([name, length]) => field(name).length > length)) {
      throw AppError.badRequest(Messages.textTooLong);
    }
    const missing = REQUIRED.find((name) => !field(name).trim());
    if (missing) return { status: false, msg: `${missing} is required` };
    if (!/^\d{10}$/.test(field('customer_mobile'))) {
      return { status: false, msg: 'customer_mobile must be 10 digits' };
    }
    if (!URL.canParse(field('redirect_url'))) return { status: false, msg: 'Invalid redirect_url' };
    const amount = Number(field('amount'));
    if (!/^\d+(\.\d{1,2})?$/.test(field('amount')) || amount <= 0 || amount >= MAX_AMOUNT) {
      return { status: false, msg: 'Invalid amount' };
    }
    const now = this.clock.now();
    const rows: Array<{ order_id: string }> = await this.db.query(
      `INSERT INTO sandbox_upi_orders (client_txn_id, amount, p_info, customer_name, customer_email, customer_mobile,
                                       redirect_url, udf1, udf2, udf3, txn_date, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (client_txn_id) DO NOTHING RETURNING order_id`,
      [
        field('client_txn_id'),
        Number(field('amount')).toFixed(2),
        field('p_info'),
        field('customer_name'),
        field('customer_email'),
        field('customer_mobile'),
        field('redirect_url'),
        field('udf1'),
        field('udf2'),
        field('udf3'),
        istDate(now),
        now,
      ],
    );
    if (!rows[0]) return { status: false, msg: 'Duplicate client_txn_id' };
    const orderId = Number(rows[0].order_id);
    const paymentUrl = `${this.origin(request)}/sandbox/upigateway/pay/${orderId}`;
    return {
      status: true,
      msg: 'Order Created',
      data: {
        order_id: orderId,
        payment_url: paymentUrl,
        upi_id_hash: Buffer.from(`sandbox@upi:${orderId}`).toString('base64'),
        upi_intent: upiIntentLinks(orderId, field('amount'), field('p_info')),
        ...(request.url.includes('/v2/') ? { session_id: `sess_${orderId}` } : {}),
      },
    };
  }

  @Post('api/check_order_status')
  @Public()
  @HttpCode(200)
  async checkStatus(@Body() form: unknown) {
    const body = textFields(form);
    if ((body.key ?? '') !== this.config.upi.apiKey) {
      return { status: false, msg: 'Invalid API key' };
    }
    if (!body.client_txn_id || !body.txn_date) {
      return { status: false, msg: 'client_txn_id and txn_date are required' };
    }
    const order = await this.find(body.client_txn_id);
    if (!order || order.txn_date !== body.txn_date) {
      return { status: false, msg: 'Record not found', code: 1610 };
    }
    return { status: true, msg: 'Transaction found', data: this.statusData(order) };
  }

  /** The payment page: opening it marks the order `scanning`. */
  @Get('pay/:orderId')
  @Public()
  async page(@Param('orderId') orderId: string, @Res() reply: FastifyReply) {
    const order = await this.findById(orderId);
    if (!order) return reply.status(404).type('text/plain').send('Unknown payment');
    await this.markScanning(order);
    const form = (action: string, label: string) =>
      `<form method="post" action="/sandbox/upigateway/pay/${order.order_id}/${action}"><button type="submit" name="action" value="${action}">${label}</button></form>`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>UPI sandbox payment</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
form{display:inline-block;margin:.25rem}button{font-size:1rem;padding:.6rem 1.2rem}</style></head><body>
<h1>Sandbox UPI payment</h1><p>${escapeHtml(order.p_info)}</p><p><strong>&#8377;${escapeHtml(order.amount)}</strong> to Z Store</p>
<p>Order ${escapeHtml(order.client_txn_id)}, status ${escapeHtml(order.status)}</p>
${form('pay', 'Pay')}${form('fail', 'Fail')}${form('leave', 'Leave')}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  }

  @Post('pay/:orderId/:action')
  @Public()
  async pageAction(
    @Param('orderId') orderId: string,
    @Param('action') action: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const order = await this.findById(orderId);
    if (!order) return reply.status(404).type('text/plain').send('Unknown payment');
    if (action === 'pay' || action === 'fail') {
      const settled = await this.settle(order.client_txn_id, action);
      if (settled) await this.fireWebhook(request, settled, 1);
    }
    const target = new URL(order.redirect_url);
    target.searchParams.set('client_txn_id', order.client_txn_id);
    target.searchParams.set('txn_id', order.order_id);
    return reply.status(302).header('location', target.toString()).send();
  }

  /**
   * The UPI app a phone opens for an intent link (`?app=gpay&pa=...&am=...&tr=<order_id>`): the
   * payee and amount the link carries, and Pay, Fail and Leave. Opening it marks the order
   * `scanning`; paying fires the webhook, and the app then says so (the store's own tab follows
   * by itself, as it does when a real app returns).
   */
  @Get('app')
  @Public()
  async app(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply) {
    const params = textFields(query);
    const order = await this.findById(params.tr ?? '');
    if (!order || params.pa !== PAYEE_VPA || Number(params.am) !== Number(order.amount)) {
      return reply.status(404).type('text/plain').send('Unknown payment');
    }
    await this.markScanning(order);
    const app = APP_NAMES[params.app ?? ''] ? params.app! : 'any';
    const buttons = ['pay', 'fail', 'leave']
      .map(
        (action) =>
          `<form method="post" action="/sandbox/upigateway/app/${order.order_id}/${action}"><input type="hidden" name="app" value="${app}"><button type="submit">${action[0].toUpperCase()}${action.slice(1)}</button></form>`,
      )
      .join('');
    return reply.type('text/html; charset=utf-8').send(
      this.appPage(
        app,
        `<p>Pay <strong>&#8377;${escapeHtml(order.amount)}</strong> to ${escapeHtml(params.pn ?? PAYEE_NAME)}</p>
<p class="vpa">${escapeHtml(PAYEE_VPA)}</p><p>${escapeHtml(params.tn ?? order.p_info)}</p>${buttons}`,
      ),
    );
  }

  @Post('app/:orderId/:action')
  @Public()
  async appAction(
    @Param('orderId') orderId: string,
    @Param('action') action: string,
    @Body() form: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const order = await this.findById(orderId);
    if (!order) return reply.status(404).type('text/plain').send('Unknown payment');
    const app = textFields(form).app ?? 'any';
    let outcome = 'You left without paying. The payment is still waiting in the store.';
    if (action === 'pay' || action === 'fail') {
      const settled = await this.settle(order.client_txn_id, action);
      if (settled) await this.fireWebhook(request, settled, 1);
      const now = settled ?? this.statusData(order);
      outcome =
        now.status === 'success'
          ? `Payment successful. UPI reference ${escapeHtml(now.upi_txn_id)}.`
          : `Payment ${now.status === 'failure' ? 'failed' : escapeHtml(now.status)}.`;
    }
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .send(
        this.appPage(
          APP_NAMES[app] ? app : 'any',
          `<p role="status">${outcome}</p><p>Go back to the store.</p>`,
        ),
      );
  }

  private appPage(app: string, body: string) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${APP_NAMES[app]} (sandbox)</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
form{display:inline-block;margin:.25rem}button{font-size:1rem;padding:.6rem 1.2rem}.vpa{color:#555}</style></head><body>
<h1>${APP_NAMES[app]} (sandbox)</h1>${body}</body></html>`;
  }

  private async markScanning(order: SimOrder) {
    await this.db.query(
      `UPDATE sandbox_upi_orders SET status = 'scanning' WHERE order_id = $1 AND status = 'created'`,
      [order.order_id],
    );
    if (order.status === 'created') order.status = 'scanning';
  }

  /** Test control: settle an order without a browser; `webhook=skip` sends none, `duplicates=n` sends n. */
  @Post('orders/:clientTxnId/:action')
  @Public()
  @HttpCode(200)
  async control(
    @Param('clientTxnId') clientTxnId: string,
    @Param('action') action: string,
    @Query() query: Record<string, string>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (action === 'webhook') {
      const order = await this.find(clientTxnId);
      if (!order) return reply.status(404).send({ status: false, msg: 'Record not found' });
      const data = this.statusData(order);
      if (query.amount) data.amount = Number(query.amount);
      await this.fireWebhook(request, data, 1);
      return reply.send({ status: true, data });
    }
    if (action !== 'pay' && action !== 'fail') {
      return reply.status(404).send({ status: false, msg: 'Unknown action' });
    }
    const settled = await this.settle(clientTxnId, action);
    if (!settled) {
      return reply.status(409).send({ status: false, msg: 'Order is not awaiting payment' });
    }
    const copies =
      query.webhook === 'skip' ? 0 : Math.min(10, Math.max(1, Number(query.duplicates ?? 1)));
    await this.fireWebhook(request, settled, copies);
    return reply.send({ status: true, data: settled });
  }

  private async settle(clientTxnId: string, action: 'pay' | 'fail') {
    const order = await this.find(clientTxnId);
    if (!order || !['created', 'scanning'].includes(order.status)) return undefined;
    const now = this.clock.now();
    const rows: SimOrder[] =
      action === 'pay'
        ? (
            await this.db.query<[SimOrder[], number]>(
              `UPDATE sandbox_upi_orders SET status = 'success', upi_txn_id = $2, customer_vpa = 'sandbox.payer@okaxis',
                 txn_at = $3, remark = 'Transaction successful'
               WHERE client_txn_id = $1 AND status IN ('created', 'scanning') RETURNING *`,
              [
                clientTxnId,
                String(randomInt(100_000, 1_000_000)) + String(randomInt(100_000, 1_000_000)),
                now,
              ],
            )
          )[0]
        : (
            await this.db.query<[SimOrder[], number]>(
              `UPDATE sandbox_upi_orders SET status = 'failure', txn_at = $2, remark = 'Payment declined by the payer'
               WHERE client_txn_id = $1 AND status IN ('created', 'scanning') RETURNING *`,
              [clientTxnId, now],
            )
          )[0];
    return rows[0] ? this.statusData(rows[0]) : undefined;
  }

  /** Orders left unpaid past the expiry become `failure` when next read. */
  private async expire(order: SimOrder): Promise<SimOrder> {
    if (!['created', 'scanning'].includes(order.status)) return order;
    if (
      this.clock.now().getTime() - new Date(order.created_at).getTime() <
      this.config.upi.sandboxExpireMs
    ) {
      return order;
    }
    const [rows] = await this.db.query<[SimOrder[], number]>(
      `UPDATE sandbox_upi_orders SET status = 'failure', remark = 'Transaction expired'
       WHERE order_id = $1 AND status IN ('created', 'scanning') RETURNING *`,
      [order.order_id],
    );
    return rows[0] ?? order;
  }

  private async find(clientTxnId: string) {
    const rows: SimOrder[] = await this.db.query(
      'SELECT * FROM sandbox_upi_orders WHERE client_txn_id = $1',
      [clientTxnId],
    );
    return rows[0] ? this.expire(rows[0]) : undefined;
  }

  private async findById(orderId: string) {
    if (!/^\d{1,12}$/.test(orderId)) return undefined;
    const rows: SimOrder[] = await this.db.query(
      'SELECT * FROM sandbox_upi_orders WHERE order_id = $1',
      [orderId],
    );
    return rows[0] ? this.expire(rows[0]) : undefined;
  }

  private statusData(order: SimOrder) {
    return {
      id: Number(order.order_id),
      customer_vpa: order.customer_vpa ?? '',
      amount: Number(order.amount),
      client_txn_id: order.client_txn_id,
      customer_name: order.customer_name,
      customer_email: order.customer_email,
      customer_mobile: order.customer_mobile,
      p_info: order.p_info,
      upi_txn_id: order.upi_txn_id ?? '',
      status: order.status,
      remark: order.remark,
      udf1: order.udf1,
      udf2: order.udf2,
      udf3: order.udf3,
      redirect_url: order.redirect_url,
      txnAt: order.txn_at ? new Date(order.txn_at).toISOString() : '',
      createdAt: new Date(order.created_at).toISOString(),
      Merchant: { name: 'Z Store', upi_id: 'zstore@sandbox' },
    };
  }

  /** Form-encoded POST of every field to the store, as UPIGateway does (no signature). */
  private async fireWebhook(
    request: FastifyRequest,
    data: ReturnType<UpiGatewaySimulator['statusData']>,
    copies: number,
  ) {
    const url = `http://127.0.0.1:${request.socket.localPort}/api/payments/upigateway/webhook`;
    const { Merchant: _merchant, ...fields } = data;
    const form = new URLSearchParams(
      Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    for (let i = 0; i < copies; i += 1) {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        // The store may hold a webhook until its payment's check window ends; the gateway waits.
        signal: AbortSignal.timeout(
          Math.max(
            this.config.providerTimeoutMs,
            this.config.rateLimits.paymentCheck.windowMs + 2_000,
          ),
        ),
      }).catch(() => undefined);
    }
  }

  private origin(request: FastifyRequest) {
    if (!/:0$/.test(this.config.publicUrl)) return this.config.publicUrl;
    return `http://${request.headers.host ?? `127.0.0.1:${request.socket.localPort}`}`;
  }
}
