import { Link } from 'react-router';
import { StaticPage } from './StaticPage';

export default function ReferAndEarnPage() {
  return (
    <StaticPage title="Refer & Earn" lead="Bring your squad to Z Store and earn together.">
      <h2>How it works</h2>
      <ol className="steps">
        <li>Share Z Store with your friends and gaming groups.</li>
        <li>They create an account and top up their games in minutes.</li>
        <li>Every completed purchase earns its buyer reward points worth 1% of the amount paid.</li>
        <li>
          Redeem points for Z-Coins from the wallet (1 point = 1 rupee) and spend them on packs.
        </li>
      </ol>
      <h2>Good to know</h2>
      <ul>
        <li>Points are credited once an order is Completed.</li>
        <li>Points can be redeemed in whole numbers, up to your available balance.</li>
        <li>Refunded or failed orders do not earn points.</li>
      </ul>
      <div className="row">
        <Link to="/wallet" className="btn btn-primary">
          View my points
        </Link>
        <Link to="/register" className="btn btn-secondary">
          Create Account
        </Link>
      </div>
    </StaticPage>
  );
}
