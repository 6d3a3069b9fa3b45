import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { referralSummaryQuery } from '@/api/referrals';
import { ShareReferral } from './ShareReferral';
import './referrals.css';
import { Trans, useTranslation } from 'react-i18next';

/** The dashboard's Refer & Earn card: the code, sharing, and how many friends joined. */
export function ReferralCard({ userid }: { userid: number }) {
  const summary = useQuery(referralSummaryQuery(userid));
  const { t } = useTranslation();
  if (!summary.data) return null;
  const { code, friends, earnedPoints } = summary.data;
  return (
    <section className="card referral-dashboard" aria-labelledby="refer-card-title">
      <div className="row-between">
        <h2 id="refer-card-title">{t('referrals.title')}</h2>
        <Link to="/referandearn">{t('referrals.details')}</Link>
      </div>
      <p>
        <Trans
          i18nKey="referrals.cardLine"
          count={friends.length}
          values={{ points: earnedPoints }}
          components={{ code: <strong data-dashboard-referral-code>{code}</strong> }}
        />
      </p>
      <ShareReferral summary={summary.data} />
    </section>
  );
}
