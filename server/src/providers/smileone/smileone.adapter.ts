import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
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

const PROVIDER = 'smileone';

/** The store's two Smile.one catalogues; the region is a path prefix (PROVIDERS.md 2.1). */
export type SmileRegion = 'SMILEBR' | 'SMILEPH';
export const SMILE_REGIONS: Record<SmileRegion, string> = { SMILEBR: '', SMILEPH: '/ph' };

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * PROVIDERS.md 2.2: every parameter but `sign`, sorted by key in byte order, joined as
 * `k=v&` (raw values, trailing `&`), the merchant key appended, MD5 twice, lowercase hex.
 */
export function smileSign(params: Record<string, string>, key: string): string {
  const joined = Object.keys(params)
    .filter((name) => name !== 'sign')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return md5(md5(`${joined}&${key}`));
}

export interface SmileRole {
  username: string;
  zone: string;
  use: string;
  changePrice: string;
}

export interface SmileProduct {
  id: string;
  spu: string;
  price: string;
  cost_price?: string;
  discount?: string;
}

interface SmileEnvelope {
  status?: number | string;
  message?: string;
  [field: string]: unknown;
}

/**
 * Smile.one's reseller API: signed form-encoded POSTs to `<base><region>/smilecoin/api/<name>`.
 * Success is a body `status` of 200; anything else is a `SupplierRefusal` with the body's
 * status and message. HTML, non-JSON answers and timeouts after sending are
 * `SupplierUnknownOutcome`; `createorder` is not idempotent, so the caller must not resend those.
 */
@Injectable()
export class SmileOneAdapter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: ProviderUrls,
    private readonly clock: Clock,
    private readonly skew: ClockSkew,
  ) {}

  private base() {
    return this.config.smileone.baseUrl ?? this.urls.sandbox('smileone');
  }

  /** The merchant's points in one region: `smile_points` as Smile.one writes it ("60575.0"). */
  async querypoints(region: SmileRegion, product = 'mobilelegends') {
    const body = await this.call(region, 'querypoints', { product });
    return { status: Number(body.status), smilePoints: String(body.smile_points ?? '') };
  }

  async productlist(region: SmileRegion, product = 'mobilelegends'): Promise<SmileProduct[]> {
    const body = await this.call(region, 'productlist', { product });
    const data = body.data as { product?: SmileProduct[] } | undefined;
    return Array.isArray(data?.product) ? data.product : [];
  }

  /** The player's in-game name for a user id and zone (MLBB "check id"). */
  async getrole(
    region: SmileRegion,
    query: { userid: string; zoneid: string; productid: string; product?: string },
  ): Promise<SmileRole> {
    const body = await this.call(region, 'getrole', {
      userid: query.userid,
      zoneid: query.zoneid,
      product: query.product ?? 'mobilelegends',
      productid: query.productid,
    });
    return {
      username: String(body.username ?? ''),
      zone: String(body.zone ?? ''),
      use: String(body.use ?? ''),
      changePrice: String(body.change_price ?? '1'),
    };
  }

  /** Buys one pack. Every call is a new purchase: there is no reference of ours to de-duplicate on. */
  async createorder(
    region: SmileRegion,
    order: { userid: string; zoneid: string; productid: string; product?: string },
  ): Promise<{ orderId: string }> {
    const body = await this.call(region, 'createorder', {
      userid: order.userid,
      zoneid: order.zoneid,
      product: order.product ?? 'mobilelegends',
      productid: order.productid,
    });
    if (body.order_id === undefined || body.order_id === null || body.order_id === '') {
      throw new SupplierUnknownOutcome(PROVIDER, 'createorder', 'success without an order_id');
    }
    return { orderId: String(body.order_id) };
  }

  /** Signs `params` with the merchant credentials and the current time, as sent on the wire. */
  signedParams(params: Record<string, string>): Record<string, string> {
    const { uid, email, key } = this.config.smileone;
    const all: Record<string, string> = {
      ...params,
      uid,
      email,
      time: String(Math.floor(this.clock.now().getTime() / 1000)),
    };
    return { ...all, sign: smileSign(all, key) };
  }

  private async call(
    region: SmileRegion,
    endpoint: string,
    params: Record<string, string>,
  ): Promise<SmileEnvelope> {
    const url = `${this.base()}${SMILE_REGIONS[region]}/smilecoin/api/${endpoint}`;
    const skew = await this.skew.tooFarOff();
    if (skew !== undefined) throw new ClockSkewed(PROVIDER, endpoint, skew);
    const answer = await supplierPost(PROVIDER, endpoint, url, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(this.signedParams(params)).toString(),
      timeoutMs: this.config.providerTimeoutMs,
    });
    if (answer.status >= 500) {
      throw new SupplierUnavailable(PROVIDER, endpoint, `HTTP ${answer.status}`, answer.status);
    }
    const body = answer.json as SmileEnvelope | undefined;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      const kind = /html/i.test(answer.contentType) ? 'an HTML page' : 'a body that is not JSON';
      throw new SupplierUnknownOutcome(
        PROVIDER,
        endpoint,
        `answered ${kind} (HTTP ${answer.status})`,
        answer.status,
      );
    }
    if (String(body.status) !== '200') {
      throw new SupplierRefusal(
        PROVIDER,
        endpoint,
        String(body.status ?? answer.status),
        String(body.message ?? ''),
        answer.status,
      );
    }
    return body;
  }
}
