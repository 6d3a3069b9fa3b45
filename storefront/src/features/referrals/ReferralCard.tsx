import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { referralSummaryQuery } from '@/api/referrals';
import { ShareReferral } from './ShareReferral';
import './referrals.css';

/** The dashboard's Refer & Earn card: the code, sharing, and how many friends joined. */
export function ReferralCard({ userid }: { userid: number }) {
  const summary = useQuery(referralSummaryQuery(userid));
  if (!summary.data) return null;
  const { code, friends, earnedPoints } = summary.data;
  return (
    <section className="card referral-dashboard" aria-labelledby="refer-card-title">
      <div className="row-between">
        <h2 id="refer-card-title">Refer &amp; Earn</h2>
        <Link to="/referandearn">Details</Link>
      </div>
      <p>
        Your code <strong data-dashboard-referral-code>{code}</strong> · {friends.length}{' '}
        {friends.length === 1 ? 'friend' : 'friends'} joined · {earnedPoints} points earned
      </p>
      <ShareReferral summary={summary.data} />
    </section>
  );
}
