import type { MailMessage } from '../../providers/smtp/smtp.adapter.js';
import { formatDate } from '@zstore/contract/display-dates';
import { pointsEarned, toPoints } from '../../common/money.js';
import {
  plainText,
  simpleHtml,
  type MailDetail,
  type PlainMail,
} from '../notifications/mail-html.js';
import { refundWords, rupeesText } from './customer-reasons.js';
import type { Order } from './order.js';

/** Who the mail is for, and what the product calls its two order fields. */
export interface ReceiptRecipient {
  email: string;
  name: string | null;
  inputLabels: [string, string];
  /** Where the customer downloads the order's tax invoice (the storefront's My Orders). */
  invoiceUrl?: string;
  /** A guest checkout's buyer: no wallet to spend from until an account proves the contacts. */
  guest?: boolean;
}

/** The labels when the product does not name its fields. */
export const DEFAULT_INPUT_LABELS: [string, string] = ['Player ID', 'Zone'];

/** '1.19' points, or '2' (points are kept in hundredths). */
export function pointsText(hundredths: number): string {
  const points = toPoints(hundredths);
  return Number.isInteger(points) ? String(points) : points.toFixed(2);
}

const paidWith = (order: Order) => (order.paymentMode === 'wallet' ? 'Z-Coins' : 'UPI');

function orderDetails(order: Order, labels: [string, string]): MailDetail[] {
  return [
    ['Order ID', order.orderid],
    ['Date', formatDate(order.createdAt)],
    ['Game', order.productName],
    ['Pack', order.itemName],
    [labels[0], order.input1],
    [labels[1], order.input2],
    ...(order.playerName ? [['In-game name', order.playerName] as MailDetail] : []),
  ];
}

function compose(to: string, subject: string, mail: PlainMail): MailMessage {
  return { to, subject, text: plainText(mail), html: simpleHtml(mail) };
}

const greeting = (recipient: ReceiptRecipient) => `Hi ${recipient.name?.trim() || 'there'},`;

/** The receipt of a completed order. */
export function receiptMail(recipient: ReceiptRecipient, order: Order): MailMessage {
  const paid = order.value;
  const discount = order.discount;
  return compose(recipient.email, `Your Z Store receipt for order ${order.orderid}`, {
    intro: [greeting(recipient), 'Your order is complete and the pack has been delivered.'],
    details: [
      ...orderDetails(order, recipient.inputLabels),
      ...(discount > 0 ? [['Coupon discount', rupeesText(discount)] as MailDetail] : []),
      ['Price paid', rupeesText(paid)],
      ['Paid with', paidWith(order)],
      ['Points earned', pointsText(pointsEarned(paid))],
      ...(recipient.invoiceUrl ? [['Tax invoice', recipient.invoiceUrl] as MailDetail] : []),
    ],
    outro: ['Thank you for shopping with Z Store.'],
  });
}

/**
 * The refund of an order: why, in the words the order keeps for the customer (never the
 * supplier's), and where the money went.
 */
export function refundMail(recipient: ReceiptRecipient, order: Order): MailMessage {
  const paid = order.value;
  const why = order.customerReason ?? refundWords(undefined, paid);
  return compose(recipient.email, `Your Z Store order ${order.orderid} was refunded`, {
    intro: [greeting(recipient), `We refunded your order. ${why}`],
    details: [
      ...orderDetails(order, recipient.inputLabels),
      ['Paid with', paidWith(order)],
      paid > 0
        ? [
            'Refunded',
            `${rupeesText(paid)} ${recipient.guest ? 'in Z-Coins, kept for you' : 'to your Z-Coins wallet'}`,
          ]
        : ['Refunded', 'Nothing, this order cost ₹0'],
    ],
    outro: [
      paid === 0
        ? 'Thank you for shopping with Z Store.'
        : recipient.guest
          ? 'Register or sign in with the mobile number or e-mail of this order: once it is verified, these Z-Coins and your orders join your account.'
          : 'Your Z-Coins are in your wallet, ready for your next order.',
    ],
  });
}

/**
 * An order an admin (or the store) cancelled: why, and what happened to the money. A cancel
 * returns nothing by itself, so the customer is told how to ask for it.
 */
export function cancelledMail(recipient: ReceiptRecipient, order: Order): MailMessage {
  const paid = order.value;
  const why = order.reason?.trim();
  return compose(recipient.email, `Your Z Store order ${order.orderid} was cancelled`, {
    intro: [
      greeting(recipient),
      `We cancelled your order and the pack will not be delivered.${why ? ` Reason: ${why}` : ''}`,
    ],
    details: [
      ...orderDetails(order, recipient.inputLabels),
      ['Paid with', paidWith(order)],
      paid > 0
        ? ['Money', `${rupeesText(paid)} paid; a cancel does not return it by itself`]
        : ['Money', 'Nothing, this order cost ₹0'],
    ],
    outro: [
      paid > 0
        ? `If you have not asked for this cancel, or want the ${rupeesText(paid)} back in your Z-Coins, contact support with your order ID ${order.orderid}; just reply to this e-mail.`
        : `Questions? Contact support with your order ID ${order.orderid}; just reply to this e-mail.`,
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
  const compensation = order.compensation ?? 0;
  const next =
    order.status === 'Processing'
      ? 'We are still delivering it. If it cannot be delivered, the full amount goes back to your Z-Coins.'
      : order.status === 'Completed'
        ? 'It has now been delivered.'
        : (order.customerReason ?? 'The order has ended without a delivery.');
  return compose(recipient.email, `We missed our delivery promise on order ${order.orderid}`, {
    intro: [
      greeting(recipient),
      `Your order was not delivered within the ${order.promiseMinutes} minutes we promised. ${rupeesText(compensation)} has been added to your Z-Coins as an apology.`,
      next,
    ],
    details: [
      ...orderDetails(order, recipient.inputLabels),
      ['Added to your Z-Coins', rupeesText(compensation)],
      ['Order status', orderUrl],
    ],
    outro: [
      `Questions? Contact support with your order ID ${order.orderid}; just reply to this e-mail.`,
    ],
  });
}
