import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useSession } from '@/auth/SessionContext';
import { Icon, type IconName } from '@/components/Icon';
import { supportChatLink } from '@/lib/support';
import { useFocusTrap } from '@/lib/useFocusTrap';
import { Logo } from './Logo';
import { useTheme } from './ThemeContext';
import { LanguageSwitch } from './LanguageSwitch';
import { useTranslation } from 'react-i18next';

interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
  onSignOut: () => void;
}

function DrawerLink({ to, icon, children }: { to: string; icon: IconName; children: ReactNode }) {
  return (
    <NavLink to={to} className="drawer-link">
      <Icon name={icon} /> {children}
    </NavLink>
  );
}

export function SideDrawer({ open, onClose, onSignOut }: SideDrawerProps) {
  const { user, isLoggedIn } = useSession();
  const { isDark, toggleTheme } = useTheme();
  const drawerRef = useFocusTrap<HTMLDivElement>(open);
  const { t } = useTranslation();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.body.style.overflow = '';
    };
  }, [open, onClose]);

  return (
    <div
      ref={drawerRef}
      className={`drawer-root${open ? ' is-open' : ''}`}
      role={open ? 'dialog' : undefined}
      aria-modal={open ? true : undefined}
      aria-label={open ? t('layout.mainMenu') : undefined}
      aria-hidden={!open}
      inert={!open}
      tabIndex={-1}
    >
      <div className="drawer-backdrop" aria-hidden="true" onClick={onClose} />
      {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions -- hears its links' clicks (Enter on a link is a click) to close the menu */}
      <nav
        className="drawer"
        aria-label={t('layout.mainMenu')}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a')) onClose();
        }}
      >
        <div className="drawer-head">
          <Logo />
          <button
            type="button"
            className="icon-btn"
            aria-label={t('layout.closeMenu')}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
        {user && (
          <div className="drawer-user">
            <span className="avatar">{user.name.charAt(0).toUpperCase()}</span>
            <div>
              <strong>{user.name}</strong>
              <div className="muted">{user.email}</div>
            </div>
          </div>
        )}
        <div className="drawer-links">
          <DrawerLink to="/home" icon="home">
            {t('layout.home')}
          </DrawerLink>
          <a className="drawer-link" href={supportChatLink(user)} target="_blank" rel="noreferrer">
            <Icon name="chat" /> {t('layout.contact')}
          </a>
          {!isLoggedIn && (
            <>
              <DrawerLink to="/login" icon="login">
                {t('layout.login')}
              </DrawerLink>
              <DrawerLink to="/register" icon="userPlus">
                {t('layout.createAccount')}
              </DrawerLink>
            </>
          )}
          {isLoggedIn && (
            <>
              <DrawerLink to="/orders" icon="receipt">
                {t('layout.orders')}
              </DrawerLink>
              <DrawerLink to="/dashboard" icon="grid">
                {t('layout.dashboard')}
              </DrawerLink>
            </>
          )}
          {user?.role === 'admin' && (
            <a className="drawer-link" href="/admin">
              <Icon name="admin" /> {t('layout.adminDashboard')}
            </a>
          )}
          <DrawerLink to="/privacypage" icon="shield">
            {t('layout.privacyPolicy')}
          </DrawerLink>
          <DrawerLink to="/refund-policy" icon="file">
            {t('layout.refundPolicy')}
          </DrawerLink>
          {isLoggedIn && (
            <button
              type="button"
              className="drawer-link"
              onClick={() => {
                onClose();
                onSignOut();
              }}
            >
              <Icon name="logout" /> {t('layout.signOut')}
            </button>
          )}
        </div>
        <button
          type="button"
          className="theme-toggle"
          role="switch"
          aria-checked={isDark}
          onClick={toggleTheme}
        >
          <span className="row">
            <Icon name={isDark ? 'moon' : 'sun'} />{' '}
            {isDark ? t('layout.darkMode') : t('layout.lightMode')}
          </span>
          <span className="switch" aria-hidden="true">
            <span className="switch-thumb" />
          </span>
        </button>
        <LanguageSwitch className="drawer-language" />
      </nav>
    </div>
  );
}
