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

const MENU: { to: string; label: string; icon: IconName; hint: string }[] = [
  { to: '/orders', label: 'Orders', icon: 'receipt', hint: 'Track and verify your orders' },
  { to: '/wallet', label: 'Wallet', icon: 'wallet', hint: 'Z-Coins, points and top-ups' },
  {
    to: '/referandearn',
    label: 'Refer & Earn',
    icon: 'gift',
    hint: 'Invite friends, earn rewards',
  },
];

export default function DashboardPage() {
  const { user } = useSession();
  const signOutTo = useSignOut();
  if (!user) return null;

  const logout = () => signOutTo('/login');

  return (
    <div className="container page page-medium dashboard">
      <h1 className="page-title">Dashboard</h1>
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
            <strong>Bulk orders</strong>
            <span className="muted">Upload a CSV of up to 1,000 orders</span>
          </span>
          <Icon name="chevronRight" />
        </Link>
      )}
      {user.role === 'reseller' && <ApiCallbacks userid={user.userid} />}
      <ReferralCard userid={user.userid} />
      <nav className="card dashboard-menu" aria-label="Account">
        {MENU.map((entry) => (
          <Link key={entry.to} to={entry.to} className="menu-row">
            <span className="menu-icon">
              <Icon name={entry.icon} />
            </span>
            <span className="menu-text">
              <strong>{entry.label}</strong>
              <span className="muted">{entry.hint}</span>
            </span>
            <Icon name="chevronRight" />
          </Link>
        ))}
        <button type="button" className="menu-row menu-row-danger" onClick={logout}>
          <span className="menu-icon">
            <Icon name="logout" />
          </span>
          <span className="menu-text">
            <strong>Logout</strong>
            <span className="muted">Sign out of this device</span>
          </span>
        </button>
      </nav>
    </div>
  );
}
