import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { MailService } from '../notifications/mail.service.js';
import { UsersService } from '../users/users.service.js';
import {
  cancelledMail,
  DEFAULT_INPUT_LABELS,
  missedPromiseMail,
  receiptMail,
  refundMail,
  type ReceiptRecipient,
} from './order-receipt-mails.js';
import type { Order } from './order.js';

/**
 * The e-mail a customer gets when an order ends: a receipt when it completes, the why and
 * where the money went when it is refunded or cancelled. It is recorded in the transaction of
 * the guarded move, so a move made once mails once, and a crash after commit only delays it.
 */
@Injectable()
export class OrderReceipts {
  constructor(
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly catalog: CatalogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records the mail about `order` (just moved); undefined when there is none to send. */
  async record(order: Order): Promise<string | undefined> {
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
   * The customer's notice that `order` missed its delivery promise and was compensated
   * (recorded in the compensation's transaction; undefined when there is nobody to tell). Every
   * channel of that notice goes out from here.
   */
  async recordMissedPromise(order: Order): Promise<string | undefined> {
    const recipient = await this.recipientOf(order);
    if (!recipient) return undefined;
    const orderUrl = `${this.config.publicUrl}/confirmation?client_txn_id=${order.orderid}`;
    return this.mail.record(missedPromiseMail(recipient, order, orderUrl));
  }

  /** After commit; when the queue cannot take it now, the mail sweep sends it. */
  async dispatch(mailId: string | undefined) {
    if (mailId) await this.mail.dispatch(mailId);
  }

  /** The customer's current address (none, no mail) and the product's names for its fields. */
  private async recipientOf(order: Order): Promise<ReceiptRecipient | undefined> {
    const user = await this.users.getById(order.userId);
    const email = user?.email?.trim();
    if (!user || !email) return undefined;
    // A product deleted since the order keeps the default names for its fields.
    const product = await this.catalog.getProduct(order.productId);
    return {
      email,
      name: user.name,
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
  return [labels[0] || DEFAULT_INPUT_LABELS[0], labels[1] || DEFAULT_INPUT_LABELS[1]];
}
