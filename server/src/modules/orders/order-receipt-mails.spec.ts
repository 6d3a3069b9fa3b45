import { pointsText, receiptMail, refundMail } from './order-receipt-mails.js';
import type { Order } from './order.js';

const recipient = {
  email: 'asha@example.com',
  name: 'Asha',
  language: 'en' as const,
  inputLabels: ['User ID', 'Zone ID'] as [string, string],
};

function order(patch: Partial<Order> = {}): Order {
  return {
    orderid: 'ZS0123456789ABCD',
    productName: 'Mobile Legends (Brazil server)',
    itemName: '86 Diamonds',
    input1: '10000001',
    input2: '1001',
    playerName: 'SandboxHero',
    price: 11900,
    discount: 0,
    value: 11900,
    paymentMode: 'wallet',
    status: 'Completed',
    reason: null,
    customerReason: null,
    // 23:45 in India on 31 March, still 31 March in UTC.
    createdAt: new Date('2026-03-31T18:15:00Z'),
    ...patch,
  } as Order;
}

describe('the e-mails about how an order ended', () => {
  it('a receipt: the pack, the player, the price, the payment method, points and the India date', () => {
    const mail = receiptMail(recipient, order());
    expect(mail.to).toBe('asha@example.com');
    expect(mail.subject).toBe('Your Z Store receipt for order ZS0123456789ABCD');
    expect(mail.text).toContain(
      [
        'Order ID: ZS0123456789ABCD',
        'Date: 31/03/2026',
        'Game: Mobile Legends (Brazil server)',
        'Pack: 86 Diamonds',
        'User ID: 10000001',
        'Zone ID: 1001',
        'In-game name: SandboxHero',
        'Price paid: ₹119',
        'Paid with: Z-Coins',
        'Points earned: 1.19',
      ].join('\n'),
    );
  });

  it('shows a coupon, paise only when there are some, and no in-game name when none was checked', () => {
    const mail = receiptMail(
      recipient,
      order({
        playerName: null,
        price: 5000,
        discount: 1250,
        value: 3750,
        paymentMode: 'upi',
      }),
    );
    expect(mail.text).toContain('Coupon discount: ₹12.50\nPrice paid: ₹37.50\nPaid with: UPI');
    expect(mail.text).toContain('Points earned: 0.37');
    expect(mail.text).not.toContain('In-game name');
  });

  it("a refund: the customer's words and where the money went, never the supplier's text", () => {
    const mail = refundMail(
      recipient,
      order({
        status: 'Refunded',
        reason: 'USER ID não existe',
        customerReason: 'This player ID does not exist. ₹119 went back to your Z-Coins.',
      }),
    );
    expect(mail.subject).toBe('Your Z Store order ZS0123456789ABCD was refunded');
    expect(mail.text).toContain('This player ID does not exist. ₹119 went back to your Z-Coins.');
    expect(mail.text).toContain('Refunded: ₹119 to your Z-Coins wallet');
    expect(mail.text).not.toContain('não existe');
    expect(mail.html).not.toContain('não existe');
  });

  it('escapes every value in the HTML body', () => {
    const mail = receiptMail(
      { ...recipient, name: '<b>Asha</b>' },
      order({ playerName: '<script>x</script>', input2: 'A & "B"' }),
    );
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).toContain('A &amp; &quot;B&quot;');
    expect(mail.html).toContain('Hi &lt;b&gt;Asha&lt;/b&gt;,');
    expect(mail.html).not.toContain('<script>');
  });

  it('links the receipt to the tax invoice', () => {
    const mail = receiptMail(
      { ...recipient, invoiceUrl: 'https://zstore.example/orders?invoice=ZS1' },
      order(),
    );
    expect(mail.text).toContain('Tax invoice: https://zstore.example/orders?invoice=ZS1');
  });

  it('points in hundredths read as points', () => {
    expect(pointsText(119)).toBe('1.19');
    expect(pointsText(200)).toBe('2');
    expect(pointsText(110)).toBe('1.10');
  });
});
