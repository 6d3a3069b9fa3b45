import type { MailMessage } from '../../providers/smtp/smtp.adapter.js';
import type { Language } from '../../common/i18n/language.js';
import { pointsEarned, toPoints } from '../../common/money.js';
import {
  customerTexts,
  dateIn,
  rupeesIn,
  type CustomerTexts,
} from '../notifications/i18n/index.js';
import {
  plainText,
  simpleHtml,
  type MailDetail,
  type PlainMail,
} from '../notifications/mail-html.js';
import { refundWords } from './customer-reasons.js';
import type { Order } from './order.js';

/** Who the mail is for, in which language, and what the product calls its two order fields. */
export interface ReceiptRecipient {
  email: string;
  name: string | null;
  language: Language;
  /** The product's names for its fields; an empty one takes the language's default. */
  inputLabels: [string, string];
  /** Where the customer downloads the order's tax invoice (the storefront's My Orders). */
  invoiceUrl?: string;
  /** A guest checkout's buyer: no wallet to spend from until an account proves the contacts. */
  guest?: boolean;
}

/** The labels when the product does not name its fields (in English). */
export const DEFAULT_INPUT_LABELS = customerTexts('en').defaultInputLabels;

/** '1.19' points, or '2' (points are kept in hundredths). */
export function pointsText(hundredths: number): string {
  const points = toPoints(hundredths);
  return Number.isInteger(points) ? String(points) : points.toFixed(2);
}

const paidWith = (order: Order) => (order.paymentMode === 'wallet' ? 'Z-Coins' : 'UPI');

/** One mail's words: the catalogue of the recipient's language and its money format. */
function wordsFor(recipient: ReceiptRecipient) {
  const t = customerTexts(recipient.language);
  const rupees = (paise: number) => rupeesIn(recipient.language, paise);
  return { t, rupees };
}

function orderDetails(order: Order, recipient: ReceiptRecipient, t: CustomerTexts): MailDetail[] {
  const [first, second] = recipient.inputLabels;
  return [
    [t.labels.orderId, order.orderid],
    [t.labels.date, dateIn(recipient.language, order.createdAt)],
    [t.labels.game, order.productName],
    [t.labels.pack, order.itemName],
    [first || t.defaultInputLabels[0], order.input1],
    [second || t.defaultInputLabels[1], order.input2],
    ...(order.playerName ? [[t.labels.inGameName, order.playerName] as MailDetail] : []),
  ];
}

function compose(to: string, subject: string, mail: PlainMail): MailMessage {
  return { to, subject, text: plainText(mail), html: simpleHtml(mail) };
}

/** The receipt of a completed order. */
export function receiptMail(recipient: ReceiptRecipient, order: Order): MailMessage {
  const { t, rupees } = wordsFor(recipient);
  const paid = order.value;
  const discount = order.discount;
  return compose(recipient.email, t.receipt.subject(order.orderid), {
    intro: [t.greeting(recipient.name), t.receipt.intro],
    details: [
      ...orderDetails(order, recipient, t),
      ...(discount > 0 ? [[t.labels.couponDiscount, rupees(discount)] as MailDetail] : []),
      [t.labels.pricePaid, rupees(paid)],
      [t.labels.paidWith, paidWith(order)],
      [t.labels.pointsEarned, pointsText(pointsEarned(paid))],
      ...(recipient.invoiceUrl ? [[t.labels.taxInvoice, recipient.invoiceUrl] as MailDetail] : []),
    ],
    outro: [t.thanks],
  });
}

/**
 * The refund of an order: why, in the words the order keeps for the customer (never the
 * supplier's), and where the money went.
 */
export function refundMail(recipient: ReceiptRecipient, order: Order): MailMessage {
  const { t, rupees } = wordsFor(recipient);
  const paid = order.value;
  const why = t.reason(order.customerReason ?? refundWords(undefined, paid));
  return compose(recipient.email, t.refund.subject(order.orderid), {
    intro: [t.greeting(recipient.name), t.refund.intro(why)],
    details: [
      ...orderDetails(order, recipient, t),
      [t.labels.paidWith, paidWith(order)],
      [
        t.labels.refunded,
        paid > 0 ? t.refund.refundedTo(rupees(paid), recipient.guest === true) : t.nothingCostZero,
      ],
    ],
    outro: [paid === 0 ? t.thanks : recipient.guest ? t.refund.guestNext : t.refund.walletNext],
  });
}

/**
 * An order an admin (or the store) cancelled: why, and what happened to the money. A cancel
 * returns nothing by itself, so the customer is told how to ask for it.
 */
export function cancelledMail(recipient: ReceiptRecipient, order: Order): MailMessage {
  const { t, rupees } = wordsFor(recipient);
  const paid = order.value;
  const why = order.reason?.trim() || undefined;
  return compose(recipient.email, t.cancelled.subject(order.orderid), {
    intro: [t.greeting(recipient.name), t.cancelled.intro(why)],
    details: [
      ...orderDetails(order, recipient, t),
      [t.labels.paidWith, paidWith(order)],
      [t.labels.money, paid > 0 ? t.cancelled.moneyKept(rupees(paid)) : t.nothingCostZero],
    ],
    outro: [
      paid > 0 ? t.cancelled.askBack(rupees(paid), order.orderid) : t.askSupport(order.orderid),
    ],
  });
}

/**
 * An order that missed its delivery promise: what the customer got for it, and what happens
 * next (still delivering, or refunded when it ended without a delivery).
 */
export function missedPromiseMail(
  recipient: ReceiptRecipient,
  order: Order,
  orderUrl: string,
): MailMessage {
  const { t, rupees } = wordsFor(recipient);
  const compensation = rupees(order.compensation ?? 0);
  const next =
    order.status === 'Processing'
      ? t.missedPromise.stillDelivering
      : order.status === 'Completed'
        ? t.missedPromise.delivered
        : order.customerReason
          ? t.reason(order.customerReason)
          : t.missedPromise.endedWithoutDelivery;
  return compose(recipient.email, t.missedPromise.subject(order.orderid), {
    intro: [
      t.greeting(recipient.name),
      t.missedPromise.intro(order.promiseMinutes ?? 0, compensation),
      next,
    ],
    details: [
      ...orderDetails(order, recipient, t),
      [t.labels.addedToZCoins, compensation],
      [t.labels.orderStatus, orderUrl],
    ],
    outro: [t.askSupport(order.orderid)],
  });
}
