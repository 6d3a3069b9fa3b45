import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ProviderError, requestJson } from '../http.js';
import { ProviderUrls } from '../provider-urls.js';

export interface UpiCreateOrder {
  clientTxnId: string;
  /** Paise; sent as a rupee decimal string ("99.00"). */
  amount: number;
  pInfo: string;
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  redirectUrl: string;
  udf1?: string;
}

/** `data` of `check_order_status` (PROVIDERS.md 1.3), the fields the store reads. */
export interface UpiStatusData {
  id?: number;
  amount: number | string;
  client_txn_id: string;
  status: 'success' | 'failure' | 'scanning' | 'created' | 'pending' | (string & {});
  upi_txn_id?: string | null;
  customer_vpa?: string | null;
  remark?: string;
  txnAt?: string | null;
  createdAt?: string;
}

/** The app links of `create_order`'s `data.upi_intent` (PROVIDERS.md 1.2), as the gateway names them. */
export const UPI_INTENT_APPS = ['gpay_link', 'phonepe_link', 'paytm_link', 'bhim_link'] as const;
export type UpiIntentLinks = Partial<Record<(typeof UPI_INTENT_APPS)[number], string>>;

/** A payment created at the gateway: its order id, its own payment page and the app links. */
export interface UpiCreatedOrder {
  orderId: string;
  paymentUrl: string;
  upiIntent: UpiIntentLinks;
}

const MAX_LINK_LENGTH = 2_000;

/**
 * Keeps the app links the gateway sent, each a short URL with a scheme, and nothing else: they
 * reach the customer's browser as links.
 */
export function readUpiIntent(value: unknown): UpiIntentLinks {
  if (!value || typeof value !== 'object') return {};
  const links: UpiIntentLinks = {};
  for (const app of UPI_INTENT_APPS) {
    const link = (value as Record<string, unknown>)[app];
    if (
      typeof link === 'string' &&
      link.length <= MAX_LINK_LENGTH &&
      /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(link) &&
      !/^(javascript|data|vbscript):/i.test(link)
    ) {
      links[app] = link;
    }
  }
  return links;
}

interface Envelope<T> {
  status: boolean;
  msg?: string;
  code?: number;
  data?: T;
}

/** UPIGateway's Dynamic QR API (`create_order`, `check_order_status`), key in the body. */
@Injectable()
export class UpiGatewayAdapter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: ProviderUrls,
  ) {}

  private base() {
    return this.config.upi.baseUrl ?? `${this.urls.sandbox('upigateway')}/api`;
  }

  async createOrder(order: UpiCreateOrder): Promise<UpiCreatedOrder> {
    const { status, body } = await requestJson<
      Envelope<{ order_id: number; payment_url: string; upi_intent?: unknown }>
    >('upigateway', `${this.base()}/create_order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        key: this.config.upi.apiKey,
        client_txn_id: order.clientTxnId,
        amount: (order.amount / 100).toFixed(2),
        p_info: order.pInfo,
        customer_name: order.customerName,
        customer_email: order.customerEmail,
        customer_mobile: order.customerMobile,
        redirect_url: order.redirectUrl,
        udf1: order.udf1 ?? '',
        udf2: '',
        udf3: '',
      }),
      timeoutMs: this.config.providerTimeoutMs,
    });
    if (status !== 200 || body.status !== true || !body.data?.payment_url) {
      throw new ProviderError(
        'upigateway',
        `create_order refused: ${body.msg ?? `HTTP ${status}`}`,
        status,
      );
    }
    return {
      orderId: String(body.data.order_id),
      paymentUrl: body.data.payment_url,
      upiIntent: readUpiIntent(body.data.upi_intent),
    };
  }

  /**
   * Asks for an order's state with its stored IST creation date (DD-MM-YYYY).
   * `undefined` means the gateway has no such record (yet).
   */
  async checkStatus(clientTxnId: string, txnDate: string): Promise<UpiStatusData | undefined> {
    const { status, body } = await requestJson<Envelope<UpiStatusData>>(
      'upigateway',
      `${this.base()}/check_order_status`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key: this.config.upi.apiKey,
          client_txn_id: clientTxnId,
          txn_date: txnDate,
        }),
        timeoutMs: this.config.providerTimeoutMs,
      },
    );
    if (status >= 500) {
      throw new ProviderError('upigateway', `check_order_status HTTP ${status}`, status);
    }
    if (body.status !== true || !body.data) return undefined;
    return body.data;
  }
}
