import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { ClockSkew } from '../../common/clock-skew.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ProviderUrls } from '../provider-urls.js';
import {
  ClockSkewed,
  SupplierRefusal,
  SupplierUnavailable,
  SupplierUnknownOutcome,
  supplierPost,
} from '../supplier-http.js';

const PROVIDER = 'moogold';

/** `auth` header: hex HMAC-SHA256, keyed with the secret, over body + timestamp + path. */
export function moogoldAuth(secret: string, body: string, timestamp: string, path: string) {
  return createHmac('sha256', secret).update(`${body}${timestamp}${path}`, 'utf8').digest('hex');
}

/** The store's MooGold api types, each a product with its own account fields. */
export type MooGoldApiType = 'MOOGOLDMLBB' | 'MOOGOLDGENSHIN' | 'MOOGOLDHOK';

/** The store's Genshin server names and MooGold's values for them (DESIGN section 13). */
export const GENSHIN_SERVER_VALUES: Record<string, string> = {
  America: 'os_usa',
  Asia: 'os_asia',
  Europe: 'os_euro',
  TW_HK_Mo: 'os_cht',
};

/**
 * The account fields MooGold's product expects, named as its `product_detail.fields` name
 * them (PROVIDERS.md 3.2): MLBB "User ID" + "Server ID", Genshin "User ID" + "Server" (as
 * `os_*`), Honor of Kings "Player ID".
 */
export function moogoldAccountFields(
  apiType: MooGoldApiType,
  playerId: string,
  second: string,
): Record<string, string> {
  switch (apiType) {
    case 'MOOGOLDMLBB':
      return { 'User ID': playerId, 'Server ID': second };
    case 'MOOGOLDGENSHIN':
      return { 'User ID': playerId, Server: GENSHIN_SERVER_VALUES[second] ?? second };
    case 'MOOGOLDHOK':
      return { 'Player ID': playerId };
  }
}

export const isMooGoldApiType = (value: unknown): value is MooGoldApiType =>
  value === 'MOOGOLDMLBB' || value === 'MOOGOLDGENSHIN' || value === 'MOOGOLDHOK';

export interface MooGoldOrderDetail {
  order_id: number | string;
  partner_order_id?: string;
  order_status:
    'processing' | 'completed' | 'refunded' | 'sending' | 'incorrect-details' | (string & {});
  date_created?: unknown;
  item?: Array<Record<string, unknown>>;
  total?: string;
}

export type MooGoldValidation =
  | { available: true; valid: boolean; message: string; username: string }
  | { available: false; message: string };

/**
 * MooGold's partner API: JSON POSTs to `<base>/<path>` whose body repeats `path`, with Basic
 * auth, a `timestamp` header and an `auth` HMAC over the exact bytes sent. Errors come back as
 * `{ err_code, err_message }` (`SupplierRefusal`); 5xx is `SupplierUnavailable`; non-JSON and
 * timeouts are `SupplierUnknownOutcome`. `create_order` carries our `partnerOrderId`, so an
 * unknown outcome can be settled with `orderDetailByPartnerId`.
 */
@Injectable()
export class MooGoldAdapter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: ProviderUrls,
    private readonly clock: Clock,
    private readonly skew: ClockSkew,
  ) {}

  private base() {
    return this.config.moogold.baseUrl ?? `${this.urls.sandbox('moogold')}/wp-json/v1/api`;
  }

  async createOrder(order: {
    partnerOrderId: string;
    /** The variation id (the store's supplier product id). */
    productId: string;
    quantity?: number;
    fields: Record<string, string>;
  }): Promise<{ orderId: string; message: string }> {
    const body = await this.call<{
      status?: boolean;
      message?: string;
      account_details?: { order_id?: string | number };
    }>('order/create_order', {
      data: {
        category: 1,
        'product-id': order.productId,
        quantity: order.quantity ?? 1,
        ...order.fields,
      },
      partnerOrderId: order.partnerOrderId,
    });
    if (body.status !== true) {
      throw new SupplierRefusal(PROVIDER, 'order/create_order', 'status_false', body.message ?? '');
    }
    const orderId = body.account_details?.order_id;
    if (orderId === undefined || orderId === null || orderId === '') {
      throw new SupplierUnknownOutcome(
        PROVIDER,
        'order/create_order',
        'success without an order_id',
      );
    }
    return { orderId: String(orderId), message: body.message ?? '' };
  }

  orderDetail(orderId: string | number) {
    return this.call<MooGoldOrderDetail>('order/order_detail', { order_id: Number(orderId) });
  }

  /** Our order's state at MooGold; undefined when MooGold has no order with that reference. */
  async orderDetailByPartnerId(partnerOrderId: string): Promise<MooGoldOrderDetail | undefined> {
    try {
      return await this.call<MooGoldOrderDetail>('order/order_detail_partner_id', {
        partner_order_id: partnerOrderId,
      });
    } catch (error) {
      if (error instanceof SupplierRefusal && error.code === '404') return undefined;
      throw error;
    }
  }

  /**
   * The player's name for a product's account fields. MooGold enables `validate` per account;
   * where it is not, WordPress answers `rest_no_route` (or a "not available" message).
   */
  async validate(productId: string, fields: Record<string, string>): Promise<MooGoldValidation> {
    try {
      const body = await this.call<{ status?: boolean; message?: string; username?: string }>(
        'product/validate',
        { data: { 'product-id': productId, ...fields } },
      );
      return {
        available: true,
        valid: body.status === true,
        message: body.message ?? '',
        username: body.username ?? '',
      };
    } catch (error) {
      if (
        error instanceof SupplierRefusal &&
        (error.code === 'rest_no_route' ||
          /validation is not available|kindly contact/i.test(error.reason))
      ) {
        return { available: false, message: error.reason };
      }
      throw error;
    }
  }

  async balance(): Promise<{ currency: string; balance: string }> {
    const body = await this.call<{ currency?: string; balance?: string | number }>(
      'user/balance',
      {},
    );
    return { currency: String(body.currency ?? ''), balance: String(body.balance ?? '') };
  }

  listProducts(categoryId = 50) {
    return this.call<Array<{ ID: string; post_title: string }>>('product/list_product', {
      category_id: categoryId,
    });
  }

  productDetail(productId: string | number) {
    return this.call<{
      Product_Name: string;
      Variation: Array<{ variation_name: string; variation_id: number; variation_price: number }>;
      fields: string[];
    }>('product/product_detail', { product_id: Number(productId) });
  }

  serverList(productId: string | number) {
    return this.call<Record<string, string>>('product/server_list', {
      product_id: Number(productId),
    });
  }

  /** Headers for a body already serialised: the signature covers exactly these bytes. */
  signedHeaders(body: string, path: string): Record<string, string> {
    const { partnerId, secret } = this.config.moogold;
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    return {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Basic ${Buffer.from(`${partnerId}:${secret}`).toString('base64')}`,
      timestamp,
      auth: moogoldAuth(secret, body, timestamp, path),
    };
  }

  private async call<T>(path: string, payload: Record<string, unknown>): Promise<T> {
    // Serialised once: these bytes are signed and sent.
    const body = JSON.stringify({ path, ...payload });
    const skew = await this.skew.tooFarOff();
    if (skew !== undefined) throw new ClockSkewed(PROVIDER, path, skew);
    const answer = await supplierPost(PROVIDER, path, `${this.base()}/${path}`, {
      headers: this.signedHeaders(body, path),
      body,
      timeoutMs: this.config.providerTimeoutMs,
    });
    if (answer.status >= 500) {
      throw new SupplierUnavailable(PROVIDER, path, `HTTP ${answer.status}`, answer.status);
    }
    const json = answer.json as Record<string, unknown> | undefined;
    if (json === undefined || json === null || typeof json !== 'object') {
      const kind = /html/i.test(answer.contentType) ? 'an HTML page' : 'a body that is not JSON';
      throw new SupplierUnknownOutcome(
        PROVIDER,
        path,
        `answered ${kind} (HTTP ${answer.status})`,
        answer.status,
      );
    }
    if (!Array.isArray(json) && json.err_code !== undefined) {
      throw new SupplierRefusal(
        PROVIDER,
        path,
        String(json.err_code),
        String(json.err_message ?? ''),
        answer.status,
      );
    }
    if (!Array.isArray(json) && typeof json.code === 'string' && answer.status >= 400) {
      // WordPress's own errors: { code: 'rest_no_route', message, data: { status } }.
      throw new SupplierRefusal(
        PROVIDER,
        path,
        json.code,
        String(json.message ?? ''),
        answer.status,
      );
    }
    if (answer.status >= 400) {
      throw new SupplierRefusal(PROVIDER, path, String(answer.status), 'refused', answer.status);
    }
    return json as T;
  }
}
