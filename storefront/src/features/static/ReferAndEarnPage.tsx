import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { referralSummaryQuery } from '@/api/referrals';
import { useSession } from '@/auth/SessionContext';
import { ShareReferral } from '@/features/referrals/ShareReferral';
import { formatDateTime, formatRupees } from '@/lib/format';
import { StaticPage } from './StaticPage';
import '@/features/referrals/referrals.css';
import { useTranslation } from 'react-i18next';

const STATUS_WORDS = {
  pending: 'referrals.statusPending',
  rewarded: 'referrals.statusRewarded',
  refused: 'referrals.statusRefused',
  void: 'referrals.statusVoid',
} as const;

const statusKey = (status: string) =>
  Object.hasOwn(STATUS_WORDS, status) ? STATUS_WORDS[status as keyof typeof STATUS_WORDS] : null;

function MyReferrals({ userid }: { userid: number }) {
  const summary = useQuery(referralSummaryQuery(userid));
  const { t } = useTranslation();
  if (summary.isPending) return <div className="skeleton referral-skeleton" aria-hidden />;
  if (!summary.data) return <p className="form-error">{t('referrals.loadFailed')}</p>;
  const data = summary.data;
  return (
    <section className="referral-card" aria-labelledby="my-code">
      <h2 id="my-code">{t('referrals.yourCode')}</h2>
      <p className="referral-code" data-referral-code={data.code}>
        {data.code}
      </p>
      <p className="referral-link">
        <span className="muted">{t('referrals.yourLink')}</span>
        <span>{data.link}</span>
      </p>
      <p className="muted" data-referral-rules>
        {t('referrals.rules', {
          points: data.rewardPoints,
          minimum: formatRupees(data.minOrder),
          cap: data.monthlyCap,
        })}
      </p>
      <ShareReferral summary={data} />
      <dl className="detail-list referral-totals">
        <div>
          <dt>{t('referrals.pending')}</dt>
          <dd data-referral-pending>{data.pending}</dd>
        </div>
        <div>
          <dt>{t('referrals.earned')}</dt>
          <dd data-referral-earned>{data.earnedPoints}</dd>
        </div>
      </dl>
      {data.friends.length > 0 && (
        <>
          <h3>{t('referrals.yourFriends')}</h3>
          <ul className="referral-friends">
            {data.friends.map((friend) => (
              <li key={`${friend.name}-${friend.joinedAt}`}>
                <span>{friend.name}</span>
                <span className="muted">
                  {t('referrals.joined', { date: formatDateTime(friend.joinedAt) })}
                </span>
                <span className={`pill ${friend.status === 'rewarded' ? 'pill-success' : ''}`}>
                  {statusKey(friend.status) ? t(statusKey(friend.status)!) : friend.status}
                  {friend.points > 0 && t('referrals.plusPoints', { count: friend.points })}
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
  const { t } = useTranslation();
  return (
    <StaticPage title={t('referrals.title')} lead={t('referrals.lead')}>
      {user ? (
        <MyReferrals userid={user.userid} />
      ) : (
        <p className="notice">
          <Link to="/login">{t('referrals.signIn')}</Link>
          {t('referrals.signInRest')}
        </p>
      )}
      <h2>{t('referrals.howItWorks')}</h2>
      <ol className="steps">
        {t('referrals.steps', { returnObjects: true }).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h2>{t('referrals.goodToKnow')}</h2>
      <ul>
        {t('referrals.notes', { returnObjects: true }).map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      <div className="row">
        <Link to="/wallet" className="btn btn-primary">
          {t('referrals.viewPoints')}
        </Link>
        {!user && (
          <Link to="/register" className="btn btn-secondary">
            {t('referrals.createAccount')}
          </Link>
        )}
      </div>
    </StaticPage>
  );
}
