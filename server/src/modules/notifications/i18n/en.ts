import type { CustomerTexts } from './customer-texts.js';

/** English: the spec's texts, word for word. */
export const en: CustomerTexts = {
  verification: {
    subject: 'Verify your e-mail for Z Store',
    body: (name, link) =>
      `Hi ${name},\n\nPlease verify your e-mail address by opening this link (valid for 24 hours):\n${link}\n\nIf you did not create a Z Store account, ignore this e-mail.`,
  },
  passwordReset: {
    subject: 'Reset your Z Store password',
    body: (name, link) =>
      `Hi ${name},\n\nOpen this link to choose a new password (valid for 30 minutes, usable once):\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.`,
  },

  greeting: (name) => `Hi ${name?.trim() || 'there'},`,
  labels: {
    orderId: 'Order ID',
    date: 'Date',
    game: 'Game',
    pack: 'Pack',
    inGameName: 'In-game name',
    couponDiscount: 'Coupon discount',
    pricePaid: 'Price paid',
    paidWith: 'Paid with',
    pointsEarned: 'Points earned',
    taxInvoice: 'Tax invoice',
    refunded: 'Refunded',
    money: 'Money',
    addedToZCoins: 'Added to your Z-Coins',
    orderStatus: 'Order status',
  },
  defaultInputLabels: ['Player ID', 'Zone'],
  thanks: 'Thank you for shopping with Z Store.',
  nothingCostZero: 'Nothing, this order cost ₹0',
  askSupport: (orderid) =>
    `Questions? Contact support with your order ID ${orderid}; just reply to this e-mail.`,

  receipt: {
    subject: (orderid) => `Your Z Store receipt for order ${orderid}`,
    intro: 'Your order is complete and the pack has been delivered.',
  },
  refund: {
    subject: (orderid) => `Your Z Store order ${orderid} was refunded`,
    intro: (why) => `We refunded your order. ${why}`,
    refundedTo: (amount, guest) =>
      `${amount} ${guest ? 'in Z-Coins, kept for you' : 'to your Z-Coins wallet'}`,
    guestNext:
      'Register or sign in with the mobile number or e-mail of this order: once it is verified, these Z-Coins and your orders join your account.',
    walletNext: 'Your Z-Coins are in your wallet, ready for your next order.',
  },
  cancelled: {
    subject: (orderid) => `Your Z Store order ${orderid} was cancelled`,
    intro: (why) =>
      `We cancelled your order and the pack will not be delivered.${why ? ` Reason: ${why}` : ''}`,
    moneyKept: (amount) => `${amount} paid; a cancel does not return it by itself`,
    askBack: (amount, orderid) =>
      `If you have not asked for this cancel, or want the ${amount} back in your Z-Coins, contact support with your order ID ${orderid}; just reply to this e-mail.`,
  },
  missedPromise: {
    subject: (orderid) => `We missed our delivery promise on order ${orderid}`,
    intro: (minutes, amount) =>
      `Your order was not delivered within the ${minutes} minutes we promised. ${amount} has been added to your Z-Coins as an apology.`,
    stillDelivering:
      'We are still delivering it. If it cannot be delivered, the full amount goes back to your Z-Coins.',
    delivered: 'It has now been delivered.',
    endedWithoutDelivery: 'The order has ended without a delivery.',
  },

  reason: (english) => english,
  whatsapp: {
    nameNotShown: 'not shown',
    compensation: (amount) => `${amount} added to your Z-Coins`,
  },
};
