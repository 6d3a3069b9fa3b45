import { StaticPage } from './StaticPage';

export default function TermsPage() {
  return (
    <StaticPage title="Terms & Conditions" updated="1 January 2025">
      <p>By creating an account or placing an order on Z Store you agree to these terms.</p>
      <h2>Accounts</h2>
      <ul>
        <li>You must give a valid email address and mobile number and keep your password safe.</li>
        <li>You are responsible for everything done with your account.</li>
        <li>We may block accounts used for fraud, chargebacks or abuse of offers.</li>
      </ul>
      <h2>Orders and delivery</h2>
      <ul>
        <li>Prices are in Indian rupees and include applicable taxes.</li>
        <li>
          You must enter the correct game user ID and server. Delivery to a wrong ID is final.
        </li>
        <li>
          Most packs arrive within 1-6 minutes; some are completed by hand within about 30 minutes.
        </li>
        <li>Some games restrict top-ups by region; we may refuse orders for restricted regions.</li>
      </ul>
      <h2>Wallet, coupons and points</h2>
      <ul>
        <li>
          Z-Coins are store credit: 1 Z-Coin = 1 rupee. They cannot be withdrawn or transferred.
        </li>
        <li>
          Reward points are earned at 1% of completed purchases and can be redeemed for Z-Coins.
        </li>
        <li>Coupons have their own limits and expiry dates and cannot be used by resellers.</li>
      </ul>
      <h2>Liability</h2>
      <p>
        Game titles and in-game items belong to their publishers. Z Store is an independent reseller
        and is not responsible for changes a publisher makes to its games or accounts.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; the date above shows the latest version.</p>
    </StaticPage>
  );
}
