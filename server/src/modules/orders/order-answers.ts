import { Messages } from '@zstore/contract/messages';

/** The answer to a UPI order: where to pay. */
export const upiOrderAnswer = (orderid: string, paymentUrl: string) => ({
  status: true,
  data: { payment_url: paymentUrl, orderid },
});

/** The answer to an order paid at once (Z-Coins, or nothing left to pay). */
export function paidOrderAnswer(mode: 'upi' | 'wallet', orderid: string) {
  const confirmation = `/confirmation?client_txn_id=${orderid}`;
  return mode === 'wallet'
    ? { msg: Messages.orderPlaced, redirect_url: confirmation, orderid }
    : upiOrderAnswer(orderid, confirmation);
}
