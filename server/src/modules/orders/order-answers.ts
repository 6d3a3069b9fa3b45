import { Messages } from '@zstore/contract/messages';
import type { PaymentLinksDto } from '../payments/payment-links.js';

/** The answer to a UPI order: where and how to pay. */
export const upiOrderAnswer = (orderid: string, links: PaymentLinksDto) => ({
  status: true,
  data: { ...links, orderid },
});

/** The answer to an order paid at once (Z-Coins, or nothing left to pay). */
export function paidOrderAnswer(mode: 'upi' | 'wallet', orderid: string) {
  const confirmation = `/confirmation?client_txn_id=${orderid}`;
  return mode === 'wallet'
    ? { msg: Messages.orderPlaced, redirect_url: confirmation, orderid }
    : upiOrderAnswer(orderid, { payment_url: confirmation, upi_intent: {} });
}
