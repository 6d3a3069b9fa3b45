/**
 * Everything the store writes to a customer (e-mails, WhatsApp values), one catalogue per
 * language. Amounts arrive formatted (`₹119`), dates too; brand names (Z Store, Z-Coins, UPI)
 * stay as they are in every language.
 */
export interface CustomerTexts {
  verification: { subject: string; body: (name: string, link: string) => string };
  passwordReset: { subject: string; body: (name: string, link: string) => string };

  greeting: (name: string | null) => string;
  labels: {
    orderId: string;
    date: string;
    game: string;
    pack: string;
    inGameName: string;
    couponDiscount: string;
    pricePaid: string;
    paidWith: string;
    pointsEarned: string;
    taxInvoice: string;
    refunded: string;
    money: string;
    addedToZCoins: string;
    orderStatus: string;
  };
  /** A product's own names for its two fields are the product's; these are the defaults. */
  defaultInputLabels: [string, string];
  thanks: string;
  nothingCostZero: string;
  askSupport: (orderid: string) => string;

  receipt: { subject: (orderid: string) => string; intro: string };
  refund: {
    subject: (orderid: string) => string;
    intro: (why: string) => string;
    refundedTo: (amount: string, guest: boolean) => string;
    guestNext: string;
    walletNext: string;
  };
  cancelled: {
    subject: (orderid: string) => string;
    intro: (why: string | undefined) => string;
    moneyKept: (amount: string) => string;
    askBack: (amount: string, orderid: string) => string;
  };
  missedPromise: {
    subject: (orderid: string) => string;
    intro: (minutes: number, amount: string) => string;
    stillDelivering: string;
    delivered: string;
    endedWithoutDelivery: string;
  };

  /** The store's own words about why an order was refunded, in this language; an admin's stay as typed. */
  reason: (english: string) => string;
  whatsapp: {
    /** The in-game name when the check-id found none. */
    nameNotShown: string;
    /** What the store gave for a late delivery. */
    compensation: (amount: string) => string;
  };
}
