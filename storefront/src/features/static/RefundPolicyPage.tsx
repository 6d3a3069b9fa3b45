import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '@/lib/support';
import { StaticPage } from './StaticPage';

export default function RefundPolicyPage() {
  return (
    <StaticPage title="Refund & Cancellation Policy" updated="1 January 2025">
      <h2>All sales are final</h2>
      <p>
        Everything we sell is a digital good that is delivered to your game or account as soon as it
        is bought. Once delivered, a top-up cannot be taken back, so all sales are final and orders
        cannot be cancelled or refunded after delivery.
      </p>
      <h2>Please check your details</h2>
      <p>
        Make sure your game user ID, zone or server is correct before you pay. We cannot recover a
        top-up delivered to an ID that was entered wrongly.
      </p>
      <h2>Paid but not received?</h2>
      <p>
        If you paid and did not receive your goods, <Link to="/contact">contact support</Link> with
        your Order ID, or write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We will
        check the order and either complete the delivery or credit the amount to your Z-Coins
        wallet.
      </p>
      <h2>Failed deliveries</h2>
      <p>
        When a supplier refuses an order (for example because the game ID does not exist), the order
        is marked Refunded and the full amount goes back to your Z-Coins wallet. Z-Coins are not
        withdrawable and can be used for any future purchase.
      </p>
    </StaticPage>
  );
}
