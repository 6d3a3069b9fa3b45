import { Link } from 'react-router';
import { useSession } from '@/auth/SessionContext';
import { useSignOut } from '@/auth/useSignOut';
import { Icon, type IconName } from '@/components/Icon';
import { ApiCallbacks } from './ApiCallbacks';
import { ApiKeys } from './ApiKeys';
import { OrdersOverview } from './OrdersOverview';
import { ProfileCard } from './ProfileCard';
import { ReferralCard } from '@/features/referrals/ReferralCard';
import { SavedPlayers } from './SavedPlayers';
import { WhatsAppCard } from './WhatsAppCard';
import './dashboard.css';
import { useTranslation } from 'react-i18next';

const MENU = [
  {
    to: '/orders',
    label: 'dashboard.menuOrders',
    icon: 'receipt',
    hint: 'dashboard.menuOrdersHint',
  },
  {
    to: '/wallet',
    label: 'dashboard.menuWallet',
    icon: 'wallet',
    hint: 'dashboard.menuWalletHint',
  },
  {
    to: '/referandearn',
    label: 'dashboard.menuRefer',
    icon: 'gift',
    hint: 'dashboard.menuReferHint',
  },
] as const satisfies { to: string; label: string; icon: IconName; hint: string }[];

export default function DashboardPage() {
  const { user } = useSession();
  const signOutTo = useSignOut();
  const { t } = useTranslation();
  if (!user) return null;

  const logout = () => signOutTo('/login');

  return (
    <div className="container page page-medium dashboard">
      <h1 className="page-title">{t('dashboard.title')}</h1>
      <ProfileCard user={user} />
      <OrdersOverview userid={user.userid} />
      <SavedPlayers userid={user.userid} />
      <WhatsAppCard userid={user.userid} />
      {user.role === 'reseller' && <ApiKeys userid={user.userid} />}
      {user.role === 'reseller' && (
        <Link to="/dashboard/bulk-orders" className="card menu-row">
          <span className="menu-icon">
            <Icon name="receipt" />
          </span>
          <span className="menu-text">
            <strong>{t('dashboard.bulkOrders')}</strong>
            <span className="muted">{t('dashboard.bulkHint')}</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
      )}
      {user.role === 'reseller' && <ApiCallbacks userid={user.userid} />}
      <ReferralCard userid={user.userid} />
      <nav className="card dashboard-menu" aria-label={t('dashboard.account')}>
        {MENU.map((entry) => (
          <Link key={entry.to} to={entry.to} className="menu-row">
            <span className="menu-icon">
              <Icon name={entry.icon} />
            </span>
            <span className="menu-text">
              <strong>{t(entry.label)}</strong>
              <span className="muted">{t(entry.hint)}</span>
            </span>
            <Icon name="chevronRight" />
          </Link>
        ))}
        <button type="button" className="menu-row menu-row-danger" onClick={logout}>
          <span className="menu-icon">
            <Icon name="logout" />
          </span>
          <span className="menu-text">
            <strong>{t('dashboard.logout')}</strong>
            <span className="muted">{t('dashboard.logoutHint')}</span>
          </span>
        </button>
      </nav>
    </div>
  );
}
