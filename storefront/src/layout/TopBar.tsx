import { Link } from 'react-router';
import { useSession } from '@/auth/SessionContext';
import { Icon } from '@/components/Icon';
import { AvatarMenu } from './AvatarMenu';
import { Logo } from './Logo';
import { useTranslation } from 'react-i18next';

interface TopBarProps {
  onOpenDrawer: () => void;
  onSignOut: () => void;
}

export function TopBar({ onOpenDrawer, onSignOut }: TopBarProps) {
  const { user } = useSession();
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <div className="container topbar-inner">
        <div className="row">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('layout.openMenu')}
            data-shell-key="menu"
            onClick={onOpenDrawer}
          >
            <Icon name="menu" size={24} />
          </button>
          <Logo />
        </div>
        {user ? (
          <AvatarMenu user={user} onSignOut={onSignOut} />
        ) : (
          <Link to="/login" className="btn btn-primary btn-sm">
            {t('layout.login')}
          </Link>
        )}
      </div>
    </header>
  );
}
