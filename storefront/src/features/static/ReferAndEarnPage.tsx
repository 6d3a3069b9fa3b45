import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { referralSummaryQuery } from '@/api/referrals';
import { useSession } from '@/auth/SessionContext';
import { ShareReferral } from '@/features/referrals/ShareReferral';
import { formatDateTime, formatRupees } from '@/lib/format';
import { StaticPage } from './StaticPage';
import '@/features/referrals/referrals.css';

const STATUS_WORDS: Record<string, string> = {
  pending: 'Waiting for their first order',
  rewarded: 'Rewarded',
  refused: 'Not eligible',
  void: 'Cancelled',
};

function MyReferrals({ userid }: { userid: number }) {
  const summary = useQuery(referralSummaryQuery(userid));
  if (summary.isPending) return <div className="skeleton referral-skeleton" aria-hidden />;
  if (!summary.data) return <p className="form-error">We could not load your referral code.</p>;
  const data = summary.data;
  return (
    <section className="referral-card" aria-labelledby="my-code">
      <h2 id="my-code">Your code</h2>
      <p className="referral-code" data-referral-code={data.code}>
        {data.code}
      </p>
      <p className="referral-link">
        <span className="muted">Your link: </span>
        <span>{data.link}</span>
      </p>
      <p className="muted" data-referral-rules>
        You and each friend earn {data.rewardPoints} points when their first order of{' '}
        {formatRupees(data.minOrder)} or more completes (up to {data.monthlyCap} friends a month).
      </p>
      <ShareReferral summary={data} />
      <dl className="detail-list referral-totals">
        <div>
          <dt>Friends waiting for their first order</dt>
          <dd data-referral-pending>{data.pending}</dd>
        </div>
        <div>
          <dt>Points earned by referring</dt>
          <dd data-referral-earned>{data.earnedPoints}</dd>
        </div>
      </dl>
      {data.friends.length > 0 && (
        <>
          <h3>Your friends</h3>
          <ul className="referral-friends">
            {data.friends.map((friend) => (
              <li key={`${friend.name}-${friend.joinedAt}`}>
                <span>{friend.name}</span>
                <span className="muted">joined {formatDateTime(friend.joinedAt)}</span>
                <span className={`pill ${friend.status === 'rewarded' ? 'pill-success' : ''}`}>
                  {STATUS_WORDS[friend.status] ?? friend.status}
                  {friend.points > 0 && ` · +${friend.points} points`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default function ReferAndEarnPage() {
  const { user } = useSession();
  return (
    <StaticPage title="Refer & Earn" lead="Bring your squad to Z Store and earn together.">
      {user ? (
        <MyReferrals userid={user.userid} />
      ) : (
        <p className="notice">
          <Link to="/login">Sign in</Link> to get your referral code and link.
        </p>
      )}
      <h2>How it works</h2>
      <ol className="steps">
        <li>Share your link or code with your friends and gaming groups.</li>
        <li>They create an account through your link.</li>
        <li>
          When their first order (of the minimum amount or more) completes, you both earn reward
          points.
        </li>
        <li>
          Redeem points for Z-Coins from the wallet (1 point = 1 rupee) and spend them on packs.
        </li>
      </ol>
      <h2>Good to know</h2>
      <ul>
        <li>Every completed purchase also earns its buyer reward points worth 1% of the amount.</li>
        <li>A friend counts once, and only for a new account of their own.</li>
        <li>
          Referral rewards are limited each month; cancelled or abusive referrals earn nothing.
        </li>
        <li>Points are credited once an order is Completed.</li>
      </ul>
      <div className="row">
        <Link to="/wallet" className="btn btn-primary">
          View my points
        </Link>
        {!user && (
          <Link to="/register" className="btn btn-secondary">
            Create Account
          </Link>
        )}
      </div>
    </StaticPage>
  );
}
