import { NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from '@/components/Icon';
import { useTranslation } from 'react-i18next';

const HIDDEN_ON = ['/login', '/register', '/walletconfirmation', '/confirmation'];

const TABS = [
  { to: '/wallet', label: 'layout.tabWallet', icon: 'wallet' },
  { to: '/dashboard', label: 'layout.tabDashboard', icon: 'grid' },
  { to: '/home', label: 'layout.tabHome', icon: 'home' },
  { to: '/orders', label: 'layout.tabOrder', icon: 'receipt' },
  { to: '/contact', label: 'layout.tabSupport', icon: 'headset' },
] as const satisfies { to: string; label: string; icon: IconName }[];

export function shouldShowBottomBar(pathname: string): boolean {
  return !HIDDEN_ON.includes(pathname) && !pathname.startsWith('/product/');
}

export function BottomBar() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  if (!shouldShowBottomBar(pathname)) return null;
  const isHome = pathname === '/' || pathname === '/home';

  return (
    <nav className="bottombar" aria-label={t('layout.quickLinks')}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            `bottombar-tab${isActive || (tab.to === '/home' && isHome) ? ' is-active' : ''}${
              tab.to === '/home' ? ' is-center' : ''
            }`
          }
        >
          <span className="bottombar-icon">
            <Icon name={tab.icon} size={22} />
          </span>
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
