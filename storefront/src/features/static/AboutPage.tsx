import { Link } from 'react-router';
import { StaticPage } from './StaticPage';

const COUNTS = [
  { value: '50+', label: 'Partners' },
  { value: '1,00,000+', label: 'Happy gamers' },
  { value: '5,00,000+', label: 'Transactions' },
];

export default function AboutPage() {
  return (
    <StaticPage title="About Us" lead="Instant top-ups, made by gamers for gamers.">
      <p>
        Z Store is an online store for in-game top-ups and digital credits, built for players in
        India. Buy MLBB diamonds, Genshin crystals, BGMI UC, Honor of Kings tokens and OTT
        subscriptions in a few taps, and pay with UPI or with Z-Coins from your store wallet.
      </p>
      <div className="feature-grid">
        {COUNTS.map((count) => (
          <div key={count.label} className="count-tile">
            <strong>{count.value}</strong>
            <span>{count.label}</span>
          </div>
        ))}
      </div>
      <h2>What we promise</h2>
      <ul>
        <li>
          Instant delivery: most packs arrive within 1-6 minutes, and always within 30 minutes.
        </li>
        <li>Fair prices in rupees, with regular discounts and coupons.</li>
        <li>Safe payments through UPI and the Z-Coins wallet (1 coin = 1 rupee).</li>
        <li>Reward points on every purchase: 1% back, redeemable for Z-Coins.</li>
        <li>Support around the clock on chat, email and phone.</li>
      </ul>
      <Link to="/register" className="btn btn-primary">
        Get Started
      </Link>
    </StaticPage>
  );
}
