import { NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from '@/components/Icon';

const HIDDEN_ON = ['/login', '/register', '/walletconfirmation', '/confirmation'];

const TABS: { to: string; label: string; icon: IconName }[] = [
  { to: '/wallet', label: 'Wallet', icon: 'wallet' },
  { to: '/dashboard', label: 'Dashboard', icon: 'grid' },
  { to: '/home', label: 'Home', icon: 'home' },
  { to: '/orders', label: 'Order', icon: 'receipt' },
  { to: '/contact', label: 'Support', icon: 'headset' },
];

export function shouldShowBottomBar(pathname: string): boolean {
  return !HIDDEN_ON.includes(pathname) && !pathname.startsWith('/product/');
}

export function BottomBar() {
  const { pathname } = useLocation();
  if (!shouldShowBottomBar(pathname)) return null;
  const isHome = pathname === '/' || pathname === '/home';

  return (
    <nav className="bottombar" aria-label="Quick links">
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
          <span>{tab.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
