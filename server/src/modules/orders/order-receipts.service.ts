import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { MailService } from '../notifications/mail.service.js';
import { UsersService } from '../users/users.service.js';
import {
  WhatsAppNews,
  type OrderEvent,
  type OrderFacts,
} from '../whatsapp/whatsapp-news.service.js';
import {
  cancelledMail,
  missedPromiseMail,
  receiptMail,
  refundMail,
  type ReceiptRecipient,
} from './order-receipt-mails.js';
import type { Order } from './order.js';
import { refundWords } from './customer-reasons.js';

/** What one order's end recorded: its e-mail and its WhatsApp message, to send after commit. */
export interface OrderNotices {
  mailId?: string;
  whatsappId?: string;
}

/**
 * The e-mail a customer gets when an order ends: a receipt when it completes, the why and
 * where the money went when it is refunded or cancelled; and, for a customer who opted in, the
 * same news on WhatsApp (completed or refunded). They are recorded in the transaction of the
 * guarded move, so a move made once tells once, and a crash after commit only delays it.
 */
@Injectable()
export class OrderReceipts {
  constructor(
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly catalog: CatalogService,
    private readonly whatsapp: WhatsAppNews,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records the mail and the WhatsApp message about `order` (just moved). */
  async record(order: Order): Promise<OrderNotices> {
    const event = whatsAppEvent(order);
    return {
      mailId: await this.recordMail(order),
      whatsappId: event ? await this.whatsapp.record(event) : undefined,
    };
  }

  /** After commit; when the queue cannot take them now, the sweeps send them. */
  async dispatch(notices: OrderNotices | undefined) {
    if (!notices) return;
    if (notices.mailId) await this.mail.dispatch(notices.mailId);
    await this.whatsapp.dispatch(notices.whatsappId);
  }

  /** The mail about `order`; undefined when there is none to send. */
  private async recordMail(order: Order): Promise<string | undefined> {
    const build =
      order.status === 'Completed'
        ? receiptMail
        : order.status === 'Refunded'
          ? refundMail
          : order.status === 'Cancelled'
            ? cancelledMail
            : undefined;
    if (!build) return undefined;
    const recipient = await this.recipientOf(order);
    if (!recipient) return undefined;
    return this.mail.record(build(recipient, order));
  }

  /**
   * The customer's notice that `order` missed its delivery promise and was compensated, by
   * e-mail and (opted in) WhatsApp, recorded in the compensation's transaction.
   */
  async recordMissedPromise(order: Order): Promise<OrderNotices> {
    const recipient = await this.recipientOf(order);
    const orderUrl = `${this.config.publicUrl}/confirmation?client_txn_id=${order.orderid}`;
    return {
      mailId: recipient
        ? await this.mail.record(missedPromiseMail(recipient, order, orderUrl))
        : undefined,
      whatsappId: await this.whatsapp.orderDelayed(orderFacts(order), order.compensation ?? 0),
    };
  }

  /** The customer's current address (none, no mail), language and the product's names for its fields. */
  private async recipientOf(order: Order): Promise<ReceiptRecipient | undefined> {
    const user = await this.users.getById(order.userId);
    const email = user?.email?.trim();
    if (!user || !email) return undefined;
    // A product deleted since the order keeps the default names for its fields.
    const product = await this.catalog.getProduct(order.productId);
    return {
      email,
      name: user.name,
      language: user.language,
      inputLabels: inputLabels(product?.inputs),
      // A guest finds the order (and its invoice) with the mobile, not in My Orders.
      invoiceUrl: user.guest
        ? `${this.config.publicUrl}/order-lookup?orderid=${order.orderid}`
        : `${this.config.publicUrl}/orders?invoice=${order.orderid}`,
      guest: user.guest,
    };
  }
}

function inputLabels(inputs: unknown): [string, string] {
  const labels = Array.isArray(inputs)
    ? inputs.map((input: { label?: unknown } | null) =>
        typeof input?.label === 'string' ? input.label.trim() : '',
      )
    : [];
  // An unnamed field takes the default name of the mail's language.
  return [labels[0] ?? '', labels[1] ?? ''];
}

/** What a WhatsApp message says about an order. */
export function orderFacts(order: Order): OrderFacts {
  return {
    orderid: order.orderid,
    userId: order.userId,
    pack: `${order.itemName}, ${order.productName}`,
    player: [order.input1, order.input2].filter((part) => part?.trim()).join(' / '),
    playerName: order.playerName ?? null,
  };
}

function whatsAppEvent(order: Order): OrderEvent | undefined {
  if (order.status === 'Completed') return { kind: 'completed', order: orderFacts(order) };
  if (order.status === 'Refunded') {
    const why = order.customerReason ?? refundWords(undefined, order.value);
    return { kind: 'refunded', order: orderFacts(order), why };
  }
  return undefined;
}
